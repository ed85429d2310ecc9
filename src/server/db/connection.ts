import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { CUSTOM_PLANS, prepareStatements } from './prepared.js';
import type { Database } from './schema.js';

// NUMERIC (1700) stays a string so money is never a float; int8 (20) counts fit in a number.
pg.types.setTypeParser(1700, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));
// DATE (1082) stays 'yyyy-MM-dd': a calendar date has no time zone.
pg.types.setTypeParser(1082, (v) => v);

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();

export function createDb(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, options: CUSTOM_PLANS });
  pool.on('connect', prepareStatements);
  pool.on('error', () => {
    /* idle client errors (e.g. server restart) are surfaced by the next query */
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return { db, pool };
}

/**
 * The pool under a `Db`, for what Kysely cannot speak: `COPY FROM STDIN` needs the pg client itself
 * (report imports). One connection of the same pool, so the pool's limit still holds.
 */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('no pool for this database handle');
  return pool;
}

