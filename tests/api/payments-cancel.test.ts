import { beforeAll, describe, expect, it } from 'vitest';
import { insertPayment, paymentParty, type PaymentParty } from '../support/payment-fixtures.js';
import { setupApi, type TestUser } from '../support/api.js';

// Cancel with a replacement contract vendor (spec 3, 5.1, 7.2; DOMAIN.md "Payment lifecycle"): reversal and
// replacement to the cent, the candidates for correction, and refusals that change nothing.
const api = setupApi();
let party: PaymentParty;
let canceller: TestUser;
const cv = { taxed: 0, reverse: 0, usd: 0, foreign: 0 };
const vendor = { taxed: 0, reverse: 0 };
let source2 = 0;

async function vendorWith(orgId: number, name: string, tax: { vat: string; wht: string; eu?: string; country: string }) {
  const v = await api.db.insertInto('vendors').values({ organization_id: orgId, number: Math.floor(Math.random() * 1e6), name, type: 'company' }).returning('id').executeTakeFirstOrThrow();
  await api.db.insertInto('vendor_tax_infos').values({ vendor_id: v.id, vat_percentage: tax.vat, withholding_tax_percentage: tax.wht, eu_tax_id: tax.eu ?? null } as never).execute();
  await api.db.insertInto('vendor_addresses').values({ vendor_id: v.id, country_code: tax.country } as never).execute();
  return v.id;
}

