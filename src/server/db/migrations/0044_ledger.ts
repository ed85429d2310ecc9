import { type Kysely, sql } from 'kysely';

// The ledger of vendor balances (issue 23; DOMAIN.md "Payment run: earnings, balances and payments").
// - `balance_entries`: every cent a contract vendor earns, is paid, is reversed or gets back, one row
//   each; a balance is the sum of its entries. The run's earnings are unique per payout and contract
//   vendor (a retry writes none twice); the entries a payment makes are unique per payment, kind and
//   contract vendor. A payment or an advance takes a balance down, never up or by nothing (NOT VALID: the
//   backfilled entries of the zero and negative payments the old run made stay, every new row is checked).
// - `minimum_payout` on organizations, vendors and contract vendors: a balance below it carries.
// - A payment's line item may be what was carried ("brought forward from" a month) instead of revenue.
// - The backfill gives today's payments the entries the old model implies: each payment earned and
//   paid its amount, a cancelled unpaid one and its replacement count as the replacement alone, a
//   reversal (which sat in `new`, waiting for a pay-out that could not come) becomes a receivable and is
//   settled (paid_out) by netting from now on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organizations ADD COLUMN minimum_payout numeric CHECK (minimum_payout >= 0.01);
    ALTER TABLE vendors ADD COLUMN minimum_payout numeric CHECK (minimum_payout >= 0.01);
    ALTER TABLE contract_vendors ADD COLUMN minimum_payout numeric CHECK (minimum_payout >= 0.01);

    CREATE TABLE balance_entries (
      id                  bigserial PRIMARY KEY,
      contract_vendor_id  bigint NOT NULL REFERENCES contract_vendors(id),
      vendor_id           bigint NOT NULL REFERENCES vendors(id),
      currency            text NOT NULL,
      kind                text NOT NULL CHECK (kind IN ('earning', 'payment', 'reversal', 'cancellation', 'advance')),
      amount              numeric NOT NULL,
      -- The run's earnings name their payout; entries a payment makes name it (deleted with it).
      payout_id           bigint REFERENCES payouts(id) ON DELETE CASCADE,
      payment_id          bigint REFERENCES payments(id) ON DELETE CASCADE,
      month               date NOT NULL,
      description         text NOT NULL DEFAULT '',
      created_at          timestamptz NOT NULL DEFAULT clock_timestamp(),
      created_by          bigint REFERENCES users(id) ON DELETE SET NULL,
      CONSTRAINT balance_entries_source CHECK (payout_id IS NOT NULL OR payment_id IS NOT NULL)
    );
    CREATE UNIQUE INDEX balance_entries_run_key ON balance_entries (payout_id, contract_vendor_id) WHERE kind = 'earning' AND payment_id IS NULL;
    CREATE UNIQUE INDEX balance_entries_payment_key ON balance_entries (payment_id, kind, contract_vendor_id) WHERE payment_id IS NOT NULL;
    CREATE INDEX balance_entries_contract_vendor_idx ON balance_entries (contract_vendor_id, id) INCLUDE (amount);
    CREATE INDEX balance_entries_vendor_idx ON balance_entries (vendor_id, id);

    ALTER TABLE payment_line_items ALTER COLUMN revenue_source_id DROP NOT NULL, ALTER COLUMN share_type DROP NOT NULL;
    ALTER TABLE payment_line_items ADD COLUMN brought_forward_from date;
    ALTER TABLE payment_line_items ADD CONSTRAINT payment_line_items_what CHECK (
      (revenue_source_id IS NOT NULL AND share_type IS NOT NULL AND brought_forward_from IS NULL)
      OR (revenue_source_id IS NULL AND share_type IS NULL AND brought_forward_from IS NOT NULL));
    CREATE UNIQUE INDEX payment_line_items_carried_key ON payment_line_items (payment_id) WHERE brought_forward_from IS NOT NULL;

    -- Backfill: a payment that was neither cancelled before it was paid nor a reversal earned and paid its amount.
    INSERT INTO balance_entries (contract_vendor_id, vendor_id, currency, kind, amount, payment_id, month, description, created_at)
    SELECT p.contract_vendor_id, p.vendor_id, p.currency, k.kind, k.sign * p.amount, p.id, p.start_date, 'before the ledger', p.created_at
    FROM payments p
    CROSS JOIN (VALUES ('earning', 1), ('payment', -1)) AS k(kind, sign)
    WHERE p.type <> 'reversal'
      AND (p.state <> 'cancelled' OR EXISTS (SELECT 1 FROM payments r WHERE r.cancelled_payment_id = p.id AND r.type = 'reversal'))
    -- Each earning just before its payment: a payment pays the entries since the one before it.
    ORDER BY p.created_at, p.id, k.sign DESC;
    -- A reversal is a receivable on the cancelled payment's contract vendor, settled by netting.
    INSERT INTO balance_entries (contract_vendor_id, vendor_id, currency, kind, amount, payment_id, month, description, created_at)
    SELECT p.contract_vendor_id, p.vendor_id, p.currency, 'reversal', p.amount, p.id, p.start_date, 'before the ledger', p.created_at
    FROM payments p WHERE p.type = 'reversal' ORDER BY p.created_at, p.id;
    UPDATE payments SET state = 'paid_out', paid_at = created_at WHERE type = 'reversal' AND state = 'new';

    ALTER TABLE balance_entries ADD CONSTRAINT balance_entries_sign CHECK (kind NOT IN ('payment', 'advance') OR amount < 0) NOT VALID;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM payment_line_items WHERE brought_forward_from IS NOT NULL;
    ALTER TABLE payment_line_items DROP CONSTRAINT payment_line_items_what, DROP COLUMN brought_forward_from;
    ALTER TABLE payment_line_items ALTER COLUMN revenue_source_id SET NOT NULL, ALTER COLUMN share_type SET NOT NULL;
    DROP TABLE balance_entries;
    ALTER TABLE contract_vendors DROP COLUMN minimum_payout;
    ALTER TABLE vendors DROP COLUMN minimum_payout;
    ALTER TABLE organizations DROP COLUMN minimum_payout;
  `.execute(db);
}
