import { sql } from 'kysely';
import type { Db } from './connection.js';

/**
 * Tables whose writes no cached answer reads: a session's minute-wise touch and the job workers'
 * heartbeat would otherwise empty every process's answer cache all the time.
 */
export const UNWATCHED_TABLES = ['sessions', 'job_workers', 'kysely_migration', 'kysely_migration_lock'] as const;

/** Lock key that keeps two processes starting at once from creating the same trigger together. */
const LOCK_KEY = 7_420_031;

/**
 * Gives every table of the public schema (but `UNWATCHED_TABLES`) the statement-level trigger that
 * announces its writes (migration 0031): run after every migration, so no table can miss it.
 */
export async function ensureChangeTriggers(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const { rows } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> ALL(${[...UNWATCHED_TABLES]}::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'remit_notify_change')
      ORDER BY 1`.execute(trx);
    for (const { name } of rows) {
      await sql`CREATE TRIGGER remit_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(name)}
        FOR EACH STATEMENT EXECUTE FUNCTION remit_notify_change()`.execute(trx);
    }
  });
}
