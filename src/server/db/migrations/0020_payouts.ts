import { type Kysely, sql } from 'kysely';

// Payouts (issue 14; spec 3 sections 3.3, 3.5, 5.2, 5.3, DOMAIN.md "Revenue import", "Allocation", "Payouts").
// Revenue rows are bulk-loaded with COPY (millions per file) and rewritten by allocation's UPDATE .. FROM,
// so they carry no foreign keys and only the two indexes every later step needs (per file for delete, per
// payout and type for allocation and the totals): each index or FK trigger is paid once per copied row,
// and the channel id is deliberately not indexed (the allocation update got 3-3.6x slower with it).
// Their integrity is the import's: one transaction per file that first locks the file's row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payouts (
      id                       bigserial PRIMARY KEY,
      month                    date NOT NULL CHECK (extract(day FROM month) = 1),
      label                    text CHECK (label IS NULL OR btrim(label) <> ''),
      payout_types             text[] NOT NULL CHECK (cardinality(payout_types) >= 1 AND payout_types <@ ARRAY['adsense', 'direct']),
      -- Types whose allocation ran (5.2: disabled in the dialog); delete revenues takes them out again.
      allocated_revenue_types  text[] NOT NULL DEFAULT '{}',
      created_at               timestamptz NOT NULL DEFAULT now(),
      updated_at               timestamptz NOT NULL DEFAULT now(),
      lock_version             integer NOT NULL DEFAULT 0
    );
    CREATE INDEX payouts_month_idx ON payouts (month, id);
    CREATE INDEX payouts_created_at_idx ON payouts (created_at, id);

    CREATE TABLE payout_files (
      id                bigserial PRIMARY KEY,
      payout_id         bigint NOT NULL REFERENCES payouts(id) ON DELETE CASCADE,
      name              text NOT NULL CHECK (btrim(name) <> ''),
      extension         text NOT NULL CHECK (extension IN ('csv', 'gz', 'zip')),
      size              bigint NOT NULL CHECK (size >= 0),
      version           text,
      report_name       text NOT NULL,
      -- null: metadata (asset summaries) whose revenue is not counted again.
      revenue_type      text,
      content_owner_id  bigint REFERENCES content_owners(id),
      file_key          text NOT NULL,
      digest            text NOT NULL,
      imported_at       timestamptz,
      last_error        text,
      rows_count        bigint,
      created_at        timestamptz NOT NULL DEFAULT now(),
      updated_at        timestamptz NOT NULL DEFAULT now(),
      lock_version      integer NOT NULL DEFAULT 0,
      CONSTRAINT payout_files_payout_name_key UNIQUE (payout_id, name),
      CONSTRAINT payout_files_imported_or_failed CHECK (imported_at IS NULL OR last_error IS NULL)
    );
    CREATE INDEX payout_files_content_owner_idx ON payout_files (content_owner_id);

    -- One row per report line of a revenue file. asset_labels: the report's labels joined by '|'.
    CREATE TABLE payout_revenues (
      id                 bigserial PRIMARY KEY,
      payout_id          bigint NOT NULL,
      payout_file_id     bigint NOT NULL,
      content_owner_id   bigint,
      revenue_type       text NOT NULL,
      day                date,
      country            text,
      video_id           text,
      channel_id         text,
      asset_id           text,
      asset_type         text,
      asset_channel_id   text,
      asset_labels       text,
      custom_id          text,
      revenue            numeric(24,10) NOT NULL,
      currency           text NOT NULL DEFAULT 'USD',
      revenue_source_id  bigint,
      -- The mapping rule that placed the row, or 'manual'.
      allocated_by       text
    );
    CREATE INDEX payout_revenues_file_idx ON payout_revenues (payout_file_id);
    CREATE INDEX payout_revenues_payout_type_idx ON payout_revenues (payout_id, revenue_type);

    -- Asset metadata of the summaries: the labels, channel and type allocation reads for claim rows.
    CREATE TABLE payout_assets (
      id                 bigserial PRIMARY KEY,
      payout_id          bigint NOT NULL,
      payout_file_id     bigint NOT NULL,
      content_owner_id   bigint,
      asset_id           text NOT NULL,
      asset_type         text,
      asset_channel_id   text,
      asset_labels       text,
      custom_id          text
    );
    CREATE INDEX payout_assets_file_idx ON payout_assets (payout_file_id);
    CREATE INDEX payout_assets_payout_asset_idx ON payout_assets (payout_id, asset_id);

    ALTER TABLE currency_rates ADD CONSTRAINT currency_rates_payout_fkey FOREIGN KEY (payout_id) REFERENCES payouts(id) ON DELETE CASCADE;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE currency_rates DROP CONSTRAINT currency_rates_payout_fkey;
    DROP TABLE payout_assets, payout_revenues, payout_files, payouts;
  `.execute(db);
}
