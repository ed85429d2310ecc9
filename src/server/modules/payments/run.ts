import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { ValidationFailed } from '../../http/errors.js';
import { type Amount, amount, convert, money, type Money, type PairRate, percentage, sameRate, sum, toDecimal, total, type Percentage } from '../../../shared/money.js';
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
import { auditMany } from '../audit/audit.js';
import { type ShareInForce, sharesInForce } from '../contracts/terms-in-force.js';
import { type CurrencyPair, neededPairs, revenueByContract, type ContractRevenueRow } from './run-revenue.js';
import { addInterval, dateIn } from '../../../shared/time-zone.js';
import { balancesOf, lockContractVendors, negated, postEntries, reachesMinimum } from './ledger.js';
import './tables.js';

/** The payout's rates by pair (`USD->EUR`), those above zero: a zero rate is a missing one. */
export type PayoutRates = ReadonlyMap<string, PairRate>;
const pairKey = (base: string, target: string) => `${base}->${target}`;

export async function payoutRates(db: Db, payoutId: number): Promise<PayoutRates> {
  const rows = await db.selectFrom('currency_rates').select(['base_currency', 'target_currency', 'rate']).where('payout_id', '=', payoutId).execute();
  const out = new Map<string, PairRate>();
  for (const r of rows) if (toDecimal(r.rate).greaterThan(0)) out.set(pairKey(r.base_currency, r.target_currency), { base: r.base_currency, target: r.target_currency, rate: toDecimal(r.rate) });
  return out;
}

/** The rate converting `from` to `to` (the same currency needs none); undefined when the payout lacks it. */
export const rateOf = (rates: PayoutRates, from: string, to: string): PairRate | undefined => (from === to ? sameRate(to) : rates.get(pairKey(from, to)));

/** Refuses the run (creating nothing) when a needed pair lacks a non-zero rate, naming every missing pair. */
export function checkRates(needed: readonly CurrencyPair[], rates: PayoutRates): void {
  const missing = [...new Set(needed.filter((p) => !rateOf(rates, p.base, p.target)).map((p) => pairKey(p.base, p.target)))].sort();
  if (missing.length > 0) throw new ValidationFailed({ base: [`missing_currency_rate: ${missing.join(', ')}`] });
}

/**
 * A payment's due date (DOMAIN.md "Payment run" step 5): its creation day in the organization's time zone
 * plus the organization's payment due interval, months clamped to the month's end (31 January + 1 month is
 * the last day of February, never 3 March).
 */
export const dueDate = (org: { time_zone: string; payment_due_interval_length: number | null; payment_due_interval_unit: string | null }, now: Date = new Date()): string =>
  addInterval(dateIn(org.time_zone, now), org.payment_due_interval_length, org.payment_due_interval_unit);

/**
 * The terms of contract vendors for their payments: share, hold, VAT, withholding tax, self billing and
 * the vendor's EU VAT id and country, in each contract's order. By contracts (the run, a batch in one
 * query), or by contract vendor ids (a cancelled payment's replacement).
 */
export function contractVendorTerms(db: Db, by: { contractIds: readonly number[] } | { ids: readonly number[] }) {
  const qb = db
    .selectFrom('contract_vendors as cv')
    .innerJoin('vendors as v', 'v.id', 'cv.vendor_id')
    .leftJoin('vendor_tax_infos as t', 't.vendor_id', 'v.id')
    .leftJoin('vendor_addresses as a', 'a.vendor_id', 'v.id')
    .select(['cv.id', 'cv.contract_id', 'cv.vendor_id', 'v.name', 'v.number', 'cv.share_percentage', 'cv.payout_on_hold', 't.vat_percentage', 't.withholding_tax_percentage', 't.self_billing_allowed', 't.eu_tax_id', 'a.country_code'])
    .orderBy('cv.contract_id')
    .orderBy('cv.position')
    .orderBy('cv.id');
  return ('contractIds' in by ? qb.where('cv.contract_id', '=', sql<number>`ANY(${[...by.contractIds]}::bigint[])`) : qb.where('cv.id', 'in', by.ids)).execute();
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

export type ContractRow = Awaited<ReturnType<typeof loadContracts>>[number];

/** The contracts with what their payments need from their organizations, in id order; `lock` takes the run's row locks (in that order). */
export async function loadContracts(db: Db, contractIds: readonly number[], lock: boolean) {
  if (contractIds.length === 0) return [];
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
      'o.time_zone',
    ])
    .where('contracts.id', '=', sql<number>`ANY(${[...contractIds]}::bigint[])`)
    .orderBy('contracts.id');
  return (lock ? q.forUpdate('contracts') : q).execute();
}

