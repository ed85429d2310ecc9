import { toDecimal } from '../../src/shared/money.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runPayments } from '../../src/server/modules/payments/run.js';
import { setupApi } from '../support/api.js';
import { finishWithRestartedWorker, hold, killMidRun, killWorkers, startWorker, waitingIn } from '../support/killed-worker.js';
import { organizationValues } from '../support/records.js';

/**
 * The payment run's exactly-once promise against a real crash: the run's job is worked by a separate
 * worker process, killed with SIGKILL in the middle of a batch's transaction (the other batches of
 * contracts committed, one half-written), and a restarted worker finishes the same job. Every payment
 * must exist once, with the figures of an uninterrupted run of the same revenue.
 */
// No workers in this process: the forked worker must be the one that runs the job.
const api = setupApi({ workers: false });
const month = '2026-04-01';
const CONTRACTS = 12;
/** The contract whose run is cut off halfway (its second vendor's payment waits for a row lock). */
const CUT = 6;
/** Contracts per transaction in the worker: four batches, the cut contract's the second (contracts 4 to 6). */
const BATCH = 3;
const inCutBatch = (i: number) => Math.floor(i / BATCH) === Math.floor((CUT - 1) / BATCH);
const contracts: number[] = [];
let heldVendor = 0;
let crashed = 0;
let reference = 0;
const env = { PAYMENT_RUN_BATCH: String(BATCH) };

