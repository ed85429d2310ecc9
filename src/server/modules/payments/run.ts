import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { ValidationFailed } from '../../http/errors.js';
import { type Amount, type Decimal, percentage, rate, sum, toDecimal, type Percentage } from '../../../shared/money.js';
import {
  contractLineItems,
  isReverseCharge,
  paymentFigures,
  type PaymentFigures,
  type PaymentKind,
  paymentTypeOf,
  shareTotals,
  shareTypeOf,
  type ShareSetName,
  type ShareTerms,
  type ShareTotal,
  type SourceRevenue,
  type VendorLineItem,
} from '../../../shared/payment-math.js';
import { shareSetOf } from '../../../shared/validation/contracts.js';
import type { ContractShareType } from '../../../shared/entities/contract';
import { audit } from '../audit/audit.js';
import { revenueByContract, type ContractRevenueRow } from './run-revenue.js';
import './tables.js';

/** Contracts with allocated revenue in the payout (signed and covering its month), with their currency. */
export async function contractsOfPayout(db: Db, payoutId: number, month: string): Promise<{ id: number; currency: string }[]> {
  const rows = await sql<{ id: number; currency: string }>`
    SELECT DISTINCT c.id::int AS id, c.currency
    FROM payout_revenues v
    JOIN contract_revenue_sources crs ON crs.revenue_source_id = v.revenue_source_id
    JOIN contracts c ON c.id = crs.contract_id
    WHERE v.payout_id = ${payoutId}
      AND c.active_from IS NOT NULL
      AND c.active_from <= (${month}::date + interval '1 month' - interval '1 day')::date
      AND (c.active_to IS NULL OR c.active_to >= ${month}::date)
    ORDER BY 1`.execute(db);
  return rows.rows;
}

/** The payout's USD rate per currency; USD itself converts at 1. */
export async function payoutRates(db: Db, payoutId: number): Promise<Map<string, string>> {
  const rows = await db.selectFrom('currency_rates').select(['target_currency', 'rate']).where('payout_id', '=', payoutId).where('base_currency', '=', 'USD').execute();
  const out = new Map<string, string>([['USD', '1']]);
  for (const r of rows) if (toDecimal(r.rate).greaterThan(0)) out.set(r.target_currency, r.rate);
  return out;
}

/** Refuses the run (creating nothing) when a contract's currency lacks a non-zero rate, naming the pairs. */
export function checkRates(contracts: readonly { currency: string }[], rates: ReadonlyMap<string, string>): void {
  const missing = [...new Set(contracts.map((c) => c.currency).filter((c) => !rates.has(c)))].sort();
  if (missing.length > 0) throw new ValidationFailed({ base: [`missing_currency_rate: ${missing.map((c) => `USD->${c}`).join(', ')}`] });
}

export function addInterval(day: string, length: number | null, unit: string | null): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (length !== null && unit === 'd') d.setUTCDate(d.getUTCDate() + length);
  if (length !== null && unit === 'm') d.setUTCMonth(d.getUTCMonth() + length);
  if (length !== null && unit === 'y') d.setUTCFullYear(d.getUTCFullYear() + length);
  return d.toISOString().slice(0, 10);
}

/**
 * The terms of contract vendors for their payments: share, hold, VAT, withholding tax, self billing and
 * the vendor's EU VAT id and country, in the contract's order. By contract (the run), or by contract
 * vendor ids (a cancelled payment's replacement).
 */
export function contractVendorTerms(db: Db, by: { contractId: number } | { ids: readonly number[] }) {
  const qb = db
    .selectFrom('contract_vendors as cv')
    .innerJoin('vendors as v', 'v.id', 'cv.vendor_id')
    .leftJoin('vendor_tax_infos as t', 't.vendor_id', 'v.id')
    .leftJoin('vendor_addresses as a', 'a.vendor_id', 'v.id')
    .select(['cv.id', 'cv.contract_id', 'cv.vendor_id', 'v.name', 'v.number', 'cv.share_percentage', 'cv.payout_on_hold', 't.vat_percentage', 't.withholding_tax_percentage', 't.self_billing_allowed', 't.eu_tax_id', 'a.country_code'])
    .orderBy('cv.position')
    .orderBy('cv.id');
  return ('contractId' in by ? qb.where('cv.contract_id', '=', by.contractId) : qb.where('cv.id', 'in', by.ids)).execute();
}
export type ContractVendorTerms = Awaited<ReturnType<typeof contractVendorTerms>>[number];