/** A share's revenue rows of one source in one reported currency: summed as reported and converted, with the revenue types they came as. */
interface SourceGroup {
  source_id: number;
  share_type: ContractShareType;
  types: string[];
  /** As reported, in `reported.currency`. */
  reported: Money;
  /** In the contract's currency, with the payout's rate of the pair. */
  converted: Money;
}

/** A group's converted revenue with its key in `groups`. */
type KeyedRevenue = SourceRevenue & { key: string };

/** Everything the run creates for one contract, computed but not written: the run writes it, the preview shows it. */
export interface ContractPlan {
  contract: ContractRow;
  /** The payment's `currency_rate`: the payout's USD rate of the contract's currency where the run used it, else the first pair it used, else 1. */
  rate: string;
  set: ShareSetName;
  /** The shares in force for the payout's month (`id`: the share's row, or the row it had before an amendment replaced it). */
  shares: Map<ContractShareType, ShareTerms & { id: number }>;
  /** By `source|share type|currency`, in the order of `converted`. */
  groups: Map<string, SourceGroup>;
  converted: KeyedRevenue[];
  totals: ShareTotal<KeyedRevenue>[];
  vendors: ContractVendorTerms[];
  /** Per contract vendor (in `vendors` order) its line items, payment type and figures. */
  items: VendorLineItem<KeyedRevenue>[][];
  payments: { type: PaymentKind; state: 'new' | 'on_hold'; figures: PaymentFigures }[];
  revenueTypes: string[];
  endDate: string;
  dueDate: string;
}

/** What planning a contract needs beyond the contract itself, for a batch of contracts. */
interface PlanInputs {
  payout: { id: number; month: string };
  rates: PayoutRates;
  revenue: ReadonlyMap<number, readonly ContractRevenueRow[]>;
  /** `contract|share type` of fixed incomes another payout of the month already paid (DOMAIN: once per share and month). */
  fixedPaid: ReadonlySet<string>;
  shares: ReadonlyMap<number, ShareInForce[]>;
  vendors: ReadonlyMap<number, ContractVendorTerms[]>;
}

/**
 * One contract's payments as the run would create them (DOMAIN "Payment run"), or null when it has
 * nothing to pay (no revenue under its shares, no contract vendors). Pure: `planContracts` loads what
 * it needs for a whole batch, so the run (on locked contracts) and the preview compute the same cents.
 */
