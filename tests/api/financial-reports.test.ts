import { sql } from 'kysely';
import readXlsxFile from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestUser } from '../support/api.js';
import { organizationValues } from '../support/records.js';

// GET /api/financial_reports/download_wht_report (spec 3, 7.6; DOMAIN "Vendor files and reports").
const api = setupApi();
let finance: TestUser;
const year = new Date().getUTCFullYear();
const ids = { org: 0, contract: 0, ana: 0, bob: 0, cvAna: 0, cvBob: 0 };
let payoutCount = 0;

beforeAll(async () => {
  finance = await api.user(['financial_reports']);
  ids.org = (
    await api.db
      .insertInto('organizations')
      .values(organizationValues({ name: 'Steuer GmbH', number: '801', city: 'Köln', postal_code: '50667', street: 'Domkloster', street_number: '4', vendor_source_prefix_external: '180', vendor_source_prefix_internal: '280', vendor_source_prefix_network: '380' }))
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.ana = (await api.db.insertInto('vendors').values({ organization_id: ids.org, number: 811, name: 'Ana Lopez', type: 'person' }).returning('id').executeTakeFirstOrThrow()).id;
  ids.bob = (await api.db.insertInto('vendors').values({ organization_id: ids.org, number: 812, name: 'Bob Stone', type: 'company' }).returning('id').executeTakeFirstOrThrow()).id;
  await api.db.insertInto('vendor_addresses').values({ vendor_id: ids.ana, country_code: 'ES' } as never).execute();
  await api.db.insertInto('vendor_tax_infos').values({ vendor_id: ids.ana, eu_tax_id: 'ESX1234567X', withholding_tax_percentage: '15' } as never).execute();
  ids.contract = (
    await api.db
      .insertInto('contracts')
      .values({ organization_id: ids.org, contract_type: 'adsense', currency: 'EUR', start_date: '2020-01-01', state: 'signed', credit_note_type: 'short' } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.cvAna = (await api.db.insertInto('contract_vendors').values({ contract_id: ids.contract, vendor_id: ids.ana, share_percentage: '50' }).returning('id').executeTakeFirstOrThrow()).id;
  ids.cvBob = (await api.db.insertInto('contract_vendors').values({ contract_id: ids.contract, vendor_id: ids.bob, share_percentage: '50', position: 1 }).returning('id').executeTakeFirstOrThrow()).id;
});

/** A payment of its own payout (the run's key allows one per payout, contract vendor and type). */
async function payment(vendor: 'ana' | 'bob', f: { currency?: string; amount: string; wht: string; wht_amount: string; vat_amount?: string; paid_at: string | null }) {
  payoutCount += 1;
  const payout = await api.db.insertInto('payouts').values({ month: `2020-${String(payoutCount).padStart(2, '0')}-01`, payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow();
  const total = sql`${f.amount}::numeric + ${f.vat_amount ?? '0'}::numeric - ${f.wht_amount}::numeric`;
  await sql`
    INSERT INTO payments (type, state, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, currency, currency_rate,
                          start_date, end_date, due_date, paid_at, amount, vat_amount, wht_percentage, wht_amount, total_amount)
    VALUES ('invoice', ${f.paid_at ? 'paid_out' : 'payout_pending'}, ${payout.id}, ${ids.org}, ${ids.contract}, ${vendor === 'ana' ? ids.cvAna : ids.cvBob},
            ${vendor === 'ana' ? ids.ana : ids.bob}, ${f.currency ?? 'EUR'}, 0.9, '2020-01-01', '2020-01-31', '2020-02-28', ${f.paid_at}::timestamptz,
            ${f.amount}, ${f.vat_amount ?? '0'}, ${f.wht}, ${f.wht_amount}, ${total})`.execute(api.db);
}

const download = (query: string, as = finance) => api.request({ method: 'GET', url: `/api/financial_reports/download_wht_report${query}`, as });

describe('withholding-tax report', () => {
  it('lists the quarter’s paid payments per vendor, currency and percentage with exact totals per currency', async () => {
    // Q2 of this year in the organization's time zone (Europe/Berlin, UTC+2 in summer): Ana three in EUR at
    // 15% (cents that add up badly as floats; the first at 00:30 on 1 April in Berlin, still 31 March in
    // UTC) and one in USD; Bob one without WHT.
    await payment('ana', { amount: '0.10', wht: '15', wht_amount: '0.02', paid_at: `${year}-03-31T22:30:00Z` });
    await payment('ana', { amount: '0.20', wht: '15', wht_amount: '0.03', paid_at: `${year}-05-15T12:00:00Z` });
    await payment('ana', { amount: '1234567.89', wht: '15', wht_amount: '185185.18', vat_amount: '234567.90', paid_at: `${year}-06-30T21:59:59Z` });
    await payment('ana', { currency: 'USD', amount: '100.01', wht: '15', wht_amount: '15.00', paid_at: `${year}-04-02T08:00:00Z` });
    await payment('bob', { amount: '99.99', wht: '0', wht_amount: '0.00', vat_amount: '19.00', paid_at: `${year}-05-01T00:00:00Z` });
    // Outside: paid in Q1 and Q3 where Berlin is (the boundaries; both Q2 in UTC), and one not paid at all.
    await payment('ana', { amount: '50.00', wht: '15', wht_amount: '7.50', paid_at: `${year}-03-31T21:59:59Z` });
    await payment('bob', { amount: '60.00', wht: '0', wht_amount: '0.00', paid_at: `${year}-06-30T22:00:00Z` });
    await payment('bob', { amount: '70.00', wht: '0', wht_amount: '0.00', paid_at: null });

    const res = await download(`?year=${year}&quarter=2`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="withholding-tax-report-${year}-Q2.xlsx"`);

    // Numbers read back as the text stored in the file: exact decimals, not floats.
    const [sheet] = await readXlsxFile(res.rawPayload, { parseNumber: (s: string) => s });
    expect(sheet.sheet).toBe(`WHT ${year} Q2`);
    expect(sheet.data).toEqual([
      ['Organization', 'Vendor number', 'Vendor', 'Country', 'Tax ID', 'Currency', 'Payments', 'Amount', 'WHT %', 'Tax withheld', 'Paid out'],
      // 0.10 + 0.20 + 1234567.89 = 1234568.19; WHT 0.02 + 0.03 + 185185.18 = 185185.23; paid 0.08 + 0.17 + 1283950.61 = 1283950.86
      ['Steuer GmbH', '380000811', 'Ana Lopez', 'ES', 'ESX1234567X', 'EUR', '3', '1234568.19', '15', '185185.23', '1283950.86'],
      ['Steuer GmbH', '380000811', 'Ana Lopez', 'ES', 'ESX1234567X', 'USD', '1', '100.01', '15', '15', '85.01'],
      ['Steuer GmbH', '380000812', 'Bob Stone', null, null, 'EUR', '1', '99.99', '0', '0', '118.99'],
      [null, null, null, null, null, null, null, null, null, null, null],
      ['Total EUR', null, null, null, null, 'EUR', '4', '1234668.18', null, '185185.23', '1284069.85'],
      ['Total USD', null, null, null, null, 'USD', '1', '100.01', null, '15', '85.01'],
    ]);

    // The totals are the paid payments of the quarter in Berlin, as the database sums them.
    const db = await sql<{ currency: string; n: number; amount: string; wht: string; total: string }>`
      SELECT currency, count(*)::int AS n, sum(amount)::text AS amount, sum(wht_amount)::text AS wht, sum(total_amount)::text AS total FROM payments
      WHERE paid_at >= ${`${year}-04-01T00:00:00`}::timestamp AT TIME ZONE 'Europe/Berlin' AND paid_at < ${`${year}-07-01T00:00:00`}::timestamp AT TIME ZONE 'Europe/Berlin'
        AND organization_id = ${ids.org}
      GROUP BY currency ORDER BY currency`.execute(api.db);
    const totals = sheet.data.filter((r) => String(r[0]).startsWith('Total'));
    expect(totals.map((r) => [r[5], Number(r[6]), r[7], r[9], r[10]])).toEqual(
      db.rows.map((r) => [r.currency, r.n, r.amount.replace(/\.?0+$/, ''), r.wht.replace(/\.?0+$/, ''), r.total.replace(/\.?0+$/, '')]),
    );

    // Last year's quarter has nothing paid: the header row alone.
    const empty = await download(`?year=${year - 1}&quarter=4`);
    expect(empty.statusCode).toBe(200);
    const [emptySheet] = await readXlsxFile(empty.rawPayload);
    expect(emptySheet.data).toHaveLength(1);
  });

  it('counts a paid payment cancelled and replaced in the quarter once: its reversal nets it where the cancel happened', async () => {
    // Cara at 15% on the same contract; P1 of 100.00 paid now, then cancelled with Cara as the replacement.
    const cara = (await api.db.insertInto('vendors').values({ organization_id: ids.org, number: 813, name: 'Cara Diaz', type: 'person' }).returning('id').executeTakeFirstOrThrow()).id;
    await api.db.insertInto('vendor_tax_infos').values({ vendor_id: cara, withholding_tax_percentage: '15' } as never).execute();
    const cv = (await api.db.insertInto('contract_vendors').values({ contract_id: ids.contract, vendor_id: cara, share_percentage: '0', position: 2 }).returning('id').executeTakeFirstOrThrow()).id;
    payoutCount += 1;
    const payout = await api.db.insertInto('payouts').values({ month: `2020-${String(payoutCount).padStart(2, '0')}-01`, payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow();
    const { rows } = await sql<{ id: number }>`
      INSERT INTO payments (type, state, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, currency, currency_rate,
                            start_date, end_date, due_date, paid_at, amount, vat_amount, wht_percentage, wht_amount, total_amount)
      VALUES ('invoice', 'paid_out', ${payout.id}, ${ids.org}, ${ids.contract}, ${cv}, ${cara}, 'EUR', 1, '2020-01-01', '2020-01-31', '2020-02-28', now(),
              100, 0, 15, 15, 85)
      RETURNING id`.execute(api.db);
    const canceller = await api.user(['payments_cancel']);
    const cancelled = await api.request({ method: 'POST', url: `/api/payments/${rows[0].id}/cancel`, payload: { payment: { contract_vendor_id: cv } }, as: canceller });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The same contract vendor replaces: the reversal and its new earning net to nothing, so nothing is paid again.
    expect(await api.db.selectFrom('payments').select('type').where('cancelled_payment_id', '=', rows[0].id).execute()).toEqual([{ type: 'reversal' }]);
    // Were there a replacement, it would be paid in the same quarter too.
    await sql`UPDATE payments SET state = 'paid_out', paid_at = now() WHERE cancelled_payment_id = ${rows[0].id} AND type <> 'reversal'`.execute(api.db);

    const [today] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date()).split('T');
    const [y, m] = today.split('-').map(Number);
    const res = await download(`?year=${y}&quarter=${Math.floor((m - 1) / 3) + 1}`);
    expect(res.statusCode, res.body).toBe(200);
    const [sheet] = await readXlsxFile(res.rawPayload, { parseNumber: (n: string) => n });
    const caraRows = sheet.data.filter((r) => r[2] === 'Cara Diaz');
    // P1 alone: one payment of 100.00 with 15.00 withheld, not two with 30.00.
    expect(caraRows.map((r) => [r[5], r[6], r[7], r[8], r[9]])).toEqual([['EUR', '1', '100', '15', '15']]);
  });

  it('takes this or last year and a quarter 1 to 4, anything else is a 422 naming the field', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['', { year: ['blank'], quarter: ['blank'] }],
      [`?year=${year}`, { quarter: ['blank'] }],
      [`?year=${year - 2}&quarter=1`, { year: ['invalid'] }],
      [`?year=${year + 1}&quarter=1`, { year: ['invalid'] }],
      [`?year=abc&quarter=5`, { year: ['invalid'], quarter: ['invalid'] }],
      [`?year=${year}&quarter=0`, { quarter: ['invalid'] }],
      [`?year=${year}&quarter=1.5`, { quarter: ['invalid'] }],
      [`?year=${year}&quarter=1&quarter=2`, { quarter: ['invalid'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await download(query);
      expect([query, res.statusCode, res.json()]).toEqual([query, 422, { errors }]);
    }
  });

  it('needs financial_reports or admin', async () => {
    const other = await api.user(['payments']);
    expect((await download(`?year=${year}&quarter=1`, other)).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: `/api/financial_reports/download_wht_report?year=${year}&quarter=1` })).statusCode).toBe(401);
    const admin = await api.user(['admin']);
    expect((await download(`?year=${year}&quarter=1`, admin)).statusCode).toBe(200);
  });
});
