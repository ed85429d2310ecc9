import { type Kysely, sql } from 'kysely';

// YouTube content owners (CMS accounts): revenue reports name them, allocation reads their rules.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE content_owners (
      id                                      bigserial PRIMARY KEY,
      content_owner_id                        text NOT NULL UNIQUE,
      display_name                            text NOT NULL,
      own                                     boolean NOT NULL DEFAULT false,
      internal_country                        text,
      report_filename_part                    text NOT NULL,
      use_direct_earnings_from_yt_reports     boolean NOT NULL DEFAULT false,
      conflict_notification_email             text,
      dispute_notification_emails             text[] NOT NULL DEFAULT '{}',
      fingerprint_report_notification_emails  text[] NOT NULL DEFAULT '{}',
      primary_notification_emails             text[] NOT NULL DEFAULT '{}',
      earnings_mapping_rules                  jsonb NOT NULL DEFAULT '[]',
      fetch_stats                             boolean NOT NULL DEFAULT false,
      sync_whitelisted_channels               boolean NOT NULL DEFAULT false,
      active                                  boolean NOT NULL DEFAULT true,
      created_at                              timestamptz NOT NULL DEFAULT now(),
      updated_at                              timestamptz NOT NULL DEFAULT now(),
      lock_version                            integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX content_owners_report_filename_part_key ON content_owners (lower(report_filename_part));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE content_owners`.execute(db);
}
