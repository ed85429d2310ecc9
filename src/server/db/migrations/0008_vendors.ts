import { type Kysely, sql } from 'kysely';

// Vendors (issue 11; spec 2 sections 3-5, DOMAIN.md "Vendors"): the vendor, its address and tax info
// (one each), contacts with their emails, phone numbers, skype and facebook accounts, payment methods,
// referenced vendors, confirmation documents. A vendor's lists are saved as a whole, so entries may
// swap values (two emails their signing flag): those rules are checked at commit (DEFERRABLE).
// The constraints repeat the rules of the shared validation, so no write path can store a broken vendor.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vendors (
      id                  bigserial PRIMARY KEY,
      organization_id     bigint NOT NULL REFERENCES organizations(id),
      number              integer NOT NULL CHECK (number BETWEEN 1 AND 999999),
      name                text NOT NULL CHECK (btrim(name) <> ''),
      type                text NOT NULL CHECK (type IN ('person', 'company')),
      source              text NOT NULL DEFAULT 'network' CHECK (source IN ('network', 'external', 'internal')),
      language            text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de', 'es', 'fr', 'it', 'nl')),
      state               text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'confirmed')),
      inactive            boolean NOT NULL DEFAULT false,
      account_manager_id  bigint REFERENCES users(id) ON DELETE SET NULL,
      valid_from          date,
      -- The pending change request: {created_at, agreement_status, valid_from, changes, proposed}; null when none.
      change_request      jsonb,
      confirmed_at        timestamptz,
      created_at          timestamptz NOT NULL DEFAULT now(),
      updated_at          timestamptz NOT NULL DEFAULT now(),
      lock_version        integer NOT NULL DEFAULT 0,
      CONSTRAINT vendors_number_key UNIQUE (organization_id, number),
      CONSTRAINT vendors_change_request_confirmed CHECK (change_request IS NULL OR state = 'confirmed')
    );
    CREATE INDEX vendors_name_id_idx ON vendors (name, id);
    CREATE INDEX vendors_created_at_id_idx ON vendors (created_at, id);
    CREATE INDEX vendors_organization_idx ON vendors (organization_id, number);
    CREATE INDEX vendors_account_manager_idx ON vendors (account_manager_id) WHERE account_manager_id IS NOT NULL;
    -- The confirmation-pending tab: new vendors and those with a pending change request.
    CREATE INDEX vendors_confirmation_pending_idx ON vendors (id) WHERE state = 'new' OR change_request IS NOT NULL;
    CREATE INDEX vendors_search_trgm_idx ON vendors USING gin (name gin_trgm_ops, (number::text) gin_trgm_ops);

    CREATE TABLE vendor_addresses (
      id             bigserial PRIMARY KEY,
      vendor_id      bigint NOT NULL UNIQUE REFERENCES vendors(id) ON DELETE CASCADE,
      country_code   text CHECK (country_code ~ '^[A-Z]{2}$'),
      postal_code    text,
      state          text,
      city           text,
      street         text,
      street_number  text,
      floor          text,
      apartment      text,
      post_box       text,
      care_of        text,
      created_at     timestamptz NOT NULL DEFAULT now(),
      updated_at     timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX vendor_addresses_country_idx ON vendor_addresses (country_code, vendor_id);

    CREATE TABLE vendor_tax_infos (
      id                          bigserial PRIMARY KEY,
      vendor_id                   bigint NOT NULL UNIQUE REFERENCES vendors(id) ON DELETE CASCADE,
      eu_tax_id                   text,
      de_regional_tax_number      text,
      de_country_tax_number       text CHECK (de_country_tax_number ~ '^[1-9][0-9]{10}$'),
      de_tax_number_region        text CHECK (de_tax_number_region ~ '^DE-[A-Z]{2}$'),
      nl_kvk                      text CHECK (nl_kvk ~ '^[0-9]{8}$'),
      es_cif                      text CHECK (es_cif ~ '^[ABCDEFGHJNPQRSUVW][0-9]{8}$'),
      es_nif                      text,
      it_iva                      text CHECK (it_iva ~ '^[0-9]{11}$'),
      it_fiscal_code              text,
      it_wht_reason               text,
      it_regime                   text CHECK (it_regime IN ('dei_minimi', 'forfettario', 'ordinario', 'iva_per_cassa', 'altro')),
      fr_tva                      text CHECK (fr_tva ~ '^[0-9]{11}$'),
      fr_siret                    text CHECK (fr_siret ~ '^[0-9]{14}$'),
      other_tax_id                text,
      vat_percentage              numeric(7,4) CHECK (vat_percentage >= 0 AND vat_percentage < 100),
      withholding_tax_percentage  numeric(7,4) NOT NULL DEFAULT 0 CHECK (withholding_tax_percentage >= 0 AND withholding_tax_percentage < 100),
      self_billing_allowed        boolean NOT NULL DEFAULT false,
      is_natural_person           boolean NOT NULL DEFAULT false,
      is_personally_liable        boolean,
      legal_form                  text,
      created_at                  timestamptz NOT NULL DEFAULT now(),
      updated_at                  timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT vendor_tax_infos_region_complete CHECK ((de_regional_tax_number IS NULL) = (de_tax_number_region IS NULL))
    );

    CREATE TABLE vendor_contacts (
      id             bigserial PRIMARY KEY,
      vendor_id      bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
      first_name     text NOT NULL CHECK (btrim(first_name) <> ''),
      last_name      text NOT NULL CHECK (btrim(last_name) <> ''),
      nickname       text,
      date_of_birth  date,
      position       integer NOT NULL DEFAULT 0,
      created_at     timestamptz NOT NULL DEFAULT now(),
      updated_at     timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX vendor_contacts_vendor_idx ON vendor_contacts (vendor_id, position);

    -- vendor_id repeats the contact's, so an address is unique across all contacts of a vendor.
    -- Portal access (a later issue) hangs off can_access_portal: portal_user_id, the confirmation
    -- token's digest and when it was sent; portal_confirmation is derived from them.
    CREATE TABLE vendor_contact_emails (
      id                        bigserial PRIMARY KEY,
      vendor_contact_id         bigint NOT NULL REFERENCES vendor_contacts(id) ON DELETE CASCADE,
      vendor_id                 bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
      email                     text NOT NULL CHECK (email ~ '^[^[:space:]@]+@[^[:space:]@]+\\.[^[:space:]@]+$'),
      email_key                 text GENERATED ALWAYS AS (lower(email)) STORED,
      label                     text,
      can_access_portal         boolean NOT NULL DEFAULT false,
      can_sign                  boolean NOT NULL DEFAULT false,
      portal_user_id            bigint,
      is_confirmed              boolean NOT NULL DEFAULT false,
      confirmation_sent_at      timestamptz,
      confirmation_token_digest text,
      position                  integer NOT NULL DEFAULT 0,
      created_at                timestamptz NOT NULL DEFAULT now(),
      updated_at                timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT vendor_contact_emails_unique_key UNIQUE (vendor_id, email_key) DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT vendor_contact_emails_one_signing EXCLUDE USING btree (vendor_contact_id WITH =) WHERE (can_sign) DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT vendor_contact_emails_one_portal EXCLUDE USING btree (vendor_contact_id WITH =) WHERE (can_access_portal) DEFERRABLE INITIALLY DEFERRED
    );
    CREATE INDEX vendor_contact_emails_contact_idx ON vendor_contact_emails (vendor_contact_id, position);
    CREATE INDEX vendor_contact_emails_search_trgm_idx ON vendor_contact_emails USING gin (email gin_trgm_ops);

    CREATE TABLE vendor_contact_phone_numbers (
      id                 bigserial PRIMARY KEY,
      vendor_contact_id  bigint NOT NULL REFERENCES vendor_contacts(id) ON DELETE CASCADE,
      country_code       text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
      number             text NOT NULL CHECK (btrim(number) <> ''),
      label              text,
      position           integer NOT NULL DEFAULT 0,
      created_at         timestamptz NOT NULL DEFAULT now(),
      updated_at         timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX vendor_contact_phone_numbers_contact_idx ON vendor_contact_phone_numbers (vendor_contact_id, position);

    CREATE TABLE vendor_contact_skype_accounts (
      id                 bigserial PRIMARY KEY,
      vendor_contact_id  bigint NOT NULL REFERENCES vendor_contacts(id) ON DELETE CASCADE,
      login              text NOT NULL CHECK (btrim(login) <> ''),
      position           integer NOT NULL DEFAULT 0,
      created_at         timestamptz NOT NULL DEFAULT now(),
      updated_at         timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT vendor_contact_skype_accounts_key UNIQUE (vendor_contact_id, login) DEFERRABLE INITIALLY DEFERRED
    );

    CREATE TABLE vendor_contact_facebook_accounts (
      id                 bigserial PRIMARY KEY,
      vendor_contact_id  bigint NOT NULL REFERENCES vendor_contacts(id) ON DELETE CASCADE,
      profile            text NOT NULL CHECK (btrim(profile) <> ''),
      position           integer NOT NULL DEFAULT 0,
      created_at         timestamptz NOT NULL DEFAULT now(),
      updated_at         timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT vendor_contact_facebook_accounts_key UNIQUE (vendor_contact_id, profile) DEFERRABLE INITIALLY DEFERRED
    );

    -- One table for the four types; the checks say which fields each type needs. An alternative payee
    -- points at another vendor's bank method, which then cannot be removed (RESTRICT).
    CREATE TABLE vendor_payment_methods (
      id                        bigserial PRIMARY KEY,
      vendor_id                 bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
      type                      text NOT NULL CHECK (type IN ('bank', 'paypal', 'alternative_payee', 'no_account')),
      account_holder            text,
      is_sepa                   boolean NOT NULL DEFAULT false,
      iban                      text CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
      bic                       text CHECK (bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
      account_number            text,
      bank_id                   bigint REFERENCES banks(id),
      sap_partner_type          text,
      email                     text,
      source_payment_method_id  bigint REFERENCES vendor_payment_methods(id),
      position                  integer NOT NULL DEFAULT 0,
      created_at                timestamptz NOT NULL DEFAULT now(),
      updated_at                timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT vendor_payment_methods_bank_complete CHECK (type <> 'bank' OR (account_holder IS NOT NULL AND
        CASE WHEN is_sepa THEN iban IS NOT NULL ELSE account_number IS NOT NULL AND bank_id IS NOT NULL END)),
      CONSTRAINT vendor_payment_methods_paypal_complete CHECK (type <> 'paypal' OR (account_holder IS NOT NULL AND email IS NOT NULL)),
      CONSTRAINT vendor_payment_methods_payee_complete CHECK ((type = 'alternative_payee') = (source_payment_method_id IS NOT NULL)),
      CONSTRAINT vendor_payment_methods_iban_key EXCLUDE USING btree (vendor_id WITH =, iban WITH =)
        WHERE (type = 'bank' AND iban IS NOT NULL) DEFERRABLE INITIALLY DEFERRED
    );
    CREATE INDEX vendor_payment_methods_vendor_idx ON vendor_payment_methods (vendor_id, position);
    CREATE INDEX vendor_payment_methods_source_idx ON vendor_payment_methods (source_payment_method_id) WHERE source_payment_method_id IS NOT NULL;
    CREATE INDEX vendor_payment_methods_bank_idx ON vendor_payment_methods (bank_id) WHERE bank_id IS NOT NULL;

    CREATE TABLE vendor_referenced_vendors (
      vendor_id             bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
      referenced_vendor_id  bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
      PRIMARY KEY (vendor_id, referenced_vendor_id),
      CHECK (vendor_id <> referenced_vendor_id)
    );
    CREATE INDEX vendor_referenced_vendors_referenced_idx ON vendor_referenced_vendors (referenced_vendor_id);

    -- Confirmation documents (pdf): the signed agreement to the master data at an audit version.
    CREATE TABLE vendor_documents (
      id             bigserial PRIMARY KEY,
      vendor_id      bigint NOT NULL REFERENCES vendors(id) ON DELETE CASCADE,
      file_key       text NOT NULL,
      content_type   text NOT NULL,
      digest         text NOT NULL,
      audit_version  integer NOT NULL,
      created_at     timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX vendor_documents_vendor_idx ON vendor_documents (vendor_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM taggings WHERE taggable_type = 'Vendor';
    DROP TABLE vendor_documents, vendor_referenced_vendors, vendor_payment_methods, vendor_contact_facebook_accounts,
      vendor_contact_skype_accounts, vendor_contact_phone_numbers, vendor_contact_emails, vendor_contacts,
      vendor_tax_infos, vendor_addresses, vendors;
  `.execute(db);
}
