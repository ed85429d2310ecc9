import { type Kysely, sql } from 'kysely';

// Payments and their line items (issue 15; spec 3 section 3.1, DOMAIN.md "Payment run", "Payment lifecycle").
// Amounts NUMERIC(18,2) in the payment currency, percentages NUMERIC(7,4), rates NUMERIC(20,10), revenue
// NUMERIC(24,10) as reported. The run's exactly-once guarantee is the unique index on (payout, contract vendor,
// type) of the payments it creates; reversals and replacements (cancelled_payment_id set) stand outside it,
// since one contract vendor can be cancelled and replaced more than once in a payout.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE SEQUENCE payment_reference_seq;

    CREATE TABLE payments (
      id                    bigserial PRIMARY KEY,
      reference             text NOT NULL DEFAULT 'P' || lpad(nextval('payment_reference_seq')::text, 8, '0'),
      type                  text NOT NULL CHECK (type IN ('self_billing', 'invoice', 'reversal')),
      state                 text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'invoice_added', 'invoice_invalid', 'needs_correction',
                              'payout_pending', 'exported', 'paid_out', 'on_hold', 'incorrect', 'cancelled')),
      -- The state a pause left, for resume (DOMAIN lifecycle: back to the state it left).
      state_before_hold     text,
      payout_id             bigint NOT NULL REFERENCES payouts(id),
      organization_id       bigint NOT NULL REFERENCES organizations(id),
      contract_id           bigint NOT NULL REFERENCES contracts(id),
      contract_vendor_id    bigint NOT NULL REFERENCES contract_vendors(id),
      vendor_id             bigint NOT NULL REFERENCES vendors(id),
      -- Buckets come with their own area (no table yet).
      payment_bucket_id     bigint,
      cancelled_payment_id  bigint REFERENCES payments(id),
      revenue_types         text[] NOT NULL DEFAULT '{}',
      currency              text NOT NULL,
      currency_rate         numeric(20,10) NOT NULL CHECK (currency_rate > 0),
      reverse_charge        boolean NOT NULL DEFAULT false,
      credit_note_type      text,
      invoice_file_key      text,
      invoice_number        text,
      invoice_attached_at   timestamptz,
      start_date            date NOT NULL,
      end_date              date NOT NULL,
      due_date              date NOT NULL,
      paid_at               timestamptz,
      amount                numeric(18,2) NOT NULL,
      vat_percentage        numeric(7,4) NOT NULL DEFAULT 0 CHECK (vat_percentage >= 0 AND vat_percentage <= 100),
      vat_amount            numeric(18,2) NOT NULL DEFAULT 0,
      wht_percentage        numeric(7,4) NOT NULL DEFAULT 0 CHECK (wht_percentage >= 0 AND wht_percentage <= 100),
      wht_amount            numeric(18,2) NOT NULL DEFAULT 0,
      fee                   numeric(18,2) NOT NULL DEFAULT 0,
      total_amount          numeric(18,2) NOT NULL,
      created_at            timestamptz NOT NULL DEFAULT now(),
      updated_at            timestamptz NOT NULL DEFAULT now(),
      lock_version          integer NOT NULL DEFAULT 0,
      CONSTRAINT payments_reference_key UNIQUE (reference),
      CONSTRAINT payments_total CHECK (total_amount = amount + vat_amount - wht_amount - fee),
      CONSTRAINT payments_hold CHECK ((state = 'on_hold') = (state_before_hold IS NOT NULL)),
      CONSTRAINT payments_reversal CHECK (type <> 'reversal' OR cancelled_payment_id IS NOT NULL)
    );
    CREATE UNIQUE INDEX payments_run_key ON payments (payout_id, contract_vendor_id, type) WHERE cancelled_payment_id IS NULL;
    CREATE INDEX payments_contract_vendor_idx ON payments (contract_vendor_id);
    CREATE INDEX payments_contract_idx ON payments (contract_id);
    CREATE INDEX payments_vendor_idx ON payments (vendor_id);
    CREATE INDEX payments_organization_idx ON payments (organization_id);
    CREATE INDEX payments_state_idx ON payments (state, id);
    CREATE INDEX payments_created_at_idx ON payments (created_at, id);
    CREATE INDEX payments_cancelled_idx ON payments (cancelled_payment_id) WHERE cancelled_payment_id IS NOT NULL;
    CREATE INDEX payments_bucket_idx ON payments (payment_bucket_id) WHERE payment_bucket_id IS NOT NULL;

    -- One line per revenue source and share type of the payment (negated on a reversal).
    CREATE TABLE payment_line_items (
      id                          bigserial PRIMARY KEY,
      payment_id                  bigint NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
      revenue_source_id           bigint NOT NULL REFERENCES revenue_sources(id),
      contract_revenue_share_id   bigint REFERENCES contract_revenue_shares(id) ON DELETE SET NULL,
      share_type                  text NOT NULL CHECK (share_type IN ('all', 'direct', 'indirect', 'red', 'ecommerce', 'shorts')),
      -- The revenue types the line sums, joined by ',' in a stable order.
      revenue_type                text NOT NULL,
      external_id                 text,
      -- USD as reported, and converted to the payment currency (exact).
      revenue                     numeric(24,10) NOT NULL,
      revenue_final               numeric(30,10) NOT NULL,
      revenue_currency            text NOT NULL DEFAULT 'USD',
      -- The vendor's exact part before the one rounding, and the rounded amount.
      amount_raw                  numeric(30,10) NOT NULL,
      amount                      numeric(18,2) NOT NULL,
      CONSTRAINT payment_line_items_key UNIQUE (payment_id, revenue_source_id, share_type)
    );
    CREATE INDEX payment_line_items_source_idx ON payment_line_items (revenue_source_id);
    CREATE INDEX payment_line_items_share_idx ON payment_line_items (contract_revenue_share_id) WHERE contract_revenue_share_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE payment_line_items, payments;
    DROP SEQUENCE payment_reference_seq;
  `.execute(db);
}
