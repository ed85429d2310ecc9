import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { ValidationFailed } from '../../http/errors.js';
import { unwrap, type WriteContext } from '../../http/resource.js';
import { amount, toDecimal } from '../../../shared/money.js';
import { audit } from '../audit/audit.js';
import type { PaymentAction } from './actions.js';
import { FLAG_ROLES, REVERSED_ON_CANCEL } from '../../../shared/payment-lifecycle.js';
import type { PaymentEntity } from './queries.js';
import { PAYEE_COLUMNS } from './payee.js';
import { contractVendorTerms, dueDate, insertCarriedLines, vendorPayment } from './run.js';
import { balancesOf, lockContractVendors, negated, type NewEntry, postEntries, reachesMinimum } from './ledger.js';

/** An entry of `GET /api/payments/{id}/contract_vendors_for_correction` (spec 3, 7.2). */
export interface CorrectionCandidate {
  id: number;
  contract: { id: number; active_from: string | null; active_to: string | null };
  vendor: { id: number; name: string };
}

/** More would not be a choice anyone makes in a dialog. */
const CANDIDATES_LIMIT = 500;

/**
 * Contract vendors a cancelled payment may be replaced by: of the payment's organization, on contracts in
 * the payment's currency whose active range covers the payment's period (its own contract's first). An
 * advance returns only to its own contract vendor.
 */
export async function correctionCandidates(db: Db, paymentId: number, onlyId?: number): Promise<CorrectionCandidate[]> {
  const { rows } = await sql<{ id: number; contract_id: number; active_from: string | null; active_to: string | null; vendor_id: number; vendor_name: string }>`
    SELECT cv.id, c.id AS contract_id, c.active_from, c.active_to, v.id AS vendor_id, v.name AS vendor_name
    FROM payments p
    JOIN contracts c ON c.organization_id = p.organization_id AND c.currency = p.currency
    JOIN contract_vendors cv ON cv.contract_id = c.id
    JOIN vendors v ON v.id = cv.vendor_id
    WHERE p.id = ${paymentId}
      AND CASE WHEN p.type = 'advance' THEN cv.id = p.contract_vendor_id
               ELSE c.active_from IS NOT NULL AND c.active_from <= p.end_date AND (c.active_to IS NULL OR c.active_to >= p.start_date) END
      ${onlyId === undefined ? sql`` : sql`AND cv.id = ${onlyId}`}
    ORDER BY (c.id = p.contract_id) DESC, c.id, cv.position, cv.id
    LIMIT ${CANDIDATES_LIMIT}`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    contract: { id: Number(r.contract_id), active_from: r.active_from, active_to: r.active_to },
    vendor: { id: Number(r.vendor_id), name: r.vendor_name },
  }));
}

/** The replacement named by a cancel: `contract_vendor_id`, bare or under `payment`. */
function replacementId(params: Record<string, unknown>): number {
  const body = params.payment && typeof params.payment === 'object' ? unwrap(params, 'payment') : params;
  const raw = body.contract_vendor_id;
  if (raw === undefined || raw === null || raw === '') throw new ValidationFailed({ contract_vendor_id: ['blank'] });
  if ((typeof raw !== 'number' && typeof raw !== 'string') || !/^\d{1,15}$/.test(String(raw))) throw new ValidationFailed({ contract_vendor_id: ['invalid'] });
  return Number(raw);
}

/** The month (its first day) a payment's period starts in: the month its entries are posted to. */
const monthOf = (p: PaymentEntity) => `${p.start_date.slice(0, 7)}-01`;

/**
 * The reversal of a paid or incorrect payment: every amount and line item negated, in two INSERT ...
 * SELECTs, and a receivable of its amount on the cancelled payment's balance (DOMAIN.md "Payment
 * lifecycle"). It is settled by netting: later earnings recoup it, so it is settled (paid_out) as made
 * and never waits for a pay-out.
 */
