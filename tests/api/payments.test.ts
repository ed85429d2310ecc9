import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestUser } from '../support/api.js';

// Payments storage (migration 0021) and the payouts' "payments exist" hook. The run itself is not built yet.
const api = setupApi();
let staff: TestUser;
const ids = { org: 0, vendor: 0, contract: 0, cv: 0 };

beforeAll(async () => {
  staff = await api.user(['payouts']);
  const org = await api.db
    .insertInto('organizations')
    .values({
      name: 'Zahlung GmbH',
      number: '601',
      country_code: 'DE',
      currency: 'EUR',
      city: 'Berlin',
      postal_code: '10115',
      street: 'Invalidenstraße',
      street_number: '1',
      vendor_source_prefix_external: '100',
      vendor_source_prefix_internal: '200',
      vendor_source_prefix_network: '300',
    })
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
    const del = await api.request({ method: 'DELETE', url: `/api/payouts/${payoutId}`, as: staff });
    expect(del.statusCode).toBe(422);
    expect(await api.db.selectFrom('payouts').select('id').where('id', '=', payoutId).executeTakeFirst()).toBeDefined();
  });
});