beforeAll(async () => {
  const org = await api.db
    .insertInto('organizations')
    .values(organizationValues({ name: 'Absturz GmbH', number: '701', street_number: '2', vendor_source_prefix_external: '110', vendor_source_prefix_internal: '210', vendor_source_prefix_network: '310' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const payouts = [];
  for (let n = 0; n < 2; n += 1) {
    const p = await api.db.insertInto('payouts').values({ month, payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow();
    await api.db.insertInto('currency_rates').values({ date: month, base_currency: 'USD', target_currency: 'EUR', rate: '0.9', payout_id: p.id }).execute();
    payouts.push(p.id);
  }
  [crashed, reference] = payouts;
  let vendorNumber = 7000;
  const vendor = async (name: string) => {
    vendorNumber += 1;
    return (await api.db.insertInto('vendors').values({ organization_id: org.id, number: vendorNumber, name, type: 'company' }).returning('id').executeTakeFirstOrThrow()).id;
  };
  for (let i = 1; i <= CONTRACTS; i += 1) {
    const contract = await api.db
      .insertInto('contracts')
      .values({ organization_id: org.id, contract_type: 'adsense', currency: 'EUR', start_date: '2020-01-01', state: 'signed', credit_note_type: 'short' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    contracts.push(contract.id);
    await api.db.insertInto('contract_revenue_shares').values({ contract_id: contract.id, type: 'all', formula: 'rev_share', rev_share: '50', baseline: '0' } as never).execute();
    const shares = i === CUT ? ['60', '40'] : ['100'];
    for (const [position, share] of shares.entries()) {
      const v = await vendor(`Vendor ${i}.${position}`);
      if (i === CUT && position === 1) heldVendor = v;
      await api.db.insertInto('contract_vendors').values({ contract_id: contract.id, vendor_id: v, share_percentage: share, position }).execute();
    }
    const source = await api.db.insertInto('revenue_sources').values({ type: 'youtube_label', reference_id: `CRASH-${i}`, organization_id: org.id } as never).returning('id').executeTakeFirstOrThrow();
    await api.db.insertInto('contract_revenue_sources').values({ contract_id: contract.id, revenue_source_id: source.id } as never).execute();
    // Contract i earns (10 + i).005 USD in both payouts.
    for (const payout_id of payouts) {
      const row = (revenue: string) => ({ payout_id, payout_file_id: 0, revenue_type: 'adsense', revenue, revenue_source_id: source.id, allocated_by: 'manual' });
      await api.db.insertInto('payout_revenues').values([row('10.0000'), row(`${i}.0050`)]).execute();
    }
  }
});

afterAll(killWorkers);

interface PaymentRow {
  contract_id: number;
  contract_vendor_id: number;
  n: number;
  amount: string;
  vat_amount: string;
  wht_amount: string;
  total_amount: string;
  items: string;
}

const paymentsOf = (payoutId: number) =>
  sql<PaymentRow>`
    SELECT p.contract_id::int, p.contract_vendor_id::int, count(*) OVER (PARTITION BY p.contract_vendor_id)::int AS n,
           p.amount, p.vat_amount, p.wht_amount, p.total_amount,
           (SELECT string_agg(li.revenue_source_id || ':' || li.revenue_final || ':' || li.amount, ' ' ORDER BY li.id) FROM payment_line_items li WHERE li.payment_id = p.id) AS items
    FROM payments p WHERE p.payout_id = ${payoutId} ORDER BY p.contract_id, p.contract_vendor_id`;

describe('the payment run in a worker process killed with SIGKILL', () => {
  it('is finished by a restarted worker, every payment exactly once with exact totals', { timeout: 180_000 }, async () => {
    // The reference: the same revenue, run in this process without interruption.
    expect(await runPayments(api.db, reference, null)).toBe(CONTRACTS + 1);

    // Hold the row the cut contract's second payment needs (its vendor: the foreign key check waits).
    const held = await hold(api, ['SELECT id FROM vendors WHERE id = $1 FOR UPDATE', [heldVendor]]);

    const first = startWorker(api, env);
    await first.ready;
    const jobId = await first.send('payments', crashed);

    // The state to kill in: every other batch committed (the run's other lane went on), the cut one's
    // transaction waits for the lock in its first INSERT (the earnings on the ledger), nothing of it committed.
    let waiting = 0;
    let before: PaymentRow[] = [];
    await vi.waitFor(
      async () => {
        waiting = await waitingIn(api, '%insert into balance_entries (%');
        before = (await paymentsOf(crashed).execute(api.db)).rows;
        expect([...new Set(before.map((p) => p.contract_id))]).toEqual(contracts.filter((_, i) => !inCutBatch(i)));
      },
      { timeout: 90_000, interval: 50 },
    );

    await killMidRun(api, first, held, waiting);
    expect((await paymentsOf(crashed).execute(api.db)).rows).toEqual(before);
    await finishWithRestartedWorker(api, jobId, { env });

    const after = (await paymentsOf(crashed).execute(api.db)).rows;
    const expected = (await paymentsOf(reference).execute(api.db)).rows;
    // One payment per contract vendor, each once, every figure and line item as the uninterrupted run's.
    expect(after).toHaveLength(CONTRACTS + 1);
    expect(after.every((p) => p.n === 1)).toBe(true);
    const figures = (rows: PaymentRow[]) => rows.map(({ contract_id, n, amount, vat_amount, wht_amount, total_amount, items }) => ({ contract_id, n, amount, vat_amount, wht_amount, total_amount, items }));
    expect(figures(after)).toEqual(figures(expected));
    // By hand: contract i's (10 + i).005 USD × 0.9 × 50% = (10 + i) × 0.45 + 0.00225, rounded (10 + i) × 0.45;
    // over i = 1..12 that is 0.45 × 198 = 89.10 EUR. The cut contract's 7.20 splits 60/40 into 4.32 + 2.88.
    const totals = await sql<{ total: string; items: number; audits: number }>`
      SELECT sum(total_amount)::text AS total,
             (SELECT count(*)::int FROM payment_line_items li JOIN payments q ON q.id = li.payment_id WHERE q.payout_id = ${crashed}) AS items,
             (SELECT count(*)::int FROM audit_logs a WHERE a.auditable_type = 'Payment' AND a.auditable_id IN (SELECT id FROM payments WHERE payout_id = ${crashed})) AS audits
      FROM payments WHERE payout_id = ${crashed}`.execute(api.db);
    expect(totals.rows).toEqual([{ total: '89.10', items: CONTRACTS + 1, audits: CONTRACTS + 1 }]);
    expect(after.filter((p) => p.contract_id === contracts[CUT - 1]).map((p) => p.total_amount)).toEqual(['4.32', '2.88']);
    // The ledger too: one earning and one payment entry per contract vendor, every balance back at zero.
    const ledger = await sql<{ kind: string; n: number; cvs: number; sum: string }>`
      SELECT kind, count(*)::int AS n, count(DISTINCT contract_vendor_id)::int AS cvs, sum(amount)::text AS sum FROM balance_entries WHERE payout_id = ${crashed} GROUP BY kind ORDER BY kind`.execute(api.db);
    expect(ledger.rows.map((r) => [r.kind, r.n, r.cvs])).toEqual([['earning', CONTRACTS + 1, CONTRACTS + 1], ['payment', CONTRACTS + 1, CONTRACTS + 1]]);
    expect(toDecimal(ledger.rows[0].sum).plus(toDecimal(ledger.rows[1].sum)).isZero()).toBe(true);
  });
});
