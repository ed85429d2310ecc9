import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal, toDecimal } from '../../src/shared/money.js';
import { setupApi, type TestUser } from '../support/api.js';
import { pdfText } from '../support/pdf-text.js';
import { addRevenue, newContract, newOrg, newPayout, newSource, runThroughApi } from '../support/run-fixtures.js';

/**
 * A vendor's balance statement for a period of months (issue 23: "vendor statements show opening balance,
 * earnings, payments, reversals, advances and closing balance, as royalty statements do"):
 * GET /api/vendors/{id}/balance_statement.pdf|csv?from=yyyy-MM&to=yyyy-MM. Per contract vendor, the opening
 * balance plus the period's entries is the closing balance, and both agree with the ledger summed
 * independently by month, to the cent.
 */
const api = setupApi();
let admin: TestUser;
let reader: TestUser;
let staff: TestUser;

beforeAll(async () => {
  admin = await api.user(['payments_admin']);
  reader = await api.user(['payments']);
  staff = await api.user(['payouts']);
});

/** One vendor on two EUR contracts (100 % each, minimum payout 50.00 on the second), with its sources. */
async function world() {
  const org = await newOrg(api.db);
  const made = [];
  let vendor: number | undefined;
  for (let i = 0; i < 2; i++) {
    const source = await newSource(api.db, org);
    const c = await newContract(api.db, { org, currency: 'EUR', start: '2020-01-01', shares: [{ type: 'all', formula: 'cap', rev_share: '100', threshold: '1000000000' }], vendors: ['100'], sources: [source] });
    const cv = c.cvs[0];
    if (vendor === undefined) vendor = (await api.db.selectFrom('contract_vendors').select('vendor_id').where('id', '=', cv).executeTakeFirstOrThrow()).vendor_id;
    // Both contracts pay the same vendor.
    else {
      const own = (await api.db.selectFrom('contract_vendors').select('vendor_id').where('id', '=', cv).executeTakeFirstOrThrow()).vendor_id;
      await api.db.updateTable('contract_vendors').set({ vendor_id: vendor }).where('id', '=', cv).execute();
      await api.db.deleteFrom('vendors').where('id', '=', own).execute();
      await api.db.updateTable('contract_vendors').set({ minimum_payout: '50.00' }).where('id', '=', cv).execute();
    }
    made.push({ source, cv, contract: c.id });
  }
  return { vendor: vendor!, contracts: made };
}

async function payout(month: string, revenue: [number, string][]): Promise<void> {
  const id = await newPayout(api.db, `${month}-01`, ['adsense']);
  await addRevenue(api.db, id, revenue.map(([source, r]) => ({ source, type: 'adsense', revenue: r, currency: 'EUR' })));
  await runThroughApi(api, id, staff);
}

const statement = (vendor: number, query: string, format: 'pdf' | 'csv' = 'csv', as: TestUser = reader) =>
  api.request({ method: 'GET', url: `/api/vendors/${vendor}/balance_statement.${format}?${query}`, as });

/** The CSV's rows as objects by header (no cell here holds a comma or a quote). */
const rowsOf = (csv: string) => {
  const [header, ...lines] = csv.trim().split('\r\n').map((l) => l.split(','));
  return lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
};

/** The ledger summed by month, independently of the statement's code: the balance of each contract vendor before and up to a month. */
const ledgerSum = async (cv: number, op: '<' | '<=', month: string) =>
  (
    await sql<{ b: string }>`SELECT round(coalesce(sum(amount), 0), 2)::text AS b FROM balance_entries WHERE contract_vendor_id = ${cv} AND month ${sql.raw(op)} ${`${month}-01`}::date`.execute(api.db)
  ).rows[0].b;

