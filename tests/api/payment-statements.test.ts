import { beforeAll, describe, expect, it } from 'vitest';
import { toDecimal } from '../../src/shared/money.js';
import { runPayments } from '../../src/server/modules/payments/run.js';
import { setupApi, type TestUser } from '../support/api.js';
import { pdfText } from '../support/pdf-text.js';
import { organizationValues } from '../support/records.js';

// Vendor statements (issue 16, beyond the spec): GET /api/payments/{id}/statement.pdf|csv for payments made by the real run.
const api = setupApi();
let reader: TestUser;
let payouts: TestUser;
const cv: number[] = [];
let payoutId = 0;

beforeAll(async () => {
  reader = await api.user(['payments']);
  payouts = await api.user(['payouts']);
  const org = await api.db
    .insertInto('organizations')
    .values(organizationValues({ name: 'Auszug Medien GmbH', number: '731', city: 'Köln', postal_code: '50667', street: 'Domkloster', street_number: '4', vendor_source_prefix_external: '131', vendor_source_prefix_internal: '231', vendor_source_prefix_network: '331' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.db
    .insertInto('organization_legal_imprints')
    .values([
      { organization_id: org.id, position: 0, locale: 'en', template: 'Auszug Medien GmbH, Cologne local court HRB 4711' },
      { organization_id: org.id, position: 1, locale: 'de', template: 'Auszug Medien GmbH, Amtsgericht Köln HRB 4711' },
    ])
    .execute();
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
  // A German-speaking vendor with VAT, an Austrian one with an EU VAT id (reverse charge) and withholding tax, one without tax info.
  const vendors = [
    { name: 'Auszug Eins', language: 'de', country: 'DE', tax: { vat_percentage: '19', withholding_tax_percentage: '0' }, share: '33.3333' },
    { name: 'Auszug Zwei', language: 'en', country: 'AT', tax: { vat_percentage: '20', withholding_tax_percentage: '10', eu_tax_id: 'ATU12345678' }, share: '33.3333' },
    { name: 'Auszug Drei', language: 'en', country: null, tax: null, share: '33.3334' },
  ];
  for (const [i, v] of vendors.entries()) {
    const row = await api.db.insertInto('vendors').values({ organization_id: org.id, number: 731 + i, name: v.name, type: 'company', language: v.language }).returning('id').executeTakeFirstOrThrow();
    if (v.country) await api.db.insertInto('vendor_addresses').values({ vendor_id: row.id, country_code: v.country, city: 'Wien', postal_code: '1010', street: 'Graben', street_number: '1' } as never).execute();
    if (v.tax) await api.db.insertInto('vendor_tax_infos').values({ vendor_id: row.id, ...v.tax } as never).execute();
    cv.push((await api.db.insertInto('contract_vendors').values({ contract_id: contract.id, vendor_id: row.id, share_percentage: v.share, position: i }).returning('id').executeTakeFirstOrThrow()).id);
  }
  const src: number[] = [];
  for (const ref of ['STATEMENT-S1', 'STATEMENT-S2, "quoted"']) {
    const s = await api.db.insertInto('revenue_sources').values({ type: 'youtube_label', reference_id: ref, organization_id: org.id } as never).returning('id').executeTakeFirstOrThrow();
    src.push(s.id);
    await api.db.insertInto('contract_revenue_sources').values({ contract_id: contract.id, revenue_source_id: s.id } as never).execute();
  }
  const res = await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month: '2026-04-01', payout_types: ['adsense'] } }, as: payouts });
  expect(res.statusCode, res.body).toBe(201);
  payoutId = res.json().id;
  await api.db.deleteFrom('currency_rates').where('payout_id', '=', payoutId).execute();
  await api.db.insertInto('currency_rates').values({ date: '2026-04-01', base_currency: 'USD', target_currency: 'EUR', rate: '0.9', payout_id: payoutId }).execute();
  const row = (source: number, revenue_type: string, revenue: string) => ({ payout_id: payoutId, payout_file_id: 0, revenue_type, revenue, revenue_source_id: source, allocated_by: 'manual' });
  await api.db
    .insertInto('payout_revenues')
    .values([row(src[0], 'adsense', '1000.1234'), row(src[0], 'red', '30.00'), row(src[1], 'audio_tier', '234.4366'), row(src[1], 'red', '25.555')])
    .execute();
  expect(await runPayments(api.db, payoutId, null)).toBe(3);
});

