import { type Kysely, sql } from 'kysely';

// The channel ids that imported revenue reports carried, per content owner (issue 12: the channel search also
// offers "channel ids seen in imported reports"). A search cannot scan millions of report rows, so each
// import adds its file's distinct channels here in one INSERT ... SELECT. Rows whose owner is unknown keep a
// NULL owner, which NULLS NOT DISTINCT (PostgreSQL 15+) keeps unique too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_channels (
      channel_id        text NOT NULL,
      content_owner_id  bigint REFERENCES content_owners(id) ON DELETE CASCADE,
      CONSTRAINT report_channels_key UNIQUE NULLS NOT DISTINCT (channel_id, content_owner_id)
    );
    INSERT INTO report_channels (channel_id, content_owner_id)
      SELECT DISTINCT r.channel_id, co.id
        FROM payout_revenues r LEFT JOIN content_owners co ON co.id = r.content_owner_id
       WHERE r.channel_id IS NOT NULL AND r.channel_id <> ''
      ON CONFLICT DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE report_channels`.execute(db);
}
