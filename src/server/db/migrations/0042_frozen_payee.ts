import { type Kysely, sql } from 'kysely';

// The frozen payee (issue 23, DOMAIN.md "Payment run" step 6): a payment is paid to the account it was
// made with, not to whatever the vendor's data says when the bank file is written.
// - `contract_vendor_payees`: the one definition of whom a contract vendor is paid to today (its payment
//   method, or for an `alternative_payee` the payee's bank method, and the owner of that account with
//   its address). The run joins it, "refresh payee" reads it, and the trigger below uses it.
// - A payment inserted without a payee gets the contract vendor's at that moment (a replacement, an
//   advance, a row written by hand): no path can leave a payment without one.
// - Payments made since migration 0034 by code that did not freeze yet take their current payee, which is
//   what the files read until now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE VIEW contract_vendor_payees AS
    SELECT cv.id AS contract_vendor_id,
      CASE WHEN m.type = 'alternative_payee' THEN s.type ELSE m.type END AS method_type,
      coalesce(CASE WHEN m.type = 'alternative_payee' THEN s.is_sepa ELSE m.is_sepa END, false) AS is_sepa,
      CASE WHEN m.type = 'alternative_payee' THEN s.account_holder ELSE m.account_holder END AS account_holder,
      CASE WHEN m.type = 'alternative_payee' THEN s.iban ELSE m.iban END AS iban,
      CASE WHEN m.type = 'alternative_payee' THEN s.bic ELSE m.bic END AS bic,
      CASE WHEN m.type = 'alternative_payee' THEN s.account_number ELSE m.account_number END AS account_number,
      b.bank_key,
      CASE WHEN m.type = 'alternative_payee' THEN s.email ELSE m.email END AS email,
      payee.name, a.street, a.street_number, a.postal_code, a.city, a.country_code
    FROM contract_vendors cv
    LEFT JOIN vendor_payment_methods m ON m.id = cv.vendor_payment_method_id
    LEFT JOIN vendor_payment_methods s ON s.id = m.source_payment_method_id
    LEFT JOIN banks b ON b.id = CASE WHEN m.type = 'alternative_payee' THEN s.bank_id ELSE m.bank_id END
    JOIN vendors payee ON payee.id = CASE WHEN m.type = 'alternative_payee' THEN s.vendor_id ELSE cv.vendor_id END
    LEFT JOIN vendor_addresses a ON a.vendor_id = payee.id;

    CREATE FUNCTION remit_payment_freeze_payee() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT x.method_type, x.is_sepa, x.account_holder, x.iban, x.bic, x.account_number, x.bank_key, x.email, x.name,
             x.street, x.street_number, x.postal_code, x.city, x.country_code
        INTO NEW.payee_method_type, NEW.payee_is_sepa, NEW.payee_account_holder, NEW.payee_iban, NEW.payee_bic, NEW.payee_account_number,
             NEW.payee_bank_key, NEW.payee_email, NEW.payee_name, NEW.payee_street, NEW.payee_street_number, NEW.payee_postal_code,
             NEW.payee_city, NEW.payee_country_code
        FROM contract_vendor_payees x WHERE x.contract_vendor_id = NEW.contract_vendor_id;
      NEW.payee_is_sepa := coalesce(NEW.payee_is_sepa, false);
      RETURN NEW;
    END $$;
    CREATE TRIGGER payments_freeze_payee BEFORE INSERT ON payments
      FOR EACH ROW WHEN (NEW.payee_name IS NULL) EXECUTE FUNCTION remit_payment_freeze_payee();

    UPDATE payments p SET
      payee_method_type = x.method_type, payee_is_sepa = x.is_sepa, payee_account_holder = x.account_holder, payee_iban = x.iban, payee_bic = x.bic,
      payee_account_number = x.account_number, payee_bank_key = x.bank_key, payee_email = x.email, payee_name = x.name, payee_street = x.street,
      payee_street_number = x.street_number, payee_postal_code = x.postal_code, payee_city = x.city, payee_country_code = x.country_code
    FROM contract_vendor_payees x
    WHERE x.contract_vendor_id = p.contract_vendor_id AND p.payee_name IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER payments_freeze_payee ON payments;
    DROP FUNCTION remit_payment_freeze_payee();
    DROP VIEW contract_vendor_payees;
  `.execute(db);
}
