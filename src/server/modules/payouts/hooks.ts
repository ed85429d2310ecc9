import type { Db } from '../../db/connection.js';

/**
 * Whether a payout has payments. Payments come with their own area, which registers its check here;
 * until then no payout has any. Once one does, the payout cannot be deleted, its rates are locked and
 * its allocation cannot be undone (DOMAIN "Allocation", "Payouts").
 */
type PaymentsCheck = (db: Db, payoutIds: readonly number[]) => Promise<Set<number>>;

const checks: PaymentsCheck[] = [];

export function registerPayoutPaymentsCheck(check: PaymentsCheck): void {
  checks.push(check);
}

/** The payouts among `ids` that have payments, in one query per registered check. */
export async function payoutsWithPayments(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  if (ids.length === 0) return found;
  for (const check of checks) for (const id of await check(db, ids)) found.add(id);
  return found;
}