/** One contract vendor's payment from its amount (the sum of its rounded line items): type, VAT or reverse charge, WHT and total. */
export function vendorPayment(
  contract: { currency: string; country_code: string; overridden_payment_type: string | null },
  v: ContractVendorTerms,
  amt: Amount,
): { type: PaymentKind; figures: PaymentFigures } {
  const figures = paymentFigures({
    amount: amt,
    currency: contract.currency,
    vatPercentage: v.vat_percentage === null ? null : percentage(v.vat_percentage),
    whtPercentage: percentage(v.withholding_tax_percentage ?? '0') as Percentage,
    reverseCharge: isReverseCharge(v.country_code, v.eu_tax_id, contract.country_code),
  });
  return { type: paymentTypeOf(contract.overridden_payment_type, !!v.self_billing_allowed), figures };
}

type ContractRow = NonNullable<Awaited<ReturnType<typeof loadContract>>>;

/** The contract with what its payments need from its organization; `lock` takes the run's row lock. */
export async function loadContract(db: Db, contractId: number, lock: boolean) {
  const q = db
    .selectFrom('contracts')
    .innerJoin('organizations as o', 'o.id', 'contracts.organization_id')
    .select([
      'contracts.id',
      'contracts.contract_type',
      'contracts.currency',
      'contracts.organization_id',
      'o.name as organization_name',
      'o.country_code',
      'o.overridden_payment_type',
      'o.payment_due_interval_length',
      'o.payment_due_interval_unit',
    ])
    .where('contracts.id', '=', contractId);
  return (lock ? q.forUpdate('contracts') : q).executeTakeFirst();
}

/** A share's revenue rows of one source, summed in USD, with the revenue types they came as. */
interface SourceGroup {
  source_id: number;
  share_type: ContractShareType;
  types: string[];
  usd: Decimal;
}

/** Everything the run creates for one contract, computed but not written: the run writes it, the preview shows it. */
export interface ContractPlan {
  contract: ContractRow;
  set: ShareSetName;
  shares: Map<ContractShareType, ShareTerms & { id: number }>;
  groups: Map<string, SourceGroup>;
  converted: (SourceRevenue & { revenue: Decimal })[];
  totals: ShareTotal[];
  vendors: ContractVendorTerms[];
  /** Per contract vendor (in `vendors` order) its line items, payment type and figures. */
  items: VendorLineItem[][];
  payments: { type: PaymentKind; state: 'new' | 'on_hold'; figures: PaymentFigures }[];
  revenueTypes: string[];
  endDate: string;
  dueDate: string;
}

/**
 * One contract's payments as the run would create them (DOMAIN "Payment run"), or null when it has
 * nothing to pay (no revenue under its shares, no contract vendors). The run calls it on the locked
 * contract inside its transaction; the preview calls it as it is, so both compute the same cents.
 */
