import { type Kysely, sql } from 'kysely';

// Lists at scale (issue 9, item 7): `(column, id)` indexes that serve the default sorts with their id
// tie-break without sorting, trigram indexes so `q` and text filters (`ILIKE '%x%'`) on the large
// tables use an index instead of a scan, and the session's last activity for the idle timeout.
// pg_trgm ships with PostgreSQL and is a trusted extension (no superuser needed since PostgreSQL 13).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE INDEX banks_name_id_idx ON banks (name, id);
    CREATE INDEX banks_search_trgm_idx ON banks USING gin (name gin_trgm_ops, bic gin_trgm_ops, bank_key gin_trgm_ops, city gin_trgm_ops);
    CREATE INDEX organizations_name_id_idx ON organizations (name, id);
    CREATE INDEX organizations_search_trgm_idx ON organizations USING gin (name gin_trgm_ops, number gin_trgm_ops, city gin_trgm_ops);
    CREATE INDEX users_email_id_idx ON users (email, id);
    CREATE INDEX users_search_trgm_idx ON users USING gin (email gin_trgm_ops, first_name gin_trgm_ops, last_name gin_trgm_ops);
    CREATE INDEX content_owners_display_name_id_idx ON content_owners (display_name, id);
    CREATE INDEX content_owners_search_trgm_idx ON content_owners
      USING gin (content_owner_id gin_trgm_ops, display_name gin_trgm_ops, report_filename_part gin_trgm_ops);
    CREATE INDEX tags_name_id_idx ON tags (name, id);

    ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessions DROP COLUMN last_seen_at;
    DROP INDEX tags_name_id_idx, content_owners_search_trgm_idx, content_owners_display_name_id_idx, users_search_trgm_idx,
      users_email_id_idx, organizations_search_trgm_idx, organizations_name_id_idx, banks_search_trgm_idx, banks_name_id_idx;
  `.execute(db);
}
