import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { runPayments } from '../../src/server/modules/payments/run.js';
import { setupApi, type TestUser } from '../support/api.js';
import { organizationValues } from '../support/records.js';

// Payments storage (migration 0021), the payouts' "payments exist" hook and the run's core (routes and job not yet).
const api = setupApi();
let staff: TestUser;
const ids = { org: 0, vendor: 0, contract: 0, cv: 0 };

beforeAll(async () => {
  staff = await api.user(['payouts']);
  const org = await api.db
    .insertInto('organizations')
    .values(organizationValues({ name: 'Zahlung GmbH', number: '601', vendor_source_prefix_external: '100', vendor_source_prefix_internal: '200', vendor_source_prefix_network: '300' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.org = org.id;
  ids.vendor = (await api.db.insertInto('vendors').values({ organization_id: org.id, number: 601, name: 'Ana Lopez', type: 'company' }).returning('id').executeTakeFirstOrThrow()).id;
  ids.contract = (
    await api.db
      .insertInto('contracts')
      .values({ organization_id: org.id, contract_type: 'adsense', currency: 'EUR', start_date: '2020-01-01', state: 'signed', credit_note_type: 'short' } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.cv = (
    await api.db.insertInto('contract_vendors').values({ contract_id: ids.contract, vendor_id: ids.vendor, share_percentage: '100' }).returning('id').executeTakeFirstOrThrow()
  ).id;
});

async function newPayout(): Promise<number> {
  const res = await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month: '2026-01-01', payout_types: ['adsense'] } }, as: staff });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const payment = (payout_id: number, type = 'invoice', totals = { amount: '100.00', vat_amount: '19.00', wht_amount: '0.00', total_amount: '119.00' }) =>
  sql<{ id: number }>`
    INSERT INTO payments (type, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, currency, currency_rate,
                          start_date, end_date, due_date, amount, vat_percentage, vat_amount, wht_amount, total_amount)
    VALUES (${type}, ${payout_id}, ${ids.org}, ${ids.contract}, ${ids.cv}, ${ids.vendor}, 'EUR', 0.9,
            '2026-01-01', '2026-01-31', '2026-02-28', ${totals.amount}, 19, ${totals.vat_amount}, ${totals.wht_amount}, ${totals.total_amount})
    ON CONFLICT (payout_id, contract_vendor_id, type) WHERE cancelled_payment_id IS NULL DO NOTHING
    RETURNING id`;

describe('payments table', () => {
  it('keeps one run payment per payout, contract vendor and type, also when inserted concurrently', async () => {
    const payoutId = await newPayout();
    const results = await Promise.all(Array.from({ length: 6 }, () => payment(payoutId).execute(api.db)));
    expect(results.flatMap((r) => r.rows)).toHaveLength(1);
    const stored = await api.db.selectFrom('payments').selectAll().where('payout_id', '=', payoutId).execute();
    expect(stored.map((p) => [p.type, p.state, p.amount, p.total_amount, p.reference.startsWith('P')])).toEqual([['invoice', 'new', '100.00', '119.00', true]]);
    // another type for the same contract vendor is its own payment
    expect((await payment(payoutId, 'self_billing').execute(api.db)).rows).toHaveLength(1);
  });

  it('refuses a total that is not amount + vat - wht - fee', async () => {
    const payoutId = await newPayout();
    await expect(payment(payoutId, 'invoice', { amount: '100.00', vat_amount: '19.00', wht_amount: '0.00', total_amount: '119.01' }).execute(api.db)).rejects.toThrow(/payments_total/);
  });
});

describe('a payout with payments (payouts hook)', () => {
  it('cannot be deleted, its rates are locked and its revenues stay', async () => {
    const payoutId = await newPayout();
    const before = (await api.request({ method: 'GET', url: `/api/payouts/${payoutId}`, as: staff })).json();
    expect([before.can_be_deleted, before.can_edit_currency_rates]).toEqual([true, true]);
    await payment(payoutId).execute(api.db);
    const after = (await api.request({ method: 'GET', url: `/api/payouts/${payoutId}`, as: staff })).json();
    expect([after.can_be_deleted, after.can_edit_currency_rates, after.can_delete_revenues, after.can_allocate_revenues]).toEqual([false, false, false, false]);
    // The commands name the reason: the payments, not a lack of allocated revenues.
    expect([before.has_payments, after.has_payments]).toEqual([false, true]);
    const del = await api.request({ method: 'DELETE', url: `/api/payouts/${payoutId}`, as: staff });
    expect(del.statusCode).toBe(422);
    expect(await api.db.selectFrom('payouts').select('id').where('id', '=', payoutId).executeTakeFirst()).toBeDefined();
  });
});

describe('the payment run (runPayments)', () => {
  const month = '2026-02-01';
  let runContractId = 0;
  let cvPaid = 0;
  let cvHeld = 0;
  const src: number[] = [];

  beforeAll(async () => {
    runContractId = (
      await api.db
        .insertInto('contracts')
        .values({ organization_id: ids.org, contract_type: 'adsense', currency: 'EUR', start_date: '2020-01-01', state: 'signed', credit_note_type: 'short' } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await api.db.insertInto('contract_revenue_shares').values({ contract_id: runContractId, type: 'all', formula: 'rev_share', rev_share: '50', baseline: '0' } as never).execute();
    const v1 = (await api.db.insertInto('vendors').values({ organization_id: ids.org, number: 611, name: 'Paid Vendor', type: 'company' }).returning('id').executeTakeFirstOrThrow()).id;
    const v2 = (await api.db.insertInto('vendors').values({ organization_id: ids.org, number: 612, name: 'Held Vendor', type: 'company' }).returning('id').executeTakeFirstOrThrow()).id;
    await api.db.insertInto('vendor_tax_infos').values({ vendor_id: v1, vat_percentage: '19', withholding_tax_percentage: '0' } as never).execute();
    cvPaid = (await api.db.insertInto('contract_vendors').values({ contract_id: runContractId, vendor_id: v1, share_percentage: '50', position: 0 }).returning('id').executeTakeFirstOrThrow()).id;
    cvHeld = (
      await api.db
        .insertInto('contract_vendors')
        .values({ contract_id: runContractId, vendor_id: v2, share_percentage: '50', position: 1, payout_on_hold: true, payout_on_hold_reason: 'dispute' } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const ref of ['RUN-S1', 'RUN-S2']) {
      const s = await api.db.insertInto('revenue_sources').values({ type: 'youtube_label', reference_id: ref, organization_id: ids.org } as never).returning('id').executeTakeFirstOrThrow();
      src.push(s.id);
      await api.db.insertInto('contract_revenue_sources').values({ contract_id: runContractId, revenue_source_id: s.id } as never).execute();
    }
  });

  async function payoutWith(rateValue: string | null): Promise<number> {
    const p = await api.db.insertInto('payouts').values({ month, payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow();
    if (rateValue !== null) await api.db.insertInto('currency_rates').values({ date: month, base_currency: 'USD', target_currency: 'EUR', rate: rateValue, payout_id: p.id }).execute();
    const row = (source: number, revenue_type: string, revenue: string) => ({ payout_id: p.id, payout_file_id: 0, revenue_type, revenue, revenue_source_id: source, allocated_by: 'manual' });
    await api.db.insertInto('payout_revenues').values([row(src[0], 'adsense', '50.00'), row(src[0], 'red', '16.6667'), row(src[1], 'adsense', '44.4556')]).execute();
    return p.id;
  }

  it('creates exact payments and line items to the cent, on-hold vendors on hold', async () => {
    const payoutId = await payoutWith('0.9');
    expect(await runPayments(api.db, payoutId, null)).toBe(2);
    const payments = await api.db.selectFrom('payments').selectAll().where('payout_id', '=', payoutId).orderBy('contract_vendor_id').execute();
    // Converted: S1 (50 + 16.6667) × 0.9 = 60.00003, S2 44.4556 × 0.9 = 40.01004, R = 100.01007.
    // all share: 100.01007 × 50% = 50.005035 → 50.01 (rounded once); halves 25.0050175 → 25.01 (first) and 25.00.
    // VAT of the first: 25.01 × 19% = 4.7519 → 4.75; total 29.76. The held vendor has no tax info: no VAT, 25.00.
    expect(payments.map((p) => [p.contract_vendor_id, p.type, p.state, p.amount, p.vat_amount, p.wht_amount, p.total_amount, p.currency_rate])).toEqual([
      [cvPaid, 'invoice', 'new', '25.01', '4.75', '0.00', '29.76', '0.9000000000'],
      [cvHeld, 'invoice', 'on_hold', '25.00', '0.00', '0.00', '25.00', '0.9000000000'],
    ]);
    const lines = await api.db.selectFrom('payment_line_items').selectAll().where('payment_id', 'in', payments.map((p) => p.id)).orderBy('payment_id').orderBy('revenue_source_id').execute();
    // First vendor's 25.01 over 60.00003 / 40.01004: 15.0045… / 10.0055… → 15.00 + 10.01; the second's 25.00: 14.9985… / 10.0015… → 15.00 + 10.00.
    expect(lines.map((l) => [l.revenue_source_id, l.share_type, l.revenue_type, l.revenue, l.revenue_final, l.amount])).toEqual([
      [src[0], 'all', 'adsense,red', '66.6667', '60.00003', '15.00'],
      [src[1], 'all', 'adsense', '44.4556', '40.01004', '10.01'],
      [src[0], 'all', 'adsense,red', '66.6667', '60.00003', '15.00'],
      [src[1], 'all', 'adsense', '44.4556', '40.01004', '10.00'],
    ]);
  });

  it('creates each payment once when run twice and concurrently', async () => {
    const payoutId = await payoutWith('0.9');
    const counts = await Promise.all([runPayments(api.db, payoutId, null), runPayments(api.db, payoutId, null)]);
    expect(counts.sort()).toEqual([0, 2]);
    expect(await runPayments(api.db, payoutId, null)).toBe(0);
    const n = await api.db.selectFrom('payments').select((e) => e.fn.countAll<string>().as('n')).where('payout_id', '=', payoutId).executeTakeFirstOrThrow();
    const items = await sql<{ n: string }>`SELECT count(*) AS n FROM payment_line_items li JOIN payments p ON p.id = li.payment_id WHERE p.payout_id = ${payoutId}`.execute(api.db);
    expect([Number(n.n), Number(items.rows[0].n)]).toEqual([2, 4]);
  });

  it('fails naming the missing or zero rate and creates nothing', async () => {
    for (const r of [null, '0']) {
      const payoutId = await payoutWith(r);
      await expect(runPayments(api.db, payoutId, null)).rejects.toMatchObject({ errors: { base: ['missing_currency_rate: USD->EUR'] } });
      expect(await api.db.selectFrom('payments').select('id').where('payout_id', '=', payoutId).execute()).toEqual([]);
    }
  });

  it('a run stopped after a batch is finished by the restart exactly once', async () => {
    const payoutId = await payoutWith('0.9');
    await expect(runPayments(api.db, payoutId, null, { afterBatch: async () => Promise.reject(new Error('worker killed')) })).rejects.toThrow('worker killed');
    expect(await runPayments(api.db, payoutId, null)).toBe(0);
    expect((await api.db.selectFrom('payments').select('id').where('payout_id', '=', payoutId).execute()).length).toBe(2);
  });
});

describe('payments routes of a payout', () => {
  it('refuses a run without a rate naming the pair; runs, sums up per organization, deletes while new', async () => {
    const payoutId = await (async () => {
      const res = await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month: '2026-03-01', payout_types: ['adsense'] } }, as: staff });
      return res.json().id as number;
    })();
    await api.db.deleteFrom('currency_rates').where('payout_id', '=', payoutId).execute();
    const src = await api.db.insertInto('revenue_sources').values({ type: 'youtube_label', reference_id: 'ROUTE-S1', organization_id: ids.org } as never).returning('id').executeTakeFirstOrThrow();
    await api.db.insertInto('contract_revenue_sources').values({ contract_id: ids.contract, revenue_source_id: src.id } as never).execute();
    await api.db.insertInto('contract_revenue_shares').values({ contract_id: ids.contract, type: 'all', formula: 'fixed_income', fixed_income: '100' } as never).execute();
    await api.db.insertInto('payout_revenues').values({ payout_id: payoutId, payout_file_id: 0, revenue_type: 'adsense', revenue: '1', revenue_source_id: src.id, allocated_by: 'manual' }).execute();

    const refused = await api.request({ method: 'POST', url: `/api/payouts/${payoutId}/payments`, as: staff });
    expect([refused.statusCode, refused.json().errors.base]).toEqual([422, ['missing_currency_rate: USD->EUR']]);
    await api.db.insertInto('currency_rates').values({ date: '2026-03-01', base_currency: 'USD', target_currency: 'EUR', rate: '0.9', payout_id: payoutId }).execute();
    const started = await api.request({ method: 'POST', url: `/api/payouts/${payoutId}/payments`, as: staff });
    expect(started.statusCode, started.body).toBe(202);
    // the job's run, waited for: while it is pending the payout's flags say so (no delete)
    await api.settled();
    const summary = (await api.request({ method: 'GET', url: `/api/payouts/${payoutId}/payments_summary`, as: staff })).json();
    // fixed income 100.00 for the one vendor (100%), no tax info: total 100.00
    expect(summary.entries).toEqual([
      { organization_id: ids.org, organization_name: 'Zahlung GmbH', currency: 'EUR', payments_count: 1, amount: '100.00', vat_amount: '0.00', wht_amount: '0.00', total_amount: '100.00' },
    ]);
    const payout = (await api.request({ method: 'GET', url: `/api/payouts/${payoutId}`, as: staff })).json();
    expect([payout.can_create_payments, payout.can_delete_payments]).toEqual([false, true]);

    await api.db.updateTable('payments').set({ state: 'payout_pending' }).where('payout_id', '=', payoutId).execute();
    expect((await api.request({ method: 'DELETE', url: `/api/payouts/${payoutId}/payments`, as: staff })).statusCode).toBe(422);
    await api.db.updateTable('payments').set({ state: 'new' }).where('payout_id', '=', payoutId).execute();
    const del = await api.request({ method: 'DELETE', url: `/api/payouts/${payoutId}/payments`, as: staff });
    expect(del.statusCode, del.body).toBe(200);
    expect(await api.db.selectFrom('payments').select('id').where('payout_id', '=', payoutId).execute()).toEqual([]);
    expect(del.json().can_create_payments).toBe(true);
  });
});
