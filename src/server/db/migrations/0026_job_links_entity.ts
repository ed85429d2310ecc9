import { type Kysely, sql } from 'kysely';

// A record's newest job, finished or not (`lastFailures`: what a bucket's page says went wrong). The pending
// index of 0005 covers only queued and active jobs.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX job_links_entity_newest_idx ON job_links (entity_type, entity_id, created_at DESC) WHERE entity_type IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX job_links_entity_newest_idx`.execute(db);
}
