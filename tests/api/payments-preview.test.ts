import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { toDecimal } from '../../src/shared/money.js';
import type { PaymentsPreview } from '../../src/shared/entities/payments-preview.js';
import { runPayments } from '../../src/server/modules/payments/run.js';
import { setupApi, type TestUser } from '../support/api.js';
import { organizationValues } from '../support/records.js';

// GET /api/payouts/{id}/payments_preview: what the run would create, by the run's own code.
const api = setupApi();
let staff: TestUser;
let other: TestUser;
let payoutId = 0;
const cv: number[] = [];

beforeAll(async () => {
  staff = await api.user(['payouts']);
  other = await api.user(['payments']);
  const org = await api.db
    .insertInto('organizations')
    .values(organizationValues({ name: 'Vorschau GmbH', number: '701', street_number: '2', vendor_source_prefix_external: '110', vendor_source_prefix_internal: '210', vendor_source_prefix_network: '310' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const contract = await api.db
    .insertInto('contracts')
    .values({ organization_id: org.id, contract_type: 'adsense', currency: 'EUR', start_date: '2020-01-01', state: 'signed', credit_note_type: 'short' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.db
    .insertInto('contract_revenue_shares')
    .values([
      { contract_id: contract.id, type: 'indirect', formula: 'rev_share', rev_share: '30', baseline: '100.00' },
      { contract_id: contract.id, type: 'red', formula: 'cap', rev_share: '50', threshold: '20.00' },
    ] as never)
    .execute();
  // A German vendor with VAT, an Austrian one with an EU VAT id (reverse charge) and withholding tax, one without tax info.
  const vendors = [
    { name: 'Vorschau Eins', country: 'DE', tax: { vat_percentage: '19', withholding_tax_percentage: '0' }, share: '33.3333' },
    { name: 'Vorschau Zwei', country: 'AT', tax: { vat_percentage: '20', withholding_tax_percentage: '10', eu_tax_id: 'ATU12345678' }, share: '33.3333' },
    { name: 'Vorschau Drei', country: null, tax: null, share: '33.3334' },
  ];
  for (const [i, v] of vendors.entries()) {
    const row = await api.db.insertInto('vendors').values({ organization_id: org.id, number: 701 + i, name: v.name, type: 'company' }).returning('id').executeTakeFirstOrThrow();
    if (v.country) await api.db.insertInto('vendor_addresses').values({ vendor_id: row.id, country_code: v.country } as never).execute();
    if (v.tax) await api.db.insertInto('vendor_tax_infos').values({ vendor_id: row.id, ...v.tax } as never).execute();
    cv.push((await api.db.insertInto('contract_vendors').values({ contract_id: contract.id, vendor_id: row.id, share_percentage: v.share, position: i }).returning('id').executeTakeFirstOrThrow()).id);
  }
  const src: number[] = [];
  for (const ref of ['PREVIEW-S1', 'PREVIEW-S2']) {
    const s = await api.db.insertInto('revenue_sources').values({ type: 'youtube_label', reference_id: ref, organization_id: org.id } as never).returning('id').executeTakeFirstOrThrow();
    src.push(s.id);
    await api.db.insertInto('contract_revenue_sources').values({ contract_id: contract.id, revenue_source_id: s.id } as never).execute();
  }
  const res = await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month: '2026-04-01', payout_types: ['adsense'] } }, as: staff });
  expect(res.statusCode, res.body).toBe(201);
  payoutId = res.json().id;
  await api.db.deleteFrom('currency_rates').where('payout_id', '=', payoutId).execute();
  const row = (source: number, revenue_type: string, revenue: string) => ({ payout_id: payoutId, payout_file_id: 0, revenue_type, revenue, revenue_source_id: source, allocated_by: 'manual' });
  await api.db
    .insertInto('payout_revenues')
    .values([row(src[0], 'adsense', '1000.1234'), row(src[0], 'red', '30.00'), row(src[1], 'audio_tier', '234.4366'), row(src[1], 'red', '25.555')])
    .execute();
});

const preview = (as: TestUser = staff) => api.request({ method: 'GET', url: `/api/payouts/${payoutId}/payments_preview`, as });

describe('payments preview', () => {
  it('is refused naming the missing pair, and for users without the payouts role', async () => {
    const refused = await preview();
    expect([refused.statusCode, refused.json().errors.base]).toEqual([422, ['missing_currency_rate: USD->EUR']]);
    expect((await preview(other)).statusCode).toBe(403);
  });

  it('explains every share and equals, to the cent, what the run then creates', async () => {
    await api.db.insertInto('currency_rates').values({ date: '2026-04-01', base_currency: 'USD', target_currency: 'EUR', rate: '0.9', payout_id: payoutId }).execute();
    const res = await preview();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PaymentsPreview>();
    expect(body.contracts).toHaveLength(1);
    const [c] = body.contracts;
    expect([c.share_set, c.currency, c.currency_rate, c.created]).toEqual(['separate', 'EUR', '0.9', false]);
    // indirect: R = (1000.1234 + 234.4366) × 0.9 = 1111.104; (1111.104 - 100) × 30% = 303.3312 → 303.33.
    // red: R = (30 + 25.555) × 0.9 = 49.9995; min(24.99975, 20) = 20.00.
    expect(c.shares.map((s) => [s.share_type, s.revenue_types, s.sources_count, s.revenue_reported, s.revenue, s.amount_exact, s.amount, s.formula_text])).toEqual([
      ['indirect', ['adsense', 'audio_tier'], 2, [{ currency: 'USD', revenue: '1234.56' }], '1111.104', '303.3312', '303.33', 'max(1111.104 - 100.00, 0) × 30% = 303.33'],
      ['red', ['red'], 2, [{ currency: 'USD', revenue: '55.555' }], '49.9995', '20', '20.00', 'min(49.9995 × 50%, 20.00) = 20.00'],
    ]);
    // 303.33 by 33.3333 / 33.3333 / 33.3334 %: 101.1099…, 101.1099…, 101.1102… → floors 303.31, the two cents to the largest
    // remainders (the first two): 101.11 each. 20.00: 6.66666, 6.66666, 6.66668 → 6.67 (third), 6.67 (first), 6.66.
    // V1 107.78 + 19% VAT 20.4782 → 20.48 = 128.26; V2 107.77, reverse charge, WHT 10.777 → 10.78 = 96.99; V3 107.78.
    expect(c.vendors.map((v) => [v.contract_vendor_id, v.vendor.name, v.shares.map((s) => s.amount), v.amount, v.vat_amount, v.reverse_charge, v.wht_amount, v.total_amount, v.type, v.state])).toEqual([
      [cv[0], 'Vorschau Eins', ['101.11', '6.67'], '107.78', '20.48', false, '0.00', '128.26', 'invoice', 'new'],
      [cv[1], 'Vorschau Zwei', ['101.11', '6.66'], '107.77', '0.00', true, '10.78', '96.99', 'invoice', 'new'],
      [cv[2], 'Vorschau Drei', ['101.11', '6.67'], '107.78', '0.00', false, '0.00', '107.78', 'invoice', 'new'],
    ]);
    expect(body.totals).toEqual([
      { organization_id: c.organization.id, organization_name: 'Vorschau GmbH', currency: 'EUR', payments_count: 3, amount: '323.33', vat_amount: '20.48', wht_amount: '10.78', total_amount: '333.03' },
    ]);

    expect(await runPayments(api.db, payoutId, null)).toBe(3);
    const created = await api.db.selectFrom('payments').selectAll().where('payout_id', '=', payoutId).orderBy('contract_vendor_id').execute();
    expect(created.map((p) => [p.contract_vendor_id, p.type, p.state, p.amount, toDecimal(p.vat_percentage).toFixed(), p.vat_amount, p.reverse_charge, p.wht_amount, p.fee, p.total_amount])).toEqual(
      c.vendors.map((v) => [v.contract_vendor_id, v.type, v.state, v.amount, toDecimal(v.vat_percentage).toFixed(), v.vat_amount, v.reverse_charge, v.wht_amount, v.fee, v.total_amount]),
    );
    // each vendor's line items per share add up to the preview's split
    const lines = await sql<{ contract_vendor_id: number; share_type: string; amount: string }>`
      SELECT p.contract_vendor_id::int AS contract_vendor_id, li.share_type, sum(li.amount)::text AS amount
      FROM payment_line_items li JOIN payments p ON p.id = li.payment_id WHERE p.payout_id = ${payoutId}
      GROUP BY 1, 2 ORDER BY 1, 2`.execute(api.db);
    expect(lines.rows).toEqual(c.vendors.flatMap((v) => v.shares.map((s) => ({ contract_vendor_id: v.contract_vendor_id, share_type: s.share_type, amount: s.amount }))));
    const summary = (await api.request({ method: 'GET', url: `/api/payouts/${payoutId}/payments_summary`, as: staff })).json();
    expect(summary.entries).toEqual(body.totals);

    // after the run the contract is marked created and nothing is left to create
    const after = (await preview()).json<PaymentsPreview>();
    expect([after.contracts.map((x) => x.created), after.totals]).toEqual([[true], []]);
  });
});