beforeAll(async () => {
  canceller = await api.user(['payments_cancel']);
  party = await paymentParty(api.db, { orgName: 'Storno GmbH', vendorName: 'Original Vendor' });
  vendor.taxed = await vendorWith(party.org, 'Taxed Replacement', { vat: '7', wht: '15', country: 'DE' });
  vendor.reverse = await vendorWith(party.org, 'Austrian Replacement', { vat: '20', wht: '0', eu: 'ATU13585627', country: 'AT' });
  cv.taxed = (await api.db.insertInto('contract_vendors').values({ contract_id: party.contract, vendor_id: vendor.taxed, share_percentage: '0', position: 1 }).returning('id').executeTakeFirstOrThrow()).id;
  // another contract of the organization, same currency: its vendor may replace too; its payouts are on hold
  const second = await api.db
    .insertInto('contracts')
    .values({ organization_id: party.org, contract_type: 'adsense', currency: 'EUR', start_date: '2025-06-01', state: 'signed', credit_note_type: 'short' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  cv.reverse = (
    await api.db
      .insertInto('contract_vendors')
      .values({ contract_id: second.id, vendor_id: vendor.reverse, share_percentage: '100', payout_on_hold: true, payout_on_hold_reason: 'check' } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // not candidates: a contract in another currency, a contract of another organization
  const usd = await api.db
    .insertInto('contracts')
    .values({ organization_id: party.org, contract_type: 'adsense', currency: 'USD', start_date: '2020-01-01', state: 'signed', credit_note_type: 'short' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  cv.usd = (await api.db.insertInto('contract_vendors').values({ contract_id: usd.id, vendor_id: vendor.taxed, share_percentage: '100' }).returning('id').executeTakeFirstOrThrow()).id;
  const other = await paymentParty(api.db, { orgName: 'Fremd AG' });
  cv.foreign = other.cv;
  source2 = (await api.db.insertInto('revenue_sources').values({ type: 'youtube_label', reference_id: 'STORNO-2', organization_id: party.org } as never).returning('id').executeTakeFirstOrThrow()).id;
});

/** A payment of 100.01 (19% VAT: 19.00) with two line items, 33.33 and 66.68. */
async function twoLinePayment(state: 'paid_out' | 'new' | 'incorrect'): Promise<number> {
  const id = await insertPayment(api.db, party, { state, amount: '100.01', vat: '19.00' });
  await api.db.updateTable('payment_line_items').set({ revenue: '40.1234567890', revenue_final: '36.1111111101', amount_raw: '33.3333333333', amount: '33.33' }).where('payment_id', '=', id).execute();
  await api.db
    .insertInto('payment_line_items')
    .values({ payment_id: id, revenue_source_id: source2, share_type: 'all', revenue_type: 'adsense,red', revenue: '80.0000000001', revenue_final: '72.0000000001', amount_raw: '66.6766666667', amount: '66.68' })
    .execute();
  return id;
}

const linesOf = (paymentId: number) =>
  api.db.selectFrom('payment_line_items').select(['revenue_source_id', 'revenue_type', 'revenue', 'revenue_final', 'amount_raw', 'amount']).where('payment_id', '=', paymentId).orderBy('revenue_source_id').execute();
const related = (id: number) => api.db.selectFrom('payments').selectAll().where('cancelled_payment_id', '=', id).orderBy('id').execute();

describe('GET /api/payments/{id}/contract_vendors_for_correction', () => {
  it('answers the organization’s contract vendors in the payment’s currency whose contract covers its period, own contract first', async () => {
    const id = await insertPayment(api.db, party, { state: 'paid_out' });
    const res = await api.request({ method: 'GET', url: `/api/payments/${id}/contract_vendors_for_correction`, as: canceller });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { id: number; contract: { id: number; active_from: string; active_to: string | null }; vendor: { id: number; name: string } }[];
    expect(list.map((c) => c.id)).toEqual([party.cv, cv.taxed, cv.reverse]);
    expect(list[1]).toEqual({ id: cv.taxed, contract: { id: party.contract, active_from: '2020-01-01', active_to: null }, vendor: { id: vendor.taxed, name: 'Taxed Replacement' } });
    expect((await api.request({ method: 'GET', url: `/api/payments/${id}/contract_vendors_for_correction`, as: await api.user(['payments']) })).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: '/api/payments/999999999/contract_vendors_for_correction', as: canceller })).statusCode).toBe(404);
  });
});

describe('POST /api/payments/{id}/cancel', () => {
  it('a paid payment: cancelled, a reversal with negated amounts and line items, and the replacement’s payment by its own tax terms', async () => {
    const id = await twoLinePayment('paid_out');
    const res = await api.request({ method: 'POST', url: `/api/payments/${id}/cancel`, payload: { payment: { contract_vendor_id: cv.taxed } }, as: canceller });
    expect(res.statusCode, res.body).toBe(200);
    expect([res.json().state, res.json().can_be_cancelled]).toEqual(['cancelled', false]);
    const [reversal, replacement] = await related(id);
    expect([reversal.type, reversal.state, reversal.contract_vendor_id, reversal.amount, reversal.vat_amount, reversal.wht_amount, reversal.fee, reversal.total_amount]).toEqual([
      'reversal', 'paid_out', party.cv, '-100.01', '-19.00', '0.00', '0.00', '-119.01',
    ]);
    expect((await linesOf(reversal.id)).map((l) => [l.revenue, l.revenue_final, l.amount_raw, l.amount])).toEqual([
      ['-40.1234567890', '-36.1111111101', '-33.3333333333', '-33.33'],
      ['-80.0000000001', '-72.0000000001', '-66.6766666667', '-66.68'],
    ]);
    // 100.01 × 7% = 7.0007 → 7.00; × 15% = 15.0015 → 15.00; total 100.01 + 7.00 - 15.00 = 92.01
    expect([replacement.type, replacement.state, replacement.contract_vendor_id, replacement.vendor_id, replacement.amount, replacement.vat_percentage, replacement.vat_amount, replacement.wht_amount, replacement.total_amount, replacement.reverse_charge]).toEqual([
      'invoice', 'new', cv.taxed, vendor.taxed, '100.01', '7.0000', '7.00', '15.00', '92.01', false,
    ]);
    expect((await linesOf(replacement.id)).map((l) => [l.revenue_type, l.amount])).toEqual([['adsense', '33.33'], ['adsense,red', '66.68']]);
    // a reversal is not cancelled in turn; both new payments are in the list for the payments role
    const read = (await api.request({ method: 'GET', url: `/api/payments/${reversal.id}`, as: await api.user(['admin']) })).json();
    expect([read.type, read.entry_type, read.cancelled_payment_id, read.can_be_cancelled, read.total_amount]).toEqual(['reversal', 'reversal', id, false, '-119.01']);
    const trail = (await api.request({ method: 'GET', url: `/api/audit_logs/payment/${replacement.id}`, as: canceller })).json();
    expect(JSON.stringify(trail)).toContain('92.01');
  });

  it('an incorrect payment gets a reversal too; a new one only the replacement (on hold, reverse charge: no VAT)', async () => {
    const incorrect = await twoLinePayment('incorrect');
    expect((await api.request({ method: 'POST', url: `/api/payments/${incorrect}/cancel`, payload: { contract_vendor_id: cv.taxed }, as: canceller })).statusCode).toBe(200);
    expect((await related(incorrect)).map((p) => p.type)).toEqual(['reversal', 'invoice']);

    const fresh = await twoLinePayment('new');
    const res = await api.request({ method: 'POST', url: `/api/payments/${fresh}/cancel`, payload: { contract_vendor_id: String(cv.reverse) }, as: canceller });
    expect(res.statusCode, res.body).toBe(200);
    const [replacement, ...rest] = await related(fresh);
    expect(rest).toEqual([]);
    expect([replacement.state, replacement.state_before_hold, replacement.reverse_charge, replacement.vat_amount, replacement.wht_amount, replacement.total_amount]).toEqual([
      'on_hold', 'new', true, '0.00', '0.00', '100.01',
    ]);
  });

  it('refuses a missing or ineligible replacement, and a state whose flag is false, changing nothing', async () => {
    const id = await twoLinePayment('paid_out');
    const before = await api.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const [payload, errors] of [
      [{}, { contract_vendor_id: ['blank'] }],
      [{ contract_vendor_id: 'x' }, { contract_vendor_id: ['invalid'] }],
      [{ contract_vendor_id: cv.usd }, { contract_vendor_id: ['invalid'] }],
      [{ contract_vendor_id: cv.foreign }, { contract_vendor_id: ['invalid'] }],
      [{ contract_vendor_id: 999999999 }, { contract_vendor_id: ['invalid'] }],
    ] as const) {
      const res = await api.request({ method: 'POST', url: `/api/payments/${id}/cancel`, payload, as: canceller });
      expect([res.statusCode, res.json().errors]).toEqual([422, errors]);
    }
    expect(await api.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await related(id)).toEqual([]);
    const pending = await insertPayment(api.db, party, { state: 'payout_pending' });
    const refused = await api.request({ method: 'POST', url: `/api/payments/${pending}/cancel`, payload: { contract_vendor_id: cv.taxed }, as: canceller });
    expect([refused.statusCode, refused.json().errors]).toEqual([422, { base: ['ineligible'] }]);
    expect(await related(pending)).toEqual([]);
  });

  it('two concurrent cancels of one paid payment make one reversal and one replacement', async () => {
    const id = await twoLinePayment('paid_out');
    const results = await Promise.all([1, 2].map(() => api.request({ method: 'POST', url: `/api/payments/${id}/cancel`, payload: { contract_vendor_id: cv.taxed }, as: canceller })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await related(id)).map((p) => p.type)).toEqual(['reversal', 'invoice']);
  });
});
