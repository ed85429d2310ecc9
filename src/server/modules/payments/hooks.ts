import { registerPayoutPaymentsCheck } from '../payouts/hooks.js';
import './tables.js';

// Once a payout has payments it cannot be deleted, its rates are locked and its allocation stays
// (DOMAIN "Allocation", "Payouts"): the payouts area asks this check. Registered on import, so both the
// web process and a workers-only process (which import the module list) see it.
registerPayoutPaymentsCheck(async (db, payoutIds) => {
  const rows = await db.selectFrom('payments').select('payout_id').distinct().where('payout_id', 'in', payoutIds).execute();
  return new Set(rows.map((r) => Number(r.payout_id)));
});
