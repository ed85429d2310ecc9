import { type Kysely, sql } from 'kysely';

// "Revenue is counted once" (DOMAIN "Payment run" step 2, "Money, rates, rounding"):
// - a fixed income is paid once per contract share and calendar month, however many payouts the month
//   has: the run records each one here and the unique key refuses a second (the fixed incomes existing
//   payments paid are recorded, the earliest payout's);
// - a line item sums a source's revenue of one share in ONE reported currency (each converts with its own
//   pair), so its key includes the currency, and revenue is kept as exactly as the reports write it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE fixed_income_months (
      contract_id  bigint NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
      share_type   text NOT NULL,
      month        date NOT NULL CHECK (extract(day FROM month) = 1),
      payout_id    bigint NOT NULL REFERENCES payouts(id) ON DELETE CASCADE,
      CONSTRAINT fixed_income_months_key PRIMARY KEY (contract_id, share_type, month)
    );
    CREATE INDEX fixed_income_months_payout_idx ON fixed_income_months (payout_id);
    INSERT INTO fixed_income_months (contract_id, share_type, month, payout_id)
    SELECT DISTINCT ON (p.contract_id, l.share_type, pa.month) p.contract_id, l.share_type, pa.month, p.payout_id
    FROM payment_line_items l
    JOIN payments p ON p.id = l.payment_id
    JOIN payouts pa ON pa.id = p.payout_id
    JOIN contract_revenue_shares s ON s.id = l.contract_revenue_share_id
    WHERE s.formula = 'fixed_income' AND p.type <> 'reversal' AND p.cancelled_payment_id IS NULL AND p.contract_id IS NOT NULL
    ORDER BY p.contract_id, l.share_type, pa.month, p.payout_id;

    ALTER TABLE payment_line_items DROP CONSTRAINT payment_line_items_key;
    ALTER TABLE payment_line_items ADD CONSTRAINT payment_line_items_key UNIQUE (payment_id, revenue_source_id, share_type, revenue_currency);
    ALTER TABLE payment_line_items ALTER COLUMN revenue TYPE numeric, ALTER COLUMN revenue_final TYPE numeric;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payment_line_items DROP CONSTRAINT payment_line_items_key;
    ALTER TABLE payment_line_items ADD CONSTRAINT payment_line_items_key UNIQUE (payment_id, revenue_source_id, share_type);
    DROP TABLE fixed_income_months;
  `.execute(db);
}
