import { type Kysely, sql } from 'kysely';

// Payment buckets (issue 16; spec 3 sections 3.2, 4.3, DOMAIN.md "Buckets and payment files"): a named group
// of payments across payouts, published (credit notes) and exported (payment files, migration 0023) as a whole.
// A bucket is deleted only while empty, so the payments' foreign key restricts.
// The credit note of a self-billing payment is written once by publish: its stored file and when it was
// published; a re-run sees the key and makes no second note.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_buckets (
      id            bigserial PRIMARY KEY,
      name          text NOT NULL CHECK (btrim(name) <> ''),
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now(),
      lock_version  integer NOT NULL DEFAULT 0
    );
    CREATE INDEX payment_buckets_name_idx ON payment_buckets (name, id);
    CREATE INDEX payment_buckets_created_at_idx ON payment_buckets (created_at, id);

    ALTER TABLE payments
      ADD CONSTRAINT payments_payment_bucket_fkey FOREIGN KEY (payment_bucket_id) REFERENCES payment_buckets(id),
      ADD COLUMN credit_note_key text,
      ADD COLUMN published_at timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments DROP CONSTRAINT payments_payment_bucket_fkey, DROP COLUMN credit_note_key, DROP COLUMN published_at;
    DROP TABLE payment_buckets;
  `.execute(db);
}
