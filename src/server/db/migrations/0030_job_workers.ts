import { type Kysely, sql } from 'kysely';

// Each process that works jobs keeps a row here and touches it every few seconds; a job's link names the
// process working it. A job whose process stopped touching its row (killed, crashed, its machine gone)
// is handed back to pg-boss for its retry at once, instead of when its expiry (up to an hour) passes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE job_workers (
      id          uuid PRIMARY KEY,
      started_at  timestamptz NOT NULL DEFAULT now(),
      seen_at     timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE job_links ADD COLUMN worker_id uuid;
    CREATE INDEX job_links_worker_idx ON job_links (worker_id) WHERE worker_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX job_links_worker_idx;
    ALTER TABLE job_links DROP COLUMN worker_id;
    DROP TABLE job_workers;
  `.execute(db);
}
