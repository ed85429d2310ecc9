import { type Kysely, sql } from 'kysely';

// Advances (issue 23; DOMAIN.md "Payment run" step 8): a payment of type `advance` that no payout made
// (its `payout_id` is null, and only an advance's is), with the reason staff gave. Its ledger entry takes
// the balance below zero and later earnings recoup it. A payment other than a reversal is never zero or
// negative (NOT VALID: rows the old run made stay as they were, every new one is checked).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments DROP CONSTRAINT payments_type_check;
    ALTER TABLE payments ADD CONSTRAINT payments_type_check CHECK (type IN ('self_billing', 'invoice', 'reversal', 'advance'));
    ALTER TABLE payments ALTER COLUMN payout_id DROP NOT NULL;
    ALTER TABLE payments ADD COLUMN advance_reason text CHECK (length(advance_reason) <= 2000);
    ALTER TABLE payments ADD CONSTRAINT payments_advance CHECK (
      (type = 'advance') = (payout_id IS NULL) AND (type = 'advance') = (advance_reason IS NOT NULL));
    ALTER TABLE payments ADD CONSTRAINT payments_positive CHECK (type = 'reversal' OR amount > 0) NOT VALID;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM payments WHERE type = 'advance';
    ALTER TABLE payments DROP CONSTRAINT payments_positive, DROP CONSTRAINT payments_advance, DROP COLUMN advance_reason;
    ALTER TABLE payments ALTER COLUMN payout_id SET NOT NULL;
    ALTER TABLE payments DROP CONSTRAINT payments_type_check;
    ALTER TABLE payments ADD CONSTRAINT payments_type_check CHECK (type IN ('self_billing', 'invoice', 'reversal'));
  `.execute(db);
}
