import DecimalJs from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { runPayments } from '../../src/server/modules/payments/run.js';
import { reconciliation } from '../../src/server/modules/payouts/queries.js';
import { setupApi } from '../support/api.js';
import { addRevenue, newContract, newOrg, newPayout, newSource, type RevenueRowSpec, type ShareSpec } from '../support/run-fixtures.js';

/**
 * A randomised end-to-end property of the payment run (issue 22): seeded, reproducible, in-process,
 * many cases in one database. Each case makes sources on zero, one or two contracts (a renewal inside the
 * month, a contract starting mid-month, one ended before it), combined or separate shares of all three
 * formulas, several vendors and currencies, and revenue rows of several types and currencies with
 * negative adjustments, some unallocated; then runs the payments. For every payout, type and currency:
 * imported = allocated + unallocated and allocated = paid under a contract + without one; and every
 * contract vendor's payment equals a recomputation of DOMAIN.md written here with decimal.js alone
 * (none of the run's code): convert per pair, formula per share, round once half away from zero, split
 * by largest remainder.
 */
const api = setupApi();
const D = DecimalJs.clone({ precision: 80, rounding: DecimalJs.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;
const SEED = Number(process.env.RUN_PROPERTY_SEED ?? 20261128);
const CASES = Number(process.env.RUN_PROPERTY_CASES ?? 200);
const MONTH = '2026-02-01';
const CURRENCIES = ['USD', 'EUR', 'GBP'];
const TYPES = ['adsense', 'audio_tier', 'red', 'shorts', 'ecommerce', 'recoupment', 'withholding_tax', 'direct'];

function prng(seed: number) {
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

/** DOMAIN "Payment run" step 1, written out again. */
function shareOf(combined: boolean, type: string): string {
  if (combined) return type === 'direct' ? 'direct' : 'all';
  return ({ red: 'red', ecommerce: 'ecommerce', shorts: 'shorts', direct: 'direct' } as Record<string, string>)[type] ?? 'indirect';
}

/** Largest remainder (ties to the earlier part), a negative total split as its opposite. */
function largestRemainder(total: Dec, percentages: Dec[]): Dec[] {
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

interface ModelContract {
  id: number;
  currency: string;
  start: string;
  end: string | null;
  combined: boolean;
  shares: ShareSpec[];
  percentages: string[];
  cvs: number[];
}

interface Case {
  payout: number;
  rates: Map<string, Dec>;
  rows: (RevenueRowSpec & { currency: string })[];
  /** The paying contract of each source (none: no contract covers the month). */
  paying: Map<number, ModelContract | undefined>;
}

async function makeCase(r: ReturnType<typeof prng>, org: number): Promise<Case> {
  const rates = new Map<string, Dec>();
  const rateRows: [string, string, string][] = [];
  for (const b of CURRENCIES) for (const t of CURRENCIES) if (b !== t) {
    const rate = `0.${r.int(5, 9)}${r.int(0, 999)}`;
    rates.set(`${b}->${t}`, new D(rate));
    rateRows.push([b, t, rate]);
  }
  const payout = await newPayout(api.db, MONTH, ['adsense', 'direct'], rateRows);
  const rows: Case['rows'] = [];
  const paying = new Map<number, ModelContract | undefined>();
  const sourceCount = r.int(1, 3);
  for (let s = 0; s < sourceCount; s += 1) {
    const source = await newSource(api.db, org);
    const contract = async (start: string, end: string | null): Promise<ModelContract> => {
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
      const made = await newContract(api.db, { org, currency, start, end, shares, vendors: percentages.map((p) => p.toFixed()), sources: [source] });
      return { id: made.id, currency, start, end, combined, shares, percentages: percentages.map((p) => p.toFixed()), cvs: made.cvs };
    };
    const scenario = r.int(0, 4);
    if (scenario === 0) paying.set(source, await contract('2025-01-01', null));
    else if (scenario === 1) {
      // A renewal inside the month: February belongs to the one covering its first day.
      const day = r.int(1, 27);
      const first = await contract('2025-01-01', `2026-02-${String(day).padStart(2, '0')}`);
      await contract(`2026-02-${String(day + 1).padStart(2, '0')}`, null);
      paying.set(source, first);
    } else if (scenario === 2) paying.set(source, await contract(`2026-02-${String(r.int(2, 28)).padStart(2, '0')}`, null));
    else if (scenario === 3) {
      await contract('2025-01-01', '2026-01-31');
      paying.set(source, undefined);
    } else paying.set(source, undefined);
    const rowCount = r.int(1, 6);
    for (let i = 0; i < rowCount; i += 1) {
      const negative = r.next() < 0.2;
      rows.push({ source: r.next() < 0.15 ? null : source, type: r.pick(TYPES), revenue: `${negative ? '-' : ''}${r.decimal(500, r.int(0, 8))}`, currency: r.pick(CURRENCIES) });
    }
  }
  await addRevenue(api.db, payout, rows);
  return { payout, rates, rows, paying };
}

/** What every contract vendor earns, recomputed from DOMAIN.md; and which rows are paid under a contract. */
function expected(c: Case): { earnings: Map<number, Dec>; paid: (row: Case['rows'][number]) => boolean } {
  const paid = (row: Case['rows'][number]) => {
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

let org = 0;
beforeAll(async () => {
  org = await newOrg(api.db);
});

describe('the payment run, property over generated payouts', () => {
  it(`reconciles and pays every vendor as DOMAIN.md computes, to the cent (${CASES} cases, seed ${SEED})`, { timeout: 600_000 }, async () => {
    const r = prng(SEED);
    const failures: unknown[] = [];
    for (let n = 0; n < CASES && failures.length < 3; n += 1) {
      const c = await makeCase(r, org);
      await runPayments(api.db, c.payout, null);
      const { earnings, paid } = expected(c);
      const payments = await api.db.selectFrom('payments').select(['contract_vendor_id', 'amount']).where('payout_id', '=', c.payout).execute();
      const actual = new Map(payments.map((p) => [Number(p.contract_vendor_id), new D(p.amount)]));
      const mismatch = [...new Set([...earnings.keys(), ...actual.keys()])].filter((cv) => !(earnings.get(cv) ?? new D('NaN')).equals(actual.get(cv) ?? new D('NaN')));
      // Reconciliation per type and currency: the server's sums, and the split into paid and not paid as the model says.
      const rec = await reconciliation(api.db, c.payout, MONTH);
      const sums = (pred: (row: Case['rows'][number]) => boolean) => {
        const m = new Map<string, Dec>();
        for (const row of c.rows.filter(pred)) m.set(`${row.type}|${row.currency}`, (m.get(`${row.type}|${row.currency}`) ?? new D(0)).plus(row.revenue));
        return m;
      };
      const imported = sums(() => true);
      const withContract = sums((row) => row.source !== null && paid(row));
      const recBad = rec.filter((x) => {
        const key = `${x.revenue_type}|${x.currency}`;
        const d = (v: string) => new D(v);
        return (
          !x.balanced ||
          !d(x.imported).equals(imported.get(key) ?? 0) ||
          !d(x.imported).equals(d(x.allocated).plus(x.unallocated)) ||
          !d(x.allocated).equals(d(x.with_contract).plus(x.without_contract)) ||
          !d(x.with_contract).equals(withContract.get(key) ?? 0)
        );
      });
      if (rec.length !== imported.size || mismatch.length > 0 || recBad.length > 0) {
        failures.push({ case: n, seed: SEED, mismatch: mismatch.map((cv) => [cv, earnings.get(cv)?.toFixed(), actual.get(cv)?.toFixed()]), recBad, rows: c.rows });
      }
    }
    expect(failures).toEqual([]);
  });
});
