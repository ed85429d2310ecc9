import { type Kysely, sql } from 'kysely';

// Payment files and the organizations' debtor accounts (issue 16; spec 3 sections 3.2, 4.3; DOMAIN.md "Buckets
// and payment files").
// A debtor account is the organization's own account for a currency, the debtor of its payment files; the
// IBAN and BIC checks match the vendors' payment methods (0008).
// A payment file is one organization's payments of one currency in a bucket: a SEPA credit transfer
// (pain.001.001.09) or a CSV, in storage under `storage_key` with the SHA-256 of its content. The unique key
// keeps it one file per bucket, organization, currency and format (EUR may need a SEPA file and a CSV) however often or concurrently the files are made.
// A file's payments point at it while exported; deleting the file first returns them (RESTRICT).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organization_debtor_accounts (
      id               bigserial PRIMARY KEY,
      organization_id  bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      position         integer NOT NULL DEFAULT 0,
      currency         text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      iban             text NOT NULL CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
      bic              text CHECK (bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
      account_holder   text NOT NULL CHECK (btrim(account_holder) <> ''),
      created_at       timestamptz NOT NULL DEFAULT now(),
      -- Deferred: a save that swaps two rows' currencies is checked once it is done.
      CONSTRAINT organization_debtor_accounts_currency_key UNIQUE (organization_id, currency) DEFERRABLE INITIALLY DEFERRED
    );

    CREATE TABLE payment_files (
      id                 bigserial PRIMARY KEY,
      payment_bucket_id  bigint NOT NULL REFERENCES payment_buckets(id),
      organization_id    bigint NOT NULL REFERENCES organizations(id),
      currency           text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      format             text NOT NULL CHECK (format IN ('sepa', 'csv')),
      storage_key        text NOT NULL,
      digest             text NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$'),
      payments_count     integer NOT NULL CHECK (payments_count > 0),
      amount             numeric(18,2) NOT NULL,
      vat_amount         numeric(18,2) NOT NULL,
      wht_amount         numeric(18,2) NOT NULL,
      total_amount       numeric(18,2) NOT NULL,
      created_at         timestamptz NOT NULL DEFAULT now(),
      updated_at         timestamptz NOT NULL DEFAULT now(),
      lock_version       integer NOT NULL DEFAULT 0,
      CONSTRAINT payment_files_key UNIQUE (payment_bucket_id, organization_id, currency, format)
    );

    ALTER TABLE payments ADD COLUMN payment_file_id bigint REFERENCES payment_files(id);
    CREATE INDEX payments_payment_file_idx ON payments (payment_file_id) WHERE payment_file_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments DROP COLUMN payment_file_id;
    DROP TABLE payment_files, organization_debtor_accounts;
  `.execute(db);
}