function planContract(contract: ContractRow, input: PlanInputs): ContractPlan | null {
  const shareRows = input.shares.get(contract.id) ?? [];
  const set: ShareSetName = shareSetOf(shareRows.map((s) => s.type)) ?? 'separate';
  const shares = new Map<ContractShareType, ShareTerms & { id: number }>(
    shareRows.map((s) => [s.type, { id: s.id, formula: s.formula, rev_share: s.rev_share, baseline: s.baseline, fixed_income: s.fixed_income, threshold: s.threshold }]),
  );
  // A share of fixed income that another payout of the month paid already earns nothing more here.
  for (const [type, terms] of shares) if (terms.formula === 'fixed_income' && input.fixedPaid.has(`${contract.id}|${type}`)) shares.set(type, { ...terms, fixed_income: '0' });
  const groups = new Map<string, SourceGroup>();
  const used: PairRate[] = [];
  for (const r of input.revenue.get(contract.id) ?? []) {
    const share_type = shareTypeOf(set, r.revenue_type);
    // `revenueByContract` answers only rows of the contract's shares (the others are revenues without contracts).
    if (!shares.has(share_type)) throw new TypeError(`contract ${contract.id} has no ${share_type} share`);
    const pair = rateOf(input.rates, r.currency, contract.currency);
    if (!pair) throw new ValidationFailed({ base: [`missing_currency_rate: ${r.currency}->${contract.currency}`] });
    if (r.currency !== contract.currency && !used.includes(pair)) used.push(pair);
    const key = `${r.source_id}|${share_type}|${r.currency}`;
    const reported = money(r.revenue, r.currency);
    const g = groups.get(key) ?? { source_id: r.source_id, share_type, types: [], reported: money('0', r.currency), converted: money('0', contract.currency) };
    g.types.push(r.revenue_type);
    g.reported = total(r.currency, [g.reported, reported]);
    g.converted = total(contract.currency, [g.converted, convert(reported, pair)]);
    groups.set(key, g);
  }
  const lines = [...groups.entries()];
  if (lines.length === 0) return null;
  const vendors = input.vendors.get(contract.id) ?? [];
  if (vendors.length === 0) return null;

  const converted = lines.map(([key, l]) => ({ key, source_id: l.source_id, share_type: l.share_type, revenue: l.converted }));
  const items = contractLineItems(shares, converted, vendors.map((v) => percentage(v.share_percentage)), contract.currency);
  const payments = vendors.map((v, i) => ({
    ...vendorPayment(contract, v, sum(items[i].map((it) => it.amount))),
    state: v.payout_on_hold ? ('on_hold' as const) : ('new' as const),
  }));
  const shown = used.find((p) => p.base === 'USD') ?? used[0];
  const monthEnd = addInterval(input.payout.month, 1, 'm');
  return {
    contract,
    rate: (shown?.rate ?? toDecimal('1')).toFixed(),
    set,
    shares,
    groups,
    converted,
    totals: shareTotals(shares, converted, contract.currency),
    vendors,
    items,
    payments,
    revenueTypes: [...new Set(lines.flatMap(([, l]) => l.types))].sort(),
    endDate: new Date(Date.parse(`${monthEnd}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
    dueDate: dueDate(contract),
  };
}

const byContract = <T extends { contract_id: number }>(rows: readonly T[]) => {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(Number(r.contract_id));
    if (list) list.push(r);
    else out.set(Number(r.contract_id), [r]);
  }
  return out;
};

/**
 * The plans of a batch of contracts (those with something to pay, in the given order): their shares in
 * force for the payout's month and their vendors' terms in one query each, then `planContract` for each.
 */
export async function planContracts(
  db: Db,
  payout: { id: number; month: string },
  contracts: readonly ContractRow[],
  rates: PayoutRates,
  revenue: ReadonlyMap<number, readonly ContractRevenueRow[]>,
): Promise<ContractPlan[]> {
  const ids = contracts.map((c) => c.id);
  const [shares, vendors, fixedPaid] = await Promise.all([
    sharesInForce(db, ids, payout.month),
    ids.length ? contractVendorTerms(db, { contractIds: ids }) : [],
    fixedIncomePaid(db, payout, ids),
  ]);
  const input: PlanInputs = { payout, rates, revenue, fixedPaid, shares: byContract(shares), vendors: byContract(vendors) };
  return contracts.map((c) => planContract(c, input)).filter((p): p is ContractPlan => p !== null);
}

/**
 * Writes the plans (DOMAIN "Payment run" steps 3-4), one statement per kind of row for the whole batch:
 * each contract vendor's earning to its balance (a retry finds the payout's earning there and writes
 * nothing more for it), then a payment for each balance that reaches its minimum payout, paying the
 * whole balance: this run's line items and, for what was carried, a line "brought forward"; then the
 * payments' entries and audit. A balance below the minimum carries. Answers how many payments it created.
 */
async function writePlans(trx: Db, payout: { id: number; month: string }, plans: readonly ContractPlan[], userId: number | null): Promise<number> {
  const earned = plans.flatMap((plan) => plan.vendors.map((v, i) => ({ plan, v, i, earning: plan.payments[i] })));
  if (earned.length === 0) return 0;
  await lockContractVendors(trx, earned.map((r) => r.v.id));
  const posted = await postEntries(
    trx,
    earned.map(({ plan, v, earning }) => ({
      contract_vendor_id: v.id,
      vendor_id: v.vendor_id,
      currency: plan.contract.currency,
      kind: 'earning' as const,
      amount: earning.figures.amount,
      payout_id: payout.id,
      payment_id: null,
      month: payout.month,
      description: '',
    })),
    userId,
  );
  const fresh = new Map(posted.map((e) => [e.contract_vendor_id, e.id]));
  const balances = await balancesOf(trx, [...fresh.keys()], [...fresh.values()]);
  const rows = earned.flatMap((r) => {
    const balance = balances.get(r.v.id);
    if (!fresh.has(r.v.id) || !balance || !reachesMinimum(balance)) return [];
    const carried = toDecimal(balance.amount).minus(toDecimal(r.earning.figures.amount));
    return [{ ...r, ...r.earning, ...vendorPayment(r.plan.contract, r.v, amount(balance.amount)), carried, carriedFrom: balance.carriedFrom }];
  });
  if (rows.length === 0) return 0;
  const col = <T>(fn: (r: (typeof rows)[number]) => T) => rows.map(fn);
  const { rows: inserted } = await sql<{ id: number; contract_vendor_id: number; vendor_id: number; type: string; amount: string; total_amount: string }>`
    INSERT INTO payments (type, state, state_before_hold, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, revenue_types, currency, currency_rate,
                          reverse_charge, start_date, end_date, due_date, amount, vat_percentage, vat_amount, wht_percentage, wht_amount, fee, total_amount,
                          payee_method_type, payee_is_sepa, payee_account_holder, payee_iban, payee_bic, payee_account_number, payee_bank_key, payee_email,
                          payee_name, payee_street, payee_street_number, payee_postal_code, payee_city, payee_country_code)
    SELECT x.type, x.state, CASE WHEN x.state = 'on_hold' THEN 'new' END, ${payout.id}, x.organization_id, x.contract_id, x.contract_vendor_id, x.vendor_id,
           string_to_array(x.revenue_types, ','), x.currency, x.currency_rate, x.reverse_charge, ${payout.month}::date, x.end_date, x.due_date,
           x.amount, x.vat_percentage, x.vat_amount, x.wht_percentage, x.wht_amount, x.fee, x.total_amount,
           py.method_type, py.is_sepa, py.account_holder, py.iban, py.bic, py.account_number, py.bank_key, py.email,
           py.name, py.street, py.street_number, py.postal_code, py.city, py.country_code
    FROM unnest(${col((r) => r.type)}::text[], ${col((r) => r.state)}::text[], ${col((r) => r.plan.contract.organization_id)}::bigint[], ${col((r) => r.plan.contract.id)}::bigint[],
                ${col((r) => r.v.id)}::bigint[], ${col((r) => r.v.vendor_id)}::bigint[], ${col((r) => r.plan.revenueTypes.join(','))}::text[], ${col((r) => r.plan.contract.currency)}::text[],
                ${col((r) => r.plan.rate)}::numeric[], ${col((r) => r.figures.reverse_charge)}::boolean[], ${col((r) => r.plan.endDate)}::date[], ${col((r) => r.plan.dueDate)}::date[],
                ${col((r) => r.figures.amount)}::numeric[], ${col((r) => r.figures.vat_percentage)}::numeric[], ${col((r) => r.figures.vat_amount)}::numeric[],
                ${col((r) => r.figures.wht_percentage)}::numeric[], ${col((r) => r.figures.wht_amount)}::numeric[], ${col((r) => r.figures.fee)}::numeric[], ${col((r) => r.figures.total_amount)}::numeric[])
      AS x(type, state, organization_id, contract_id, contract_vendor_id, vendor_id, revenue_types, currency, currency_rate, reverse_charge, end_date, due_date,
           amount, vat_percentage, vat_amount, wht_percentage, wht_amount, fee, total_amount)
    -- The payee is frozen as the contract vendor's of this moment (DOMAIN step 6, payee.ts).
    LEFT JOIN contract_vendor_payees py ON py.contract_vendor_id = x.contract_vendor_id
    ON CONFLICT (payout_id, contract_vendor_id, type) WHERE cancelled_payment_id IS NULL DO NOTHING
    RETURNING id, contract_vendor_id, vendor_id, type, amount, total_amount`.execute(trx);
  if (inserted.length === 0) return 0;
  const paymentId = new Map(inserted.map((p) => [`${p.contract_vendor_id}|${p.type}`, Number(p.id)]));

  const items = rows.flatMap(({ plan, v, i, type }) => {
    const id = paymentId.get(`${v.id}|${type}`);
    if (id === undefined) return [];
    return plan.items[i].map((it) => ({ id, it, share: plan.shares.get(it.share_type)!.id, group: plan.groups.get(it.row.key)! }));
  });
  await sql`
    INSERT INTO payment_line_items (payment_id, revenue_source_id, contract_revenue_share_id, share_type, revenue_type, revenue, revenue_currency, revenue_final, amount_raw, amount)
    SELECT x.payment_id, x.source_id, x.share_id, x.share_type, x.revenue_type, x.revenue, x.revenue_currency, x.revenue_final, x.amount_raw, x.amount
    FROM unnest(${items.map((l) => l.id)}::bigint[], ${items.map((l) => l.it.source_id)}::bigint[], ${items.map((l) => l.share)}::bigint[], ${items.map((l) => l.it.share_type)}::text[],
                ${items.map((l) => l.group.types.join(','))}::text[], ${items.map((l) => l.group.reported.amount.toFixed())}::numeric[], ${items.map((l) => l.group.reported.currency)}::text[],
                ${items.map((l) => l.group.converted.amount.toFixed())}::numeric[], ${items.map((l) => l.it.amount_raw.toDecimalPlaces(10).toFixed())}::numeric[],
                ${items.map((l) => l.it.amount)}::numeric[])
      AS x(payment_id, source_id, share_id, share_type, revenue_type, revenue, revenue_currency, revenue_final, amount_raw, amount)`.execute(trx);
  const carried = rows.flatMap((r) => {
    const id = paymentId.get(`${r.v.id}|${r.type}`);
    return id === undefined || r.carried.isZero() ? [] : [{ id, amount: r.carried.toFixed(2), from: r.carriedFrom ?? payout.month, currency: r.plan.contract.currency }];
  });
  await insertCarriedLines(trx, carried);
  await postEntries(
    trx,
    inserted.map((p) => ({
      contract_vendor_id: Number(p.contract_vendor_id),
      vendor_id: Number(p.vendor_id),
      currency: rows.find((r) => r.v.id === Number(p.contract_vendor_id))!.plan.contract.currency,
      kind: 'payment' as const,
      amount: negated(p.amount),
      payout_id: payout.id,
      payment_id: Number(p.id),
      month: payout.month,
      description: '',
    })),
    userId,
  );
  await auditMany(
    trx,
    { action: 'create', type: 'Payment', userId },
    inserted.map((p) => ({ id: Number(p.id), changes: { payout_id: [null, payout.id], amount: [null, p.amount], total_amount: [null, p.total_amount] } })),
  );
  return inserted.length;
}

/** The line of what a payment pays beyond its own revenue: the balance carried since `from` (negative when it recoups). */
export async function insertCarriedLines(trx: Db, lines: readonly { id: number; amount: string; from: string; currency: string }[]): Promise<void> {
  if (lines.length === 0) return;
  await sql`
    INSERT INTO payment_line_items (payment_id, brought_forward_from, revenue_type, revenue, revenue_currency, revenue_final, amount_raw, amount)
    SELECT x.payment_id, x.from_month, 'brought_forward', 0, x.currency, 0, x.amount, x.amount
    FROM unnest(${lines.map((l) => l.id)}::bigint[], ${lines.map((l) => l.from)}::date[], ${lines.map((l) => l.currency)}::text[], ${lines.map((l) => l.amount)}::numeric[])
      AS x(payment_id, from_month, currency, amount)`.execute(trx);
}

/**
 * Creates a batch of contracts' payments in ONE transaction on the locked contracts (locked in id order,
 * so runs of the same payout queue behind each other instead of deadlocking): nothing for a contract
 * whose run payments the payout already has (a retry, a second start), otherwise one payment per contract
 * vendor with its line items. The unique key (payout, contract vendor, type) backs the check. Answers
 * how many payments were created.
 */
async function runBatch(
  db: Db,
  payout: { id: number; month: string },
  contractIds: readonly number[],
  rates: PayoutRates,
  revenue: ReadonlyMap<number, readonly ContractRevenueRow[]>,
  userId: number | null,
): Promise<number> {
  // Inside a caller's transaction (the demo seed) the batch is written in it; otherwise in its own.
  const inTransaction = <T>(fn: (trx: Db) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  return inTransaction(async (trx) => {
    const contracts = await loadContracts(trx, contractIds, true);
    // A contract this payout has earned for already (a retry, a second start), or paid before the ledger, is done.
    const { rows: done } = await sql<{ contract_id: number }>`
      SELECT cv.contract_id::int AS contract_id FROM balance_entries e JOIN contract_vendors cv ON cv.id = e.contract_vendor_id
      WHERE e.payout_id = ${payout.id} AND e.kind = 'earning' AND e.payment_id IS NULL AND cv.contract_id = ANY(${[...contractIds]}::bigint[])
      UNION
      SELECT contract_id::int FROM payments
      WHERE payout_id = ${payout.id} AND contract_id = ANY(${[...contractIds]}::bigint[]) AND cancelled_payment_id IS NULL`.execute(trx);
    const skip = new Set(done.map((d) => d.contract_id));
    const plans = await planContracts(trx, payout, contracts.filter((c) => !skip.has(c.id)), rates, revenue);
    const created = await writePlans(trx, payout, plans, userId);
    await recordFixedIncome(trx, payout, plans);
    return created;
  });
}

/** `contract|share type` of the fixed incomes of `contractIds` that another payout of the month has paid. */
async function fixedIncomePaid(db: Db, payout: { id: number; month: string }, contractIds: readonly number[]): Promise<Set<string>> {
  if (contractIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('fixed_income_months')
    .select(['contract_id', 'share_type'])
    .where('contract_id', '=', sql<number>`ANY(${[...contractIds]}::bigint[])`)
    .where('month', '=', payout.month)
    .where('payout_id', '<>', payout.id)
    .execute();
  return new Set(rows.map((r) => `${r.contract_id}|${r.share_type}`));
}

/**
 * Records each fixed income the plans pay (DOMAIN step 2: once per contract share and calendar month).
 * The plans were made on the locked contracts, so another payout's batch of the same contracts waits and
 * then sees these rows; the unique key (contract, share type, month) refuses a second one regardless.
 */
async function recordFixedIncome(trx: Db, payout: { id: number; month: string }, plans: readonly ContractPlan[]): Promise<void> {
  const paid = plans.flatMap((p) => p.totals.filter((t) => p.shares.get(t.share_type)!.formula === 'fixed_income' && !t.exact.isZero()).map((t) => ({ contract_id: p.contract.id, share_type: t.share_type })));
  if (paid.length === 0) return;
  await trx
    .insertInto('fixed_income_months')
    .values(paid.map((r) => ({ ...r, month: payout.month, payout_id: payout.id })))
    .execute();
}

/** Contracts per transaction: enough to make each statement's round trip count, small enough for short row locks. */
export const RUN_BATCH = 250;
/** Batches run side by side: one plans in JavaScript while the other writes. */
const RUN_LANES = 2;

export interface RunOptions {
  /** Contracts per transaction (`RUN_BATCH`). */
  batchSize?: number;
  /** Called after each committed batch with its contract ids (a test stops the run there). */
  afterBatch?: (contractIds: readonly number[]) => Promise<void>;
}

/** What the run reads before it writes: every contract's revenue and the payout's rates, checked (a missing pair refuses). */
export interface RunInput {
  revenue: Map<number, ContractRevenueRow[]>;
  rates: PayoutRates;
  /** The contracts with revenue to pay, in id order. */
  contractIds: number[];
}

export async function runInput(db: Db, payout: { id: number; month: string }): Promise<RunInput> {
  const needed = await neededPairs(db, payout.id, payout.month);
  const rates = await payoutRates(db, payout.id);
  checkRates(needed, rates);
  const revenue = await revenueByContract(db, payout.id, payout.month);
  return { revenue, rates, contractIds: [...revenue.keys()].sort((a, b) => a - b) };
}

/**
 * The whole run: reads its input on the payout locked for share (a write that changes what the run pays
 * locks the payout for update and refuses while the run's job is pending, so none slips in between),
 * checks every needed rate first (nothing is created when one lacks), sums every contract's revenue in
 * one pass, then one transaction per batch of contracts, two at a time. A failure stops the lanes after
 * their current batch and is thrown once all have stopped.
 */
export async function runPayments(db: Db, payoutId: number, userId: number | null, options: RunOptions = {}): Promise<number> {
  const inTransaction = <T>(fn: (trx: Db) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  const read = await inTransaction(async (trx) => {
    const payout = await trx.selectFrom('payouts').select(['id', 'month']).where('id', '=', payoutId).forShare().executeTakeFirst();
    return payout ? { payout, input: await runInput(trx, payout) } : undefined;
  });
  if (!read) return 0;
  const { payout, input } = read;
  const { rates, revenue } = input;
  const contracts = input.contractIds;
  const size = options.batchSize ?? RUN_BATCH;
  const batches: number[][] = [];
  for (let i = 0; i < contracts.length; i += size) batches.push(contracts.slice(i, i + size));
  let created = 0;
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < batches.length) {
      const batch = batches[next++];
      try {
        // Awaited first: `created += await` would add to the value read before the wait and lose other lanes' counts.
        const n = await runBatch(db, payout, batch, rates, revenue, userId);
        created += n;
        await options.afterBatch?.(batch);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // In a caller's transaction (the demo seed) there is one connection: one lane.
  const lanes = db.isTransaction ? 1 : Math.min(RUN_LANES, batches.length);
  const results = await Promise.allSettled(Array.from({ length: lanes }, lane));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  return created;
}