describe('balance statement', () => {
  it('per contract: opening, each entry with its running balance, totals per kind, closing; it adds up to the ledger', async () => {
    const w = await world();
    const [a, b] = w.contracts;
    await payout('2061-01', [[a.source, '100.00'], [b.source, '30.00']]);
    const adv = await api.request({ method: 'POST', url: `/api/contracts/${a.contract}/contract_vendors/${a.cv}/advances`, payload: { advance: { amount: '200.00', reason: 'Tour', date: '2061-02-10' } }, as: admin });
    expect(adv.statusCode, adv.body).toBe(201);
    await payout('2061-03', [[a.source, '150.00'], [b.source, '25.00']]);
    await payout('2061-04', [[a.source, '120.00'], [b.source, '-5.00']]);

    const res = await statement(w.vendor, 'from=2061-02&to=2061-03');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="balance-statement-.+-2061-02-2061-03\.csv"$/);
    const rows = rowsOf(res.body);
    for (const c of [a, b]) {
      const own = rows.filter((r) => r.contract_vendor_id === String(c.cv));
      const opening = own.find((r) => r.record === 'opening')!.balance;
      const closing = own.find((r) => r.record === 'closing')!.balance;
      const entries = own.filter((r) => r.record === 'entry');
      expect(opening).toBe(await ledgerSum(c.cv, '<', '2061-02'));
      expect(closing).toBe(await ledgerSum(c.cv, '<=', '2061-03'));
      // Opening plus the entries is closing; each entry's balance is the one before plus its amount.
      let running = toDecimal(opening);
      for (const e of entries) {
        running = running.plus(toDecimal(e.amount));
        expect(e.balance).toBe(running.toFixed(2));
      }
      expect(running.toFixed(2)).toBe(closing);
      const totals = own.filter((r) => r.record === 'total');
      expect(totals.reduce((s, t) => s.plus(toDecimal(t.amount)), new Decimal(0)).toFixed(2)).toBe(toDecimal(closing).minus(toDecimal(opening)).toFixed(2));
    }
    // Contract a: January's 100 earned and paid before the period; the advance in February, then March's
    // earning recouped it: nothing paid, 50.00 still to recoup.
    expect(rows.filter((r) => r.contract_vendor_id === String(a.cv) && r.record !== 'total').map((r) => [r.record, r.month, r.kind, r.amount, r.balance])).toEqual([
      ['opening', '2061-02', '', '', '0.00'],
      ['entry', '2061-02', 'advance', '-200.00', '-200.00'],
      ['entry', '2061-03', 'earning', '150.00', '-50.00'],
      ['closing', '2061-03', '', '', '-50.00'],
    ]);
    // Contract b: January's 30 carried (below 50); March's 25 makes 55, paid.
    expect(rows.filter((r) => r.contract_vendor_id === String(b.cv) && r.record !== 'total').map((r) => [r.record, r.kind, r.amount, r.balance])).toEqual([
      ['opening', '', '', '30.00'],
      ['entry', 'earning', '25.00', '55.00'],
      ['entry', 'payment', '-55.00', '0.00'],
      ['closing', '', '', '0.00'],
    ]);

    // The PDF says the same in the vendor's language.
    const pdf = await statement(w.vendor, 'from=2061-02&to=2061-03', 'pdf');
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const text = pdfText(pdf.rawPayload);
    for (const words of ['Balance statement', 'Opening balance', 'Closing balance', 'Advance · Tour', `Contract #${a.contract} · EUR`, '-50.00 EUR', '02.2061 – 03.2061']) expect(text).toContain(words);
  });

  it('a period before any entry has no account; bad periods are named; only ledger readers get it', async () => {
    const w = await world();
    await payout('2062-05', [[w.contracts[0].source, '10.00']]);
    expect(rowsOf((await statement(w.vendor, 'from=2062-01&to=2062-04')).body)).toEqual([]);
    for (const [query, errors] of [
      ['', { from: ['blank'], to: ['blank'] }],
      ['from=2062-13&to=2062', { from: ['invalid'], to: ['invalid'] }],
      ['from=2062-05&to=2062-04', { to: ['before_start'] }],
      ['from[]=1&to=2062-04', { from: ['invalid'] }],
    ] as const) {
      const res = await statement(w.vendor, query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect((await statement(w.vendor, 'from=2062-01&to=2062-06', 'csv', staff)).statusCode).toBe(403);
    expect((await statement(999_999_999, 'from=2062-01&to=2062-06')).statusCode).toBe(404);
  });
});