async function insertReversal(w: WriteContext, original: PaymentEntity): Promise<number> {
  const { rows } = await sql<{ id: number; amount: string; total_amount: string }>`
    INSERT INTO payments (type, state, paid_at, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, cancelled_payment_id, revenue_types,
                          currency, currency_rate, reverse_charge, credit_note_type, start_date, end_date, due_date,
                          amount, vat_percentage, vat_amount, wht_percentage, wht_amount, fee, total_amount, ${PAYEE_COLUMNS})
    SELECT 'reversal', 'paid_out', now(), payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, id, revenue_types,
           currency, currency_rate, reverse_charge, credit_note_type, start_date, end_date,
           -- Due today where the organization is (DOMAIN.md "Dates and time zones").
           (now() AT TIME ZONE (SELECT o.time_zone FROM organizations o WHERE o.id = payments.organization_id))::date,
           -amount, vat_percentage, -vat_amount, wht_percentage, -wht_amount, -fee, -total_amount, ${PAYEE_COLUMNS}
    FROM payments WHERE id = ${original.id}
    RETURNING id, amount, total_amount`.execute(w.trx);
  const reversal = rows[0];
  await sql`
    INSERT INTO payment_line_items (payment_id, revenue_source_id, contract_revenue_share_id, share_type, revenue_type, external_id,
                                    revenue, revenue_final, revenue_currency, amount_raw, amount, brought_forward_from)
    SELECT ${reversal.id}, revenue_source_id, contract_revenue_share_id, share_type, revenue_type, external_id,
           -revenue, -revenue_final, revenue_currency, -amount_raw, -amount, brought_forward_from
    FROM payment_line_items WHERE payment_id = ${original.id}`.execute(w.trx);
  await postEntries(
    w.trx,
    [{ ...entryOf(original, original.contract_vendor_id, original.vendor.id), kind: 'reversal', amount: reversal.amount, payment_id: Number(reversal.id), description: original.reference }],
    w.user.id,
  );
  await audit(w.trx, {
    action: 'create',
    type: 'Payment',
    id: reversal.id,
    changes: { type: [null, 'reversal'], state: [null, 'paid_out'], cancelled_payment_id: [null, original.id], amount: [null, reversal.amount], total_amount: [null, reversal.total_amount] },
    userId: w.user.id,
  });
  return reversal.id;
}

/** An entry on a contract vendor's balance about `original` (its payout, month and currency). */
const entryOf = (original: PaymentEntity, contractVendorId: number, vendorId: number) => ({
  contract_vendor_id: contractVendorId,
  vendor_id: vendorId,
  currency: original.currency,
  payout_id: original.payout?.id ?? null,
  payment_id: original.id,
  month: monthOf(original),
});

/**
 * The replacement's payment, made from the replacement contract vendor's balance once the cancelled
 * amount is on it (DOMAIN.md "Payment lifecycle"): the whole balance if it reaches the minimum payout,
 * otherwise none and the balance carries. Its lines are the cancelled payment's revenue lines and, for
 * what else the balance holds, one "brought forward" line; type, VAT, reverse charge and withholding tax
 * come from the replacement's own terms by the run's code (`vendorPayment`). On hold when its payouts are.
 */
