import { type Kysely, sql } from 'kysely';

// Jobs keep their state, progress and last error beside the entity they belong to; an idempotency key
// sends a job at most once. Jobs of no entity (a mail, a scheduled clean-up) have a link too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE job_links
      ALTER COLUMN entity_type DROP NOT NULL,
      ALTER COLUMN entity_id DROP NOT NULL,
      ADD COLUMN state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'active', 'completed', 'failed')),
      ADD COLUMN idempotency_key text,
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN progress_done integer,
      ADD COLUMN progress_total integer,
      ADD COLUMN progress_message text,
      ADD COLUMN last_error text,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    UPDATE job_links SET state = 'completed' WHERE finished_at IS NOT NULL;
    CREATE UNIQUE INDEX job_links_idempotency_key ON job_links (name, idempotency_key) WHERE idempotency_key IS NOT NULL;
    DROP INDEX job_links_entity_idx;
    CREATE INDEX job_links_pending_idx ON job_links (entity_type, entity_id) WHERE state IN ('queued', 'active');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX job_links_pending_idx;
    DROP INDEX job_links_idempotency_key;
    DELETE FROM job_links WHERE entity_type IS NULL;
    ALTER TABLE job_links
      DROP COLUMN state, DROP COLUMN idempotency_key, DROP COLUMN attempts, DROP COLUMN progress_done,
      DROP COLUMN progress_total, DROP COLUMN progress_message, DROP COLUMN last_error, DROP COLUMN updated_at,
      ALTER COLUMN entity_type SET NOT NULL,
      ALTER COLUMN entity_id SET NOT NULL;
    CREATE INDEX job_links_entity_idx ON job_links (entity_type, entity_id) WHERE finished_at IS NULL;
  `.execute(db);
}