export async function planContract(
  db: Db,
  payout: { id: number; month: string },
  contract: ContractRow,
  usdRate: string,
  revenueRows?: readonly ContractRevenueRow[],
): Promise<ContractPlan | null> {
  const shareRows = await db.selectFrom('contract_revenue_shares').selectAll().where('contract_id', '=', contract.id).execute();
  const set: ShareSetName = shareSetOf(shareRows.map((s) => s.type)) ?? 'separate';
  const shares = new Map<ContractShareType, ShareTerms & { id: number }>(
    shareRows.map((s) => [s.type as ContractShareType, { id: s.id, formula: s.formula, rev_share: s.rev_share, baseline: s.baseline, fixed_income: s.fixed_income, threshold: s.threshold } as ShareTerms & { id: number }]),
  );
  // Set-based: the payout's rows summed per source and revenue type in the database (the run sums every contract's at once: `revenueRows`).
  const revenue = revenueRows ? { rows: revenueRows } : await sql<ContractRevenueRow>`
    SELECT v.revenue_source_id::int AS source_id, v.revenue_type, sum(v.revenue)::text AS revenue
    FROM payout_revenues v JOIN contract_revenue_sources crs ON crs.revenue_source_id = v.revenue_source_id
    WHERE v.payout_id = ${payout.id} AND crs.contract_id = ${contract.id}
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  const groups = new Map<string, SourceGroup>();
  for (const r of revenue.rows) {
    const share_type = shareTypeOf(set, r.revenue_type);
    if (!shares.has(share_type)) continue; // revenue under a share the contract does not have earns nothing
    const key = `${r.source_id}|${share_type}`;
    const g = groups.get(key) ?? { source_id: r.source_id, share_type, types: [], usd: toDecimal('0') };
    g.types.push(r.revenue_type);
    g.usd = g.usd.plus(toDecimal(r.revenue));
    groups.set(key, g);
  }
  const lines = [...groups.values()];
  if (lines.length === 0) return null;
  const vendors = await contractVendorTerms(db, { contractId: contract.id });
  if (vendors.length === 0) return null;

  const converted = lines.map((l) => ({ source_id: l.source_id, share_type: l.share_type, revenue: l.usd.times(toDecimal(rate(usdRate))) }));
  const items = contractLineItems(shares, converted, vendors.map((v) => percentage(v.share_percentage)), contract.currency);
  const payments = vendors.map((v, i) => ({
    ...vendorPayment(contract, v, sum(items[i].map((it) => it.amount))),
    state: v.payout_on_hold ? ('on_hold' as const) : ('new' as const),
  }));
  const monthEnd = addInterval(payout.month, 1, 'm');
  return {
    contract,
    set,
    shares,
    groups,
    converted,
    totals: shareTotals(shares, converted, contract.currency),
    vendors,
    items,
    payments,
    revenueTypes: [...new Set(lines.flatMap((l) => l.types))].sort(),
    endDate: new Date(Date.parse(`${monthEnd}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
    dueDate: addInterval(new Date().toISOString().slice(0, 10), contract.payment_due_interval_length, contract.payment_due_interval_unit),
  };
}

/**
 * Creates one contract's payments in ONE transaction on the locked contract: nothing when the payout
 * already has its run payments (a retry, a second start), otherwise one payment per contract vendor
 * with its line items. The unique key (payout, contract vendor, type) backs the check. Answers how
 * many payments were created.
 */