async function insertReplacement(w: WriteContext, original: PaymentEntity, cvId: number): Promise<number | null> {
  const [terms] = await contractVendorTerms(w.trx, { ids: [cvId] });
  const balance = (await balancesOf(w.trx, [cvId])).get(cvId)!;
  if (!reachesMinimum(balance)) return null;
  const contract = await w.trx
    .selectFrom('contracts')
    .innerJoin('organizations as o', 'o.id', 'contracts.organization_id')
    .select(['contracts.id', 'contracts.currency', 'o.country_code', 'o.overridden_payment_type', 'o.payment_due_interval_length', 'o.payment_due_interval_unit', 'o.time_zone'])
    .where('contracts.id', '=', terms.contract_id)
    .executeTakeFirstOrThrow();
  const { type, figures: f } = vendorPayment({ ...contract, currency: original.currency }, terms, amount(balance.amount));
  const inserted = await w.trx
    .insertInto('payments')
    .values({
      type,
      state: terms.payout_on_hold ? 'on_hold' : 'new',
      state_before_hold: terms.payout_on_hold ? 'new' : null,
      payout_id: original.payout!.id,
      organization_id: original.organization.id,
      contract_id: contract.id,
      contract_vendor_id: cvId,
      vendor_id: terms.vendor_id,
      cancelled_payment_id: original.id,
      revenue_types: original.revenue_types,
      currency: original.currency,
      currency_rate: original.currency_rate,
      start_date: original.start_date,
      end_date: original.end_date,
      due_date: dueDate(contract),
      amount: f.amount,
      reverse_charge: f.reverse_charge,
      vat_percentage: f.vat_percentage,
      vat_amount: f.vat_amount,
      wht_percentage: f.wht_percentage,
      wht_amount: f.wht_amount,
      fee: f.fee,
      total_amount: f.total_amount,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The share row belongs to a contract: on another contract the line keeps its share type only.
  const { rows: copied } = await sql<{ amount: string }>`
    INSERT INTO payment_line_items (payment_id, revenue_source_id, contract_revenue_share_id, share_type, revenue_type, external_id,
                                    revenue, revenue_final, revenue_currency, amount_raw, amount)
    SELECT ${inserted.id}, revenue_source_id, CASE WHEN ${contract.id}::bigint = ${original.contract_id}::bigint THEN contract_revenue_share_id END,
           share_type, revenue_type, external_id, revenue, revenue_final, revenue_currency, amount_raw, amount
    FROM payment_line_items WHERE payment_id = ${original.id} AND revenue_source_id IS NOT NULL
    RETURNING amount::text AS amount`.execute(w.trx);
  const carried = copied.reduce((rest, l) => rest.minus(toDecimal(l.amount)), toDecimal(balance.amount));
  if (!carried.isZero()) await insertCarriedLines(w.trx, [{ id: inserted.id, amount: carried.toFixed(2), from: balance.carriedFrom ?? monthOf(original), currency: original.currency }]);
  await postEntries(w.trx, [{ ...entryOf(original, cvId, terms.vendor_id), kind: 'payment', amount: negated(f.amount), payment_id: inserted.id, description: '' }], w.user.id);
  await audit(w.trx, {
    action: 'create',
    type: 'Payment',
    id: inserted.id,
    changes: { type: [null, type], cancelled_payment_id: [null, original.id], contract_vendor_id: [null, cvId], amount: [null, f.amount], total_amount: [null, f.total_amount] },
    userId: w.user.id,
  });
  return inserted.id;
}

/**
 * The cancelled amount on the balances (DOMAIN.md "Payment lifecycle"): an unpaid payment's amount returns
 * to its balance; a paid or incorrect one's reversal is a receivable there. With another contract vendor
 * as the replacement, the amount then moves to the replacement's balance.
 */
async function postCancellation(w: WriteContext, original: PaymentEntity, cvId: number, replacementVendorId: number): Promise<void> {
  const reversed = REVERSED_ON_CANCEL.includes(original.state);
  const own = entryOf(original, original.contract_vendor_id, original.vendor.id);
  const entries: NewEntry[] = [];
  if (!reversed) entries.push({ ...own, kind: 'cancellation', amount: original.amount, description: original.reference });
  // A paid payment's replacement earns the amount anew, also on the same balance (the reversal took it off).
  if (cvId !== original.contract_vendor_id || reversed) {
    if (!reversed) entries.push({ ...own, kind: 'earning', amount: negated(original.amount), description: `${original.reference} →` });
    entries.push({ ...entryOf(original, cvId, replacementVendorId), kind: 'earning', amount: original.amount, description: `→ ${original.reference}` });
  }
  await postEntries(w.trx, entries, w.user.id);
}

/**
 * `POST /api/payments/{id}/cancel` with `contract_vendor_id` (spec 3, 5.1: required): the payment becomes
 * cancelled; a paid or incorrect one gets a reversal; the amount goes to the replacement contract
 * vendor's balance, which is paid if it reaches its minimum payout. All in the cancel's transaction, on
 * the locked payment and balances.
 */
export const cancelActions: Record<string, PaymentAction> = {
  cancel: {
    flag: 'can_be_cancelled',
    roles: FLAG_ROLES.can_be_cancelled,
    run: async (w, current, params) => {
      const cvId = replacementId(params);
      const [candidate] = await correctionCandidates(w.trx, current.id, cvId);
      if (!candidate) throw new ValidationFailed({ contract_vendor_id: ['invalid'] });
      await lockContractVendors(w.trx, [current.contract_vendor_id, cvId]);
      await sql`UPDATE payments SET state = 'cancelled' WHERE id = ${current.id}`.execute(w.trx);
      if (REVERSED_ON_CANCEL.includes(current.state)) await insertReversal(w, current);
      await postCancellation(w, current, cvId, candidate.vendor.id);
      if (current.type !== 'advance') await insertReplacement(w, current, cvId);
    },
  },
};
