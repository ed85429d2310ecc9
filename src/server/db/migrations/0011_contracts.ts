import { type Kysely, sql } from 'kysely';

// Contracts (issue 13; spec 2 sections 3-5, DOMAIN.md "Contracts"): the contract with its vendors (and
// the contact emails each gets mail at), revenue shares, revenue sources and documents; amendments and
// termination requests with their parts. A contract's lists are saved as a whole, so entries may swap
// values (two vendors, two share types): uniqueness is checked at commit (DEFERRABLE). The constraints
// repeat the shared validation, so no write path can store a share above 100 or a formula without its params.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE contracts (
      id                         bigserial PRIMARY KEY,
      organization_id            bigint NOT NULL REFERENCES organizations(id),
      contract_type              text NOT NULL CHECK (contract_type IN ('adsense', 'drm', 'exclusive_artist')),
      currency                   text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      start_date                 date NOT NULL,
      end_date                   date CHECK (end_date > start_date),
      termination_possible_from  date CHECK (termination_possible_from > start_date),
      termination_period_months  integer NOT NULL DEFAULT 3 CHECK (termination_period_months >= 1),
      terminated_on              date,
      state                      text NOT NULL DEFAULT 'draft' CHECK (state IN
        ('draft', 'approval_pending', 'signing_pending', 'rejected', 'signing_cancelled', 'signed', 'terminated', 'cancelled')),
      state_comment              text,
      template_name              text CHECK (btrim(template_name) <> ''),
      primary_signer_email       text,
      secondary_signer_email     text,
      credit_note_type           text NOT NULL CHECK (credit_note_type IN ('short', 'detailed')),
      report_templates           text[] NOT NULL DEFAULT '{}'
        CHECK (report_templates <@ ARRAY['standard', 'premium', 'pro_aa', 'pro_fm', 'pro_pr', 'pro_sp']::text[]),
      signed_at                  timestamptz,
      -- DOMAIN.md: the active range, empty until signed; stored so the list sorts and payouts select by index.
      active_from                date GENERATED ALWAYS AS (CASE WHEN state IN ('signed', 'terminated') THEN start_date END) STORED,
      active_to                  date GENERATED ALWAYS AS (CASE WHEN state IN ('signed', 'terminated') THEN coalesce(terminated_on, end_date) END) STORED,
      created_at                 timestamptz NOT NULL DEFAULT now(),
      updated_at                 timestamptz NOT NULL DEFAULT now(),
      lock_version               integer NOT NULL DEFAULT 0,
      CONSTRAINT contracts_signers_distinct CHECK (lower(primary_signer_email) <> lower(secondary_signer_email))
    );
    CREATE INDEX contracts_created_at_id_idx ON contracts (created_at, id);
    CREATE INDEX contracts_organization_idx ON contracts (organization_id, id);
    CREATE INDEX contracts_state_idx ON contracts (state, id);
    CREATE INDEX contracts_active_from_idx ON contracts (active_from NULLS FIRST, id);
    CREATE INDEX contracts_active_to_idx ON contracts (active_to NULLS FIRST, id);

    CREATE TABLE contract_vendors (
      id                        bigserial PRIMARY KEY,
      contract_id               bigint NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
      vendor_id                 bigint NOT NULL REFERENCES vendors(id),
      -- A removed payment method leaves the contract vendor without one (the vendor area refuses it while in use).
      vendor_payment_method_id  bigint REFERENCES vendor_payment_methods(id) ON DELETE SET NULL,
      share_percentage          numeric(7,4) NOT NULL CHECK (share_percentage >= 0 AND share_percentage <= 100),
      payout_on_hold            boolean NOT NULL DEFAULT false,
      payout_on_hold_reason     text,
      payout_on_hold_at         timestamptz,
      position                  integer NOT NULL DEFAULT 0,
      created_at                timestamptz NOT NULL DEFAULT now(),
      updated_at                timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT contract_vendors_vendor_key UNIQUE (contract_id, vendor_id) DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT contract_vendors_hold_reason CHECK (NOT payout_on_hold OR btrim(payout_on_hold_reason) <> '')
    );
    CREATE INDEX contract_vendors_contract_idx ON contract_vendors (contract_id, position);
    CREATE INDEX contract_vendors_vendor_idx ON contract_vendors (vendor_id);
    CREATE INDEX contract_vendors_method_idx ON contract_vendors (vendor_payment_method_id) WHERE vendor_payment_method_id IS NOT NULL;
    CREATE INDEX contract_vendors_on_hold_idx ON contract_vendors (contract_id) WHERE payout_on_hold;

    CREATE TABLE contract_vendor_contact_emails (
      contract_vendor_id       bigint NOT NULL REFERENCES contract_vendors(id) ON DELETE CASCADE,
      vendor_contact_email_id  bigint NOT NULL REFERENCES vendor_contact_emails(id) ON DELETE CASCADE,
      PRIMARY KEY (contract_vendor_id, vendor_contact_email_id)
    );
    CREATE INDEX contract_vendor_contact_emails_email_idx ON contract_vendor_contact_emails (vendor_contact_email_id);

    CREATE TABLE contract_revenue_shares (
      id            bigserial PRIMARY KEY,
      contract_id   bigint NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
      type          text NOT NULL CHECK (type IN ('all', 'direct', 'indirect', 'red', 'ecommerce', 'shorts')),
      formula       text NOT NULL CHECK (formula IN ('rev_share', 'fixed_income', 'cap')),
      rev_share     numeric(7,4) CHECK (rev_share >= 0 AND rev_share <= 100),
      baseline      numeric(14,2) CHECK (baseline >= 0),
      fixed_income  numeric(14,2) CHECK (fixed_income >= 0),
      threshold     numeric(14,2) CHECK (threshold >= 0),
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT contract_revenue_shares_type_key UNIQUE (contract_id, type) DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT contract_revenue_shares_params CHECK (CASE formula
        WHEN 'rev_share' THEN rev_share IS NOT NULL AND baseline IS NOT NULL AND fixed_income IS NULL AND threshold IS NULL
        WHEN 'fixed_income' THEN fixed_income IS NOT NULL AND rev_share IS NULL AND baseline IS NULL AND threshold IS NULL
        ELSE rev_share IS NOT NULL AND threshold IS NOT NULL AND baseline IS NULL AND fixed_income IS NULL END)
    );
    CREATE INDEX contract_revenue_shares_contract_idx ON contract_revenue_shares (contract_id, id);

    -- A source used by a contract cannot be deleted (revenue sources register that check).
    CREATE TABLE contract_revenue_sources (
      contract_id        bigint NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
      revenue_source_id  bigint NOT NULL REFERENCES revenue_sources(id),
      PRIMARY KEY (contract_id, revenue_source_id)
    );
    CREATE INDEX contract_revenue_sources_source_idx ON contract_revenue_sources (revenue_source_id, contract_id);

    CREATE TABLE contract_amendments (
      id                      bigserial PRIMARY KEY,
      contract_id             bigint NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
      number                  integer NOT NULL CHECK (number >= 1),
      state                   text NOT NULL DEFAULT 'draft' CHECK (state IN
        ('draft', 'approval_pending', 'signing_pending', 'rejected', 'signed', 'applied', 'signing_cancelled')),
      state_comment           text,
      apply_on                date,
      primary_signer_email    text,
      secondary_signer_email  text,
      change_revenue_shares   boolean NOT NULL DEFAULT false,
      change_revenue_sources  boolean NOT NULL DEFAULT false,
      applied_at              timestamptz,
      created_at              timestamptz NOT NULL DEFAULT now(),
      updated_at              timestamptz NOT NULL DEFAULT now(),
      lock_version            integer NOT NULL DEFAULT 0,
      CONSTRAINT contract_amendments_number_key UNIQUE (contract_id, number)
    );

    CREATE TABLE contract_amendment_vendors (
      id                        bigserial PRIMARY KEY,
      contract_amendment_id     bigint NOT NULL REFERENCES contract_amendments(id) ON DELETE CASCADE,
      vendor_id                 bigint NOT NULL REFERENCES vendors(id),
      vendor_payment_method_id  bigint REFERENCES vendor_payment_methods(id) ON DELETE SET NULL,
      CONSTRAINT contract_amendment_vendors_vendor_key UNIQUE (contract_amendment_id, vendor_id) DEFERRABLE INITIALLY DEFERRED
    );

    CREATE TABLE contract_amendment_revenue_shares (
      id                     bigserial PRIMARY KEY,
      contract_amendment_id  bigint NOT NULL REFERENCES contract_amendments(id) ON DELETE CASCADE,
      type                   text NOT NULL CHECK (type IN ('all', 'direct', 'indirect', 'red', 'ecommerce', 'shorts')),
      formula                text NOT NULL CHECK (formula IN ('rev_share', 'fixed_income', 'cap')),
      rev_share              numeric(7,4) CHECK (rev_share >= 0 AND rev_share <= 100),
      baseline               numeric(14,2) CHECK (baseline >= 0),
      fixed_income           numeric(14,2) CHECK (fixed_income >= 0),
      threshold              numeric(14,2) CHECK (threshold >= 0),
      CONSTRAINT contract_amendment_revenue_shares_type_key UNIQUE (contract_amendment_id, type) DEFERRABLE INITIALLY DEFERRED
    );

    CREATE TABLE contract_amendment_revenue_sources (
      contract_amendment_id  bigint NOT NULL REFERENCES contract_amendments(id) ON DELETE CASCADE,
      revenue_source_id      bigint NOT NULL REFERENCES revenue_sources(id),
      PRIMARY KEY (contract_amendment_id, revenue_source_id)
    );
    CREATE INDEX contract_amendment_revenue_sources_source_idx ON contract_amendment_revenue_sources (revenue_source_id);

    CREATE TABLE contract_termination_requests (
      id                  bigserial PRIMARY KEY,
      contract_id         bigint NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
      state               text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
      state_comment       text,
      terminate_on        date NOT NULL,
      termination_reason  text NOT NULL CHECK (btrim(termination_reason) <> ''),
      created_at          timestamptz NOT NULL DEFAULT now(),
      updated_at          timestamptz NOT NULL DEFAULT now(),
      lock_version        integer NOT NULL DEFAULT 0
    );
    -- One open request per contract (DOMAIN.md).
    CREATE UNIQUE INDEX contract_termination_requests_open_key ON contract_termination_requests (contract_id) WHERE state = 'pending';
    CREATE INDEX contract_termination_requests_contract_idx ON contract_termination_requests (contract_id, id);

    -- Documents (.pdf, .zip; .pdf for terminations): uploaded, generated from the template, or the signed copy.
    CREATE TABLE contract_documents (
      id                               bigserial PRIMARY KEY,
      contract_id                      bigint NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
      contract_amendment_id            bigint REFERENCES contract_amendments(id) ON DELETE CASCADE,
      contract_termination_request_id  bigint REFERENCES contract_termination_requests(id) ON DELETE CASCADE,
      kind                             text NOT NULL CHECK (kind IN ('uploaded', 'generated', 'signed')),
      file_key                         text NOT NULL,
      filename                         text NOT NULL,
      content_type                     text NOT NULL,
      digest                           text NOT NULL,
      created_at                       timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT contract_documents_one_owner CHECK (contract_amendment_id IS NULL OR contract_termination_request_id IS NULL)
    );
    CREATE INDEX contract_documents_contract_idx ON contract_documents (contract_id, id);
    CREATE INDEX contract_documents_amendment_idx ON contract_documents (contract_amendment_id) WHERE contract_amendment_id IS NOT NULL;
    CREATE INDEX contract_documents_termination_idx ON contract_documents (contract_termination_request_id) WHERE contract_termination_request_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM taggings WHERE taggable_type = 'Contract';
    DROP TABLE contract_documents, contract_termination_requests, contract_amendment_revenue_sources,
      contract_amendment_revenue_shares, contract_amendment_vendors, contract_amendments, contract_revenue_sources,
      contract_revenue_shares, contract_vendor_contact_emails, contract_vendors, contracts;
  `.execute(db);
}
