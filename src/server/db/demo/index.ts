import { sql } from 'kysely';
import type { Storage } from '../../lib/storage.js';
import type { Db } from '../connection.js';
import { seeds } from './seeds.js';

/** What a seed may use besides the database: file storage, for seeds that store documents (absent in some tests: then they store none). */
export interface DemoEnv {
  storage?: Storage;
}

export interface DemoSeed {
  /** Stable name: a seed runs once per database. */
  name: string;
  run(db: Db, env?: DemoEnv): Promise<void>;
}

/**
 * Loads the demo data set. On a fresh database every seed runs; on a database that already holds demo
 * data, seeds added by newer areas run once. A database without demo data never gets any.
 */
export async function loadDemoData(db: Db, opts: { freshDatabase: boolean; storage?: Storage }, list: readonly DemoSeed[] = seeds): Promise<string[]> {
  // Under a lock on one connection: two processes starting at once (web and workers) load the data
  // once. Each seed commits on its own, so one that fails is tried again at the next start.
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(hashtext('remit:demo-data'))`.execute(conn);
    try {
      const applied = await sql<{ name: string }>`SELECT name FROM demo_seeds`.execute(conn);
      if (!opts.freshDatabase && applied.rows.length === 0) return [];
      const done = new Set(applied.rows.map((r) => r.name));
      const ran: string[] = [];
      for (const seed of list) {
        if (done.has(seed.name)) continue;
        await conn.transaction().execute(async (trx) => {
          await seed.run(trx, { storage: opts.storage });
          await sql`INSERT INTO demo_seeds (name) VALUES (${seed.name})`.execute(trx);
        });
        ran.push(seed.name);
      }
      return ran;
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('remit:demo-data'))`.execute(conn);
    }
  });
}