/** RFC 4180 records (quoted fields with doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

const paymentOf = (contractVendorId: number, type = 'invoice') =>
  api.db.selectFrom('payments').selectAll().where('payout_id', '=', payoutId).where('contract_vendor_id', '=', contractVendorId).where('type', '=', type as never).orderBy('id').executeTakeFirstOrThrow();
const linesOf = (paymentId: number) => api.db.selectFrom('payment_line_items').select(['share_type', 'revenue', 'revenue_final', 'amount']).where('payment_id', '=', paymentId).orderBy('share_type').orderBy('id').execute();
const get = (url: string, as: TestUser = reader) => api.request({ method: 'GET', url, as });

/** The CSV's records as objects by the header. */
async function csvOf(paymentId: number) {
  const res = await get(`/api/payments/${paymentId}/statement.csv`);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...records] = parseCsv(res.body);
  return { res, header, records: records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}

describe('statement CSV', () => {
  it('lists the line items by share and source with the formula; lines and totals equal the payment to the cent', async () => {
    const p = await paymentOf(cv[1]);
    const { res, header, records } = await csvOf(p.id);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${p.reference}.csv"`);
    expect(header).toEqual(['record', 'reference', 'revenue_source', 'share_type', 'revenue_type', 'revenue_usd', 'currency_rate', 'revenue', 'formula', 'percentage', 'amount', 'currency']);
    expect(res.body).not.toContain(';');
    const lines = records.filter((r) => r.record === 'line');
    const stored = await linesOf(p.id);
    expect(lines.map((l) => [l.share_type, l.revenue_usd, l.revenue, l.amount])).toEqual(stored.map((s) => [s.share_type, s.revenue, s.revenue_final, s.amount]));
    // the source's name with a comma and quotes survives quoting
    expect(lines.map((l) => l.revenue_source)).toContain('STATEMENT-S2, "quoted"');
    const sum = lines.reduce((a, l) => a.plus(toDecimal(l.amount)), toDecimal('0'));
    expect(sum.toFixed(2)).toBe(p.amount);
    expect(records.filter((r) => r.record === 'share').map((s) => [s.share_type, s.revenue_usd, s.revenue, s.formula, s.percentage, s.amount])).toEqual([
      ['indirect', '1234.56', '1111.104', 'max(1111.104 - 100.00, 0) × 30% = 303.33', '33.3333', '101.11'],
      ['red', '55.555', '49.9995', 'min(49.9995 × 50%, 20.00) = 20.00', '33.3333', '6.66'],
    ]);
    const totals = Object.fromEntries(records.filter((r) => !['line', 'share'].includes(r.record)).map((r) => [r.record, [r.formula, r.percentage, r.amount]]));
    // reverse charge: no VAT (the run stores 0 %); WHT 10% of 107.77 = 10.78; 107.77 - 10.78 = 96.99
    expect(totals).toEqual({
      amount: ['', '', p.amount],
      vat: ['reverse charge', '0.0000', '0.00'],
      wht: ['', '10.0000', '10.78'],
      fee: ['', '', '0.00'],
      total: ['', '', '96.99'],
    });
    expect(p.total_amount).toBe('96.99');
    expect(records.every((r) => r.reference === p.reference && r.currency === 'EUR')).toBe(true);
  });

  it('a reversal’s statement shows negated lines and the cancelled payment’s formula negated', async () => {
    // Replaced by another vendor of the contract: the same vendor would net the reversal against the amount and be paid nothing again.
    const original = await paymentOf(cv[2]);
    await api.db.updateTable('payments').set({ state: 'paid_out', paid_at: new Date() }).where('id', '=', original.id).execute();
    const cancel = await api.request({ method: 'POST', url: `/api/payments/${original.id}/cancel`, payload: { contract_vendor_id: cv[0] }, as: await api.user(['payments_cancel']) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const reversal = await api.db.selectFrom('payments').selectAll().where('cancelled_payment_id', '=', original.id).where('type', '=', 'reversal').executeTakeFirstOrThrow();
    const { records } = await csvOf(reversal.id);
    const lines = records.filter((r) => r.record === 'line');
    expect(lines.every((l) => toDecimal(l.amount).isNegative())).toBe(true);
    expect(lines.reduce((a, l) => a.plus(toDecimal(l.amount)), toDecimal('0')).toFixed(2)).toBe('-107.78');
    // A formula text starting with '-' is guarded as text (a leading '); the amounts stay numbers.
    expect(records.filter((r) => r.record === 'share').map((s) => [s.formula, s.amount])).toEqual([
      ["'-(max(1111.104 - 100.00, 0) × 30% = 303.33)", '-101.11'],
      ["'-(min(49.9995 × 50%, 20.00) = 20.00)", '-6.67'],
    ]);
    expect(records.find((r) => r.record === 'total')!.amount).toBe(reversal.total_amount);
    // the replacement carries the same lines; its percentage is not the one they were split by, so none is shown
    const replacement = await api.db.selectFrom('payments').selectAll().where('cancelled_payment_id', '=', original.id).where('type', '<>', 'reversal').executeTakeFirstOrThrow();
    const copied = await csvOf(replacement.id);
    expect(copied.records.filter((r) => r.record === 'share').map((s) => [s.formula, s.percentage, s.amount])).toEqual([
      ['max(1111.104 - 100.00, 0) × 30% = 303.33', '', '101.11'],
      ['min(49.9995 × 50%, 20.00) = 20.00', '', '6.67'],
    ]);
    expect(pdfText((await get(`/api/payments/${replacement.id}/statement.pdf`)).rawPayload)).toContain(`Ersetzt Zahlung ${original.reference}`); // the replacing vendor reads German
    const pdf = pdfText((await get(`/api/payments/${reversal.id}/statement.pdf`)).rawPayload);
    expect(pdf).toContain(original.reference);
    expect(pdf).toContain('Reversal of payment');
  });
});

describe('statement PDF', () => {
  it('holds the reference, the parties, the formula lines, the reverse-charge wording and the total (English vendor)', async () => {
    const p = await paymentOf(cv[1]);
    const res = await get(`/api/payments/${p.id}/statement.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${p.reference}.pdf"`);
    const text = pdfText(res.rawPayload);
    for (const part of [
      `Statement ${p.reference}`,
      'Auszug Medien GmbH',
      'Auszug Zwei',
      'max(1,111.104 - 100, 0) × 30% = 303.33',
      'min(49.9995 × 50%, 20) = 20',
      'Your part (33.3333 %)',
      '101.11 EUR',
      'Reverse charge',
      '- 10.78 EUR',
      '96.99 EUR',
      'Cologne local court HRB 4711',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('is German for a German-speaking vendor, with the German imprint', async () => {
    const p = await paymentOf(cv[0]);
    const text = pdfText((await get(`/api/payments/${p.id}/statement.pdf`)).rawPayload);
    for (const part of [`Abrechnung ${p.reference}`, 'Anteil: Indirekt', 'max(1.111,104 - 100, 0) × 30% = 303,33', 'Ihr Anteil', 'Auszahlungsbetrag', `${p.total_amount.replace('.', ',')} EUR`, 'Amtsgericht Köln']) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('Statement');
  });
});

describe('statement access', () => {
  it('answers 404 for an unknown payment and 403 without a payments role', async () => {
    const p = await paymentOf(cv[0]);
    for (const ext of ['pdf', 'csv']) {
      expect((await get(`/api/payments/999999999/statement.${ext}`)).statusCode).toBe(404);
      expect((await get(`/api/payments/abc/statement.${ext}`)).statusCode).toBe(404);
      expect((await get(`/api/payments/${p.id}/statement.${ext}`, payouts)).statusCode).toBe(403);
      expect((await get(`/api/payments/${p.id}/statement.${ext}`, await api.user(['payments_verify']))).statusCode).toBe(200);
    }
  });
});
