import { type Kysely, sql } from 'kysely';

// Money out (issue 23's files and payees, issue 25's four eyes; DOMAIN.md "Buckets and payment files",
// "Payment run" step 6, "Four-eyes on money out", "Dates and time zones").
// - Payment files: many per bucket, organization, currency and format (payments added later go into a new
//   file), the first download recorded. A downloaded file is what the bank got: triggers refuse to rewrite
//   or delete it and to take a payment out of it, so no payment is ever in two downloaded files.
// - The payee frozen on each payment when it is created; existing payments take their current payee.
// - Who verified a payment's invoice and who published a bucket (four eyes).
// - The organization's time zone and its four-eyes setting. Existing organizations keep today's behaviour
//   (`four_eyes` false): switching it on silently would block the pay-outs of a team that works alone
//   mid-month; new organizations get it on from the API and the form.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payment_files
      DROP CONSTRAINT payment_files_key,
      ADD COLUMN message_id text,
      ADD COLUMN downloaded_at timestamptz,
      ADD COLUMN downloaded_by_id bigint REFERENCES users(id) ON DELETE SET NULL;
    CREATE INDEX payment_files_bucket_idx ON payment_files (payment_bucket_id);

    CREATE FUNCTION remit_payment_file_sent() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'payment file % was downloaded: it is never deleted', OLD.id USING ERRCODE = '23514', CONSTRAINT = 'payment_files_sent';
      END IF;
      IF NEW.storage_key IS DISTINCT FROM OLD.storage_key OR NEW.digest IS DISTINCT FROM OLD.digest OR NEW.downloaded_at IS DISTINCT FROM OLD.downloaded_at THEN
        RAISE EXCEPTION 'payment file % was downloaded: it is never rewritten', OLD.id USING ERRCODE = '23514', CONSTRAINT = 'payment_files_sent';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER payment_files_sent BEFORE UPDATE OR DELETE ON payment_files
      FOR EACH ROW WHEN (OLD.downloaded_at IS NOT NULL) EXECUTE FUNCTION remit_payment_file_sent();

    CREATE FUNCTION remit_payment_in_sent_file() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM payment_files f WHERE f.id = OLD.payment_file_id AND f.downloaded_at IS NOT NULL) THEN
        RAISE EXCEPTION 'payment % is in a downloaded payment file: it stays there', OLD.id USING ERRCODE = '23514', CONSTRAINT = 'payments_in_sent_file';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER payments_in_sent_file BEFORE UPDATE OF payment_file_id ON payments
      FOR EACH ROW WHEN (OLD.payment_file_id IS NOT NULL AND NEW.payment_file_id IS DISTINCT FROM OLD.payment_file_id) EXECUTE FUNCTION remit_payment_in_sent_file();

    ALTER TABLE payments
      ADD COLUMN payee_method_type text,
      ADD COLUMN payee_is_sepa boolean NOT NULL DEFAULT false,
      ADD COLUMN payee_account_holder text,
      ADD COLUMN payee_iban text,
      ADD COLUMN payee_bic text,
      ADD COLUMN payee_account_number text,
      ADD COLUMN payee_bank_key text,
      ADD COLUMN payee_email text,
      ADD COLUMN payee_name text,
      ADD COLUMN payee_street text,
      ADD COLUMN payee_street_number text,
      ADD COLUMN payee_postal_code text,
      ADD COLUMN payee_city text,
      ADD COLUMN payee_country_code text,
      ADD COLUMN verified_by_id bigint REFERENCES users(id) ON DELETE SET NULL;

    CREATE TABLE payment_bucket_publishers (
      payment_bucket_id  bigint NOT NULL REFERENCES payment_buckets(id) ON DELETE CASCADE,
      user_id            bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      PRIMARY KEY (payment_bucket_id, user_id)
    );

    ALTER TABLE organizations
      ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Berlin' CHECK (time_zone ~ '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$' AND length(time_zone) <= 64),
      ADD COLUMN four_eyes boolean NOT NULL DEFAULT false;
  `.execute(db);
  // Existing payments: the payee they would be paid to today (what the files read until now).
  await sql`
    UPDATE payments p SET
      payee_method_type = x.method_type, payee_is_sepa = x.is_sepa, payee_account_holder = x.account_holder, payee_iban = x.iban, payee_bic = x.bic,
      payee_account_number = x.account_number, payee_bank_key = x.bank_key, payee_email = x.email, payee_name = x.name, payee_street = x.street,
      payee_street_number = x.street_number, payee_postal_code = x.postal_code, payee_city = x.city, payee_country_code = x.country_code
    FROM (
      SELECT p2.id, CASE WHEN m.type = 'alternative_payee' THEN s.type ELSE m.type END AS method_type,
        coalesce(CASE WHEN m.type = 'alternative_payee' THEN s.is_sepa ELSE m.is_sepa END, false) AS is_sepa,
        CASE WHEN m.type = 'alternative_payee' THEN s.account_holder ELSE m.account_holder END AS account_holder,
        CASE WHEN m.type = 'alternative_payee' THEN s.iban ELSE m.iban END AS iban,
        CASE WHEN m.type = 'alternative_payee' THEN s.bic ELSE m.bic END AS bic,
        CASE WHEN m.type = 'alternative_payee' THEN s.account_number ELSE m.account_number END AS account_number,
        b.bank_key, CASE WHEN m.type = 'alternative_payee' THEN s.email ELSE m.email END AS email,
        payee.name, a.street, a.street_number, a.postal_code, a.city, a.country_code
      FROM payments p2
      JOIN contract_vendors cv ON cv.id = p2.contract_vendor_id
      LEFT JOIN vendor_payment_methods m ON m.id = cv.vendor_payment_method_id
      LEFT JOIN vendor_payment_methods s ON s.id = m.source_payment_method_id
      LEFT JOIN banks b ON b.id = CASE WHEN m.type = 'alternative_payee' THEN s.bank_id ELSE m.bank_id END
      JOIN vendors payee ON payee.id = CASE WHEN m.type = 'alternative_payee' THEN s.vendor_id ELSE p2.vendor_id END
      LEFT JOIN vendor_addresses a ON a.vendor_id = payee.id
    ) x
    WHERE p.id = x.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organizations DROP COLUMN time_zone, DROP COLUMN four_eyes;
    DROP TABLE payment_bucket_publishers;
    DROP TRIGGER payments_in_sent_file ON payments;
    DROP FUNCTION remit_payment_in_sent_file();
    ALTER TABLE payments
      DROP COLUMN payee_method_type, DROP COLUMN payee_is_sepa, DROP COLUMN payee_account_holder, DROP COLUMN payee_iban, DROP COLUMN payee_bic,
      DROP COLUMN payee_account_number, DROP COLUMN payee_bank_key, DROP COLUMN payee_email, DROP COLUMN payee_name, DROP COLUMN payee_street,
      DROP COLUMN payee_street_number, DROP COLUMN payee_postal_code, DROP COLUMN payee_city, DROP COLUMN payee_country_code, DROP COLUMN verified_by_id;
    DROP TRIGGER payment_files_sent ON payment_files;
    DROP FUNCTION remit_payment_file_sent();
    DROP INDEX payment_files_bucket_idx;
    ALTER TABLE payment_files DROP COLUMN message_id, DROP COLUMN downloaded_at, DROP COLUMN downloaded_by_id,
      ADD CONSTRAINT payment_files_key UNIQUE (payment_bucket_id, organization_id, currency, format);
  `.execute(db);
}
