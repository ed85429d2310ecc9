import DecimalJs from 'decimal.js';
import type { Db } from '../../src/server/db/connection.js';
import { newContract, type ShareSpec } from './run-fixtures.js';

/**
 * An independent model of DOMAIN.md "Payment run" steps 1-3 and "Allocation" (which contract pays a
 * source's month, which rows are paid under it), written with decimal.js alone (none of the run's code),
 * for the seeded property tests (tests/api/payment-run-property.test.ts in-process,
 * tests/api/import-run-property.test.ts end to end through report files and the HTTP API): a seeded
 * generator, random contracts of all formulas, the recomputation of every contract vendor's earnings,
 * and the reconciliation rule per payout, revenue type and currency.
 */
export const D = DecimalJs.clone({ precision: 80, rounding: DecimalJs.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;
export const CURRENCIES = ['USD', 'EUR', 'GBP'];

/** A seeded generator (mulberry32): the same seed gives the same cases. */
export function prng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  const decimal = (whole: number, places: number) => `${int(0, whole)}.${String(int(0, 10 ** places - 1)).padStart(places, '0')}`;
  return { next, int, pick, decimal };
}
export type Prng = ReturnType<typeof prng>;

/** DOMAIN "Payment run" step 1, written out again. */
export function shareOf(combined: boolean, type: string): string {
  if (combined) return type === 'direct' ? 'direct' : 'all';
  return ({ red: 'red', ecommerce: 'ecommerce', shorts: 'shorts', direct: 'direct' } as Record<string, string>)[type] ?? 'indirect';
}

/** Largest remainder (ties to the earlier part), a negative total split as its opposite. */
export function largestRemainder(total: Dec, percentages: Dec[]): Dec[] {
  const sign = total.isNegative() ? -1 : 1;
  const abs = total.abs();
  const exact = percentages.map((p) => abs.times(p).dividedBy(100));
  const floors = exact.map((e) => e.toDecimalPlaces(2, D.ROUND_FLOOR));
  let left = abs.minus(floors.reduce((a, f) => a.plus(f), new D(0))).times(100).toNumber();
  const order = exact.map((e, i) => ({ i, rest: e.minus(floors[i]) })).sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  const parts = [...floors];
  for (const { i } of order) if (left-- > 0) parts[i] = parts[i].plus('0.01');
  return parts.map((p) => p.times(sign));
}

export interface ModelContract {
  id: number;
  currency: string;
  start: string;
  end: string | null;
  combined: boolean;
  shares: ShareSpec[];
  percentages: string[];
  cvs: number[];
}

export interface ModelRow {
  /** null: not allocated. */
  source: number | null;
  type: string;
  /** Exactly as stored (a decimal string). */
  revenue: string;
  currency: string;
}

export interface ModelCase {
  /** `BASE->TARGET` → rate. */
  rates: Map<string, Dec>;
  rows: ModelRow[];
  /** The paying contract of each source (none: no contract covers the month). */
  paying: Map<number, ModelContract | undefined>;
}

/** Six random rates between every two of CURRENCIES, as `[base, target, rate]`. */
export function randomRates(r: Prng): { rates: Map<string, Dec>; rateRows: [string, string, string][] } {
  const rates = new Map<string, Dec>();
  const rateRows: [string, string, string][] = [];
  for (const b of CURRENCIES) for (const t of CURRENCIES) if (b !== t) {
    const rate = `0.${r.int(5, 9)}${r.int(0, 999)}`;
    rates.set(`${b}->${t}`, new D(rate));
    rateRows.push([b, t, rate]);
  }
  return { rates, rateRows };
}

/** A signed contract holding `source` from `start` to `end`: combined or separate shares of random formulas, 1-3 vendors, a random currency. */
export async function randomContract(r: Prng, db: Db, org: number, source: number, start: string, end: string | null): Promise<ModelContract> {
  const combined = r.next() < 0.5;
  const types = combined ? ['all', 'direct'] : ['indirect', 'red', 'ecommerce', 'shorts', 'direct'];
  const chosen = types.filter(() => r.next() < 0.6);
  if (chosen.length === 0) chosen.push(types[0]);
  const shares: ShareSpec[] = chosen.map((type) => {
    const formula = r.pick(['rev_share', 'fixed_income', 'cap'] as const);
    if (formula === 'rev_share') return { type: type as ShareSpec['type'], formula, rev_share: `${r.int(1, 99)}.${r.int(10, 99)}`, baseline: r.pick(['0', r.decimal(20, 2)]) };
    if (formula === 'fixed_income') return { type: type as ShareSpec['type'], formula, fixed_income: r.decimal(300, 2) };
    return { type: type as ShareSpec['type'], formula, rev_share: `${r.int(1, 99)}.${r.int(10, 99)}`, threshold: r.decimal(200, 2) };
  });
  const n = r.int(1, 3);
  const weights = Array.from({ length: n }, () => r.int(1, 9));
  const sumW = weights.reduce((a, w) => a + w, 0);
  // Percentages of 4 decimals summing to exactly 100.
  const percentages = weights.map((w) => new D(w).times(100).dividedBy(sumW).toDecimalPlaces(4, D.ROUND_DOWN));
  percentages[0] = percentages[0].plus(new D(100).minus(percentages.reduce((a, p) => a.plus(p), new D(0))));
  const currency = r.pick(CURRENCIES);
  const made = await newContract(db, { org, currency, start, end, shares, vendors: percentages.map((p) => p.toFixed()), sources: [source] });
  return { id: made.id, currency, start, end, combined, shares, percentages: percentages.map((p) => p.toFixed()), cvs: made.cvs };
}

/**
 * The contracts of `source` for February 2026 in one of five scenarios, and the one that pays the month
 * (DOMAIN "Allocation"): a contract since 2025; a renewal inside the month (the one covering the first
 * day pays); a contract starting mid-month; one that ended in January (none pays); none at all.
 */
export async function randomContracts(r: Prng, db: Db, org: number, source: number): Promise<ModelContract | undefined> {
  const scenario = r.int(0, 4);
  if (scenario === 0) return randomContract(r, db, org, source, '2025-01-01', null);
  if (scenario === 1) {
    const day = r.int(1, 27);
    const first = await randomContract(r, db, org, source, '2025-01-01', `2026-02-${String(day).padStart(2, '0')}`);
    await randomContract(r, db, org, source, `2026-02-${String(day + 1).padStart(2, '0')}`, null);
    return first;
  }
  if (scenario === 2) return randomContract(r, db, org, source, `2026-02-${String(r.int(2, 28)).padStart(2, '0')}`, null);
  if (scenario === 3) await randomContract(r, db, org, source, '2025-01-01', '2026-01-31');
  return undefined;
}

/** What every contract vendor earns, recomputed from DOMAIN.md; and which rows are paid under a contract. */
export function expectedEarnings(c: ModelCase): { earnings: Map<number, Dec>; paid: (row: ModelRow) => boolean } {
  const paid = (row: ModelRow) => {
    const k = row.source === null ? undefined : c.paying.get(row.source);
    return !!k && k.shares.some((s) => s.type === shareOf(k.combined, row.type));
  };
  const earnings = new Map<number, Dec>();
  const contracts = new Set([...c.paying.values()].filter((k): k is ModelContract => !!k));
  for (const k of contracts) {
    const own = c.rows.filter((row) => row.source !== null && c.paying.get(row.source) === k && paid(row));
    if (own.length === 0) continue;
    const perVendor = k.cvs.map(() => new D(0));
    for (const share of k.shares) {
      const rows = own.filter((row) => shareOf(k.combined, row.type) === share.type);
      if (rows.length === 0) continue; // a share without rows pays nothing (not even a fixed income)
      const R = rows.reduce((a, row) => a.plus(new D(row.revenue).times(row.currency === k.currency ? 1 : c.rates.get(`${row.currency}->${k.currency}`)!)), new D(0));
      const exact =
        share.formula === 'rev_share'
          ? D.max(R.minus(share.baseline!), 0).times(share.rev_share!).dividedBy(100)
          : share.formula === 'fixed_income'
            ? new D(share.fixed_income!)
            : D.min(R.times(share.rev_share!).dividedBy(100), new D(share.threshold!));
      const rounded = exact.toDecimalPlaces(2, D.ROUND_HALF_UP);
      largestRemainder(rounded, k.percentages.map((p) => new D(p))).forEach((part, i) => (perVendor[i] = perVendor[i].plus(part)));
    }
    k.cvs.forEach((cv, i) => earnings.set(cv, perVendor[i]));
  }
  return { earnings, paid };
}

/**
 * What the run says each contract vendor earned in a payout: its earning entry on the ledger of balances
 * (DOMAIN "Payment run" steps 3-4; one per contract vendor of a contract with revenue, zero and negative
 * amounts included), whatever of it was paid or carried.
 */
export async function earnedByRun(db: Db, payout: number): Promise<{ contract_vendor_id: number; amount: string }[]> {
  const rows = await db
    .selectFrom('balance_entries')
    .select(['contract_vendor_id', 'amount'])
    .where('payout_id', '=', payout)
    .where('kind', '=', 'earning')
    .where('payment_id', 'is', null)
    .execute();
  return rows.map((r) => ({ contract_vendor_id: Number(r.contract_vendor_id), amount: r.amount }));
}

/** Contract vendors whose payment differs from the model's earnings: `[cv, expected, actual]`. */
export function earningsMismatches(expected: Map<number, Dec>, payments: readonly { contract_vendor_id: number | string; amount: string }[]): [number, string | undefined, string | undefined][] {
  const actual = new Map(payments.map((p) => [Number(p.contract_vendor_id), new D(p.amount)]));
  return [...new Set([...expected.keys(), ...actual.keys()])]
    .filter((cv) => !(expected.get(cv) ?? new D('NaN')).equals(actual.get(cv) ?? new D('NaN')))
    .map((cv) => [cv, expected.get(cv)?.toFixed(), actual.get(cv)?.toFixed()]);
}

export interface ReconciliationLine {
  revenue_type: string;
  currency: string;
  imported: string;
  allocated: string;
  unallocated: string;
  with_contract: string;
  without_contract: string;
  balanced: boolean;
}

/**
 * The reconciliation lines that break DOMAIN "Allocation" for the model's rows: per type and currency,
 * imported = the rows' sum = allocated + unallocated, allocated = with + without a contract, with a
 * contract = the sum of the rows the model pays, allocated = the sum of the placed rows; and one line
 * per type and currency the rows have (`missing` lists those without one).
 */
export function reconciliationProblems(c: ModelCase, paid: (row: ModelRow) => boolean, lines: readonly ReconciliationLine[]): { bad: ReconciliationLine[]; missing: string[] } {
  const sums = (pred: (row: ModelRow) => boolean) => {
    const m = new Map<string, Dec>();
    for (const row of c.rows.filter(pred)) m.set(`${row.type}|${row.currency}`, (m.get(`${row.type}|${row.currency}`) ?? new D(0)).plus(row.revenue));
    return m;
  };
  const imported = sums(() => true);
  const allocated = sums((row) => row.source !== null);
  const withContract = sums((row) => row.source !== null && paid(row));
  const bad = lines.filter((x) => {
    const key = `${x.revenue_type}|${x.currency}`;
    const d = (v: string) => new D(v);
    return (
      !x.balanced ||
      !d(x.imported).equals(imported.get(key) ?? 0) ||
      !d(x.imported).equals(d(x.allocated).plus(x.unallocated)) ||
      !d(x.allocated).equals(d(x.with_contract).plus(x.without_contract)) ||
      !d(x.allocated).equals(allocated.get(key) ?? 0) ||
      !d(x.with_contract).equals(withContract.get(key) ?? 0)
    );
  });
  const seen = new Set(lines.map((x) => `${x.revenue_type}|${x.currency}`));
  return { bad, missing: [...imported.keys()].filter((k) => !seen.has(k)) };
}
