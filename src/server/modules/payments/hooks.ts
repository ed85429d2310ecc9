import { sql } from 'kysely';
import { registerPayoutPaymentsCheck } from '../payouts/hooks.js';
import './tables.js';

// Once a payout has payments it cannot be deleted, its rates are locked and its allocation stays
// (DOMAIN "Allocation", "Payouts"): the payouts area asks this check. Registered on import, so both the
// web process and a workers-only process (which import the module list) see it.
// A payout whose run earned only carried balances (no payment reached its minimum) counts as run too.
registerPayoutPaymentsCheck(async (db, payoutIds) => {
  const { rows } = await sql<{ payout_id: number }>`
    SELECT payout_id FROM payments WHERE payout_id = ANY(${[...payoutIds]}::bigint[])
    UNION SELECT payout_id FROM balance_entries WHERE payout_id = ANY(${[...payoutIds]}::bigint[]) AND kind = 'earning'`.execute(db);
  return new Set(rows.map((r) => Number(r.payout_id)));
});
