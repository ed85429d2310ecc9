import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsPreview } from '../../src/shared/entities/payments-preview.js';
import { runPayments } from '../../src/server/modules/payments/run.js';
import { loadStatement } from '../../src/server/modules/payments/statement.js';
import { setupApi, type TestUser } from '../support/api.js';
import { paymentParty } from '../support/payment-fixtures.js';

/**
 * DOMAIN "Contracts": the terms in force on the first day of a payout month count for the whole month. A contract
 * starts on a 50% share of source S1; amendment A (applied, apply_on 15 October) makes it 80% of S1 and S2, amendment B
 * (apply_on 20 November) makes it 90%. October runs on the first terms, November on A's, December on B's, whenever
 * the runs happen; the preview shows what each run then creates.
 */
const api = setupApi();
let staff: TestUser;
let contractsAdmin: TestUser;
let contractId = 0;
let cvId = 0;
const payouts: Record<string, number> = {};
const sources: number[] = [];

/** A signed amendment straight in the tables (the amendments' own tests walk it there), applied through the API. */
async function applyAmendment(applyOn: string, share: string, sourceIds: number[] | null): Promise<void> {
  const { id } = await api.db
    .insertInto('contract_amendments')
    .values({ contract_id: contractId, number: sql<number>`(SELECT coalesce(max(number), 0) + 1 FROM contract_amendments WHERE contract_id = ${contractId})`, state: 'signed', apply_on: applyOn, change_revenue_shares: true, change_revenue_sources: sourceIds !== null } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.db.insertInto('contract_amendment_revenue_shares').values({ contract_amendment_id: id, type: 'all', formula: 'rev_share', rev_share: share, baseline: '0' } as never).execute();
  if (sourceIds) await api.db.insertInto('contract_amendment_revenue_sources').values(sourceIds.map((revenue_source_id) => ({ contract_amendment_id: id, revenue_source_id }))).execute();
  const res = await api.request({ method: 'POST', url: `/api/contracts/${contractId}/amendments/${id}/apply`, as: contractsAdmin });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  staff = await api.user(['payouts']);
  contractsAdmin = await api.user(['contracts_admin']);
  const party = await paymentParty(api.db, { month: '2026-10-01' });
  contractId = party.contract;
  cvId = party.cv;
  await api.db.insertInto('contract_revenue_shares').values({ contract_id: contractId, type: 'all', formula: 'rev_share', rev_share: '50', baseline: '0' } as never).execute();
  sources.push(party.source, (await api.db.insertInto('revenue_sources').values({ type: 'youtube_label', reference_id: `${party.source}-S2`, organization_id: party.org } as never).returning('id').executeTakeFirstOrThrow()).id);
  await api.db.insertInto('contract_revenue_sources').values({ contract_id: contractId, revenue_source_id: sources[0] } as never).execute();
  await applyAmendment('2026-10-15', '80', sources);
  await applyAmendment('2026-11-20', '90', null);
  // Each month: 100 USD on S1 and 40 USD on S2, at 0.5 EUR per USD.
  for (const month of ['2026-10-01', '2026-11-01', '2026-12-01']) {
    const p = month === '2026-10-01' ? { id: party.payout } : await api.db.insertInto('payouts').values({ month, payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow();
    await api.db.insertInto('currency_rates').values({ date: month, base_currency: 'USD', target_currency: 'EUR', rate: '0.5', payout_id: p.id }).execute();
    const row = (source: number, revenue: string) => ({ payout_id: p.id, payout_file_id: 0, revenue_type: 'adsense', revenue, revenue_source_id: source, allocated_by: 'manual' });
    await api.db.insertInto('payout_revenues').values([row(sources[0], '100.00'), row(sources[1], '40.00')]).execute();
    payouts[month] = p.id;
  }
});

const preview = async (payoutId: number) => {
  const res = await api.request({ method: 'GET', url: `/api/payouts/${payoutId}/payments_preview`, as: staff });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentsPreview;
};

const created = async (payoutId: number) =>
  (
    await sql<{ id: number; contract_vendor_id: number; amount: string; total_amount: string; items: string }>`
      SELECT p.id::int, p.contract_vendor_id::int, p.amount, p.total_amount,
             (SELECT string_agg(li.revenue_source_id || ':' || li.share_type || ':' || li.revenue || ':' || li.amount , ' ' ORDER BY li.revenue_source_id)
              FROM payment_line_items li WHERE li.payment_id = p.id) AS items
      FROM payments p WHERE p.payout_id = ${payoutId}`.execute(api.db)
  ).rows;

describe('the payment run on the terms in force on the payout month’s first day', () => {
  it('keeps the replaced terms when an amendment is applied, ending on its apply_on', async () => {
    const shares = await sql`SELECT r.ended_on::text, r.type, r.rev_share FROM contract_replaced_revenue_shares r WHERE r.contract_id = ${contractId} ORDER BY r.ended_on`.execute(api.db);
    expect(shares.rows).toEqual([
      { ended_on: '2026-10-15', type: 'all', rev_share: '50.0000' },
      { ended_on: '2026-11-20', type: 'all', rev_share: '80.0000' },
    ]);
    const kept = await sql`SELECT r.ended_on::text, r.revenue_source_id::int FROM contract_replaced_revenue_sources r WHERE r.contract_id = ${contractId}`.execute(api.db);
    expect(kept.rows).toEqual([{ ended_on: '2026-10-15', revenue_source_id: sources[0] }]);
  });

  it('runs October on the first terms, November on the 15 October amendment’s, December on the 20 November one’s; the preview shows each run', async () => {
    // By hand: October 100 USD (S1 only) × 0.5 × 50% = 25.00; November 140 × 0.5 × 80% = 56.00; December 140 × 0.5 × 90% = 63.00.
    const expected: Record<string, { rev_share: string; amount: string; items: string }> = {
      '2026-10-01': { rev_share: '50.0000', amount: '25.00', items: `${sources[0]}:all:100:25.00` },
      '2026-11-01': { rev_share: '80.0000', amount: '56.00', items: `${sources[0]}:all:100:40.00 ${sources[1]}:all:40:16.00` },
      '2026-12-01': { rev_share: '90.0000', amount: '63.00', items: `${sources[0]}:all:100:45.00 ${sources[1]}:all:40:18.00` },
    };
    // December's first, so no month depends on the order of the runs.
    for (const month of ['2026-12-01', '2026-10-01', '2026-11-01']) {
      const want = expected[month];
      const before = await preview(payouts[month]);
      expect(before.contracts.map((c) => [c.contract_id, c.shares.map((s) => s.rev_share), c.vendors.map((v) => [v.contract_vendor_id, v.amount, v.total_amount])])).toEqual([
        [contractId, [want.rev_share], [[cvId, want.amount, want.amount]]],
      ]);
      expect(await runPayments(api.db, payouts[month], null)).toBe(1);
      const rows = await created(payouts[month]);
      expect(rows).toEqual([{ id: expect.any(Number), contract_vendor_id: cvId, amount: want.amount, total_amount: want.amount, items: want.items }]);
      // The vendor's statement explains the payment with the formula the preview showed (a replaced share's terms too).
      const statement = await loadStatement(api.db, rows[0].id, '2026-11-24');
      expect(statement?.shares.map((s) => s.formula_text)).toEqual(before.contracts[0].shares.map((s) => s.formula_text));
      expect(before.contracts[0].shares[0].formula_text).toContain(`× ${Number(want.rev_share)}%`);
      // The preview after the run: the same figures, marked as created.
      const after = await preview(payouts[month]);
      expect(after.contracts.map((c) => [c.created, c.vendors.map((v) => v.total_amount)])).toEqual([[true, [want.amount]]]);
    }
  });
});