export async function runContract(
  db: Db,
  payout: { id: number; month: string },
  contractId: number,
  usdRate: string,
  userId: number | null,
  revenueRows?: readonly ContractRevenueRow[],
): Promise<number> {
  // Inside a caller's transaction (the demo seed) the contract is written in it; otherwise in its own.
  const inTransaction = <T>(fn: (trx: Db) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  return inTransaction(async (trx) => {
    const contract = await loadContract(trx, contractId, true);
    if (!contract) return 0;
    const done = await trx.selectFrom('payments').select('id').where('payout_id', '=', payout.id).where('contract_id', '=', contractId).where('cancelled_payment_id', 'is', null).executeTakeFirst();
    if (done) return 0;
    const plan = await planContract(trx, payout, contract, usdRate, revenueRows);
    if (!plan) return 0;
    const { shares, groups, converted, items } = plan;

    let created = 0;
    for (const [i, v] of plan.vendors.entries()) {
      const { type, state, figures: f } = plan.payments[i];
      const inserted = await trx
        .insertInto('payments')
        .values({
          type,
          state,
          state_before_hold: state === 'on_hold' ? 'new' : null,
          payout_id: payout.id,
          organization_id: contract.organization_id,
          contract_id: contractId,
          contract_vendor_id: v.id,
          vendor_id: v.vendor_id,
          revenue_types: plan.revenueTypes,
          currency: contract.currency,
          currency_rate: usdRate,
          reverse_charge: f.reverse_charge,
          start_date: payout.month,
          end_date: plan.endDate,
          due_date: plan.dueDate,
          amount: f.amount,
          vat_percentage: f.vat_percentage,
          vat_amount: f.vat_amount,
          wht_percentage: f.wht_percentage,
          wht_amount: f.wht_amount,
          fee: f.fee,
          total_amount: f.total_amount,
        })
        .onConflict((oc) => oc.columns(['payout_id', 'contract_vendor_id', 'type']).where('cancelled_payment_id', 'is', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) continue;
      created += 1;
      // The line items in one INSERT .. SELECT over arrays.
      const its = items[i];
      await sql`
        INSERT INTO payment_line_items (payment_id, revenue_source_id, contract_revenue_share_id, share_type, revenue_type, revenue, revenue_final, amount_raw, amount)
        SELECT ${inserted.id}, x.source_id, x.share_id, x.share_type, x.revenue_type, x.revenue, x.revenue_final, x.amount_raw, x.amount
        FROM unnest(${its.map((it) => it.source_id)}::bigint[], ${its.map((it) => shares.get(it.share_type)!.id)}::bigint[], ${its.map((it) => it.share_type)}::text[],
                    ${its.map((it) => groups.get(`${it.source_id}|${it.share_type}`)!.types.join(','))}::text[],
                    ${its.map((it) => groups.get(`${it.source_id}|${it.share_type}`)!.usd.toFixed())}::numeric[],
                    ${its.map((it) => converted.find((c) => c.source_id === it.source_id && c.share_type === it.share_type)!.revenue.toDecimalPlaces(10).toFixed())}::numeric[],
                    ${its.map((it) => it.amount_raw.toDecimalPlaces(10).toFixed())}::numeric[], ${its.map((it) => it.amount)}::numeric[])
          AS x(source_id, share_id, share_type, revenue_type, revenue, revenue_final, amount_raw, amount)`.execute(trx);
      await audit(trx, { action: 'create', type: 'Payment', id: inserted.id, changes: { payout_id: [null, payout.id], amount: [null, f.amount], total_amount: [null, f.total_amount] }, userId });
    }
    return created;
  });
}

/** Contracts run side by side: each is its own transaction on its locked row, so their order does not matter. */
const RUN_LANES = 4;

/**
 * The whole run: checks every needed rate first (nothing is created when one lacks), sums every
 * contract's revenue in one pass, then one transaction per contract, a few at a time. A failure stops
 * the lanes after their current contract and is thrown once all have stopped.
 */
export async function runPayments(db: Db, payoutId: number, userId: number | null, afterContract?: (contractId: number) => Promise<void>): Promise<number> {
  const payout = await db.selectFrom('payouts').select(['id', 'month']).where('id', '=', payoutId).executeTakeFirst();
  if (!payout) return 0;
  const contracts = await contractsOfPayout(db, payout.id, payout.month);
  const rates = await payoutRates(db, payout.id);
  checkRates(contracts, rates);
  const revenue = await revenueByContract(db, payout.id);
  let created = 0;
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < contracts.length) {
      const c = contracts[next++];
      try {
        // Awaited first: `created += await` would add to the value read before the wait and lose other lanes' counts.
        const n = await runContract(db, payout, c.id, rates.get(c.currency)!, userId, revenue.get(c.id) ?? []);
        created += n;
        await afterContract?.(c.id);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // In a caller's transaction (the demo seed) there is one connection: one lane.
  const lanes = db.isTransaction ? 1 : Math.min(RUN_LANES, contracts.length);
  const results = await Promise.allSettled(Array.from({ length: lanes }, lane));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  return created;
}
