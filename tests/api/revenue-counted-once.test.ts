import { beforeAll, describe, expect, it } from 'vitest';
import { toDecimal } from '../../src/shared/money.js';
import { setupApi, type TestUser } from '../support/api.js';
import { CLAIM_RAW_HEADER, claimRow, csv, multipart } from '../support/payout-reports.js';
import { addRevenue, newContract, newOrg, newPayout, newSource, paymentsOf, runThroughApi } from '../support/run-fixtures.js';

/** A decimal as written without trailing zeros (revenue keeps the scale its column gives it). */
const plain = (value: string) => toDecimal(value).toFixed();

/**
 * "Revenue is counted once" (issue 22), the run's side, each defect written as the rule it breaks
 * (DOMAIN "Money, rates, rounding", "Allocation", "Payment run" step 2, "Payouts").
 */
const api = setupApi();
let staff: TestUser;
let approver: TestUser;
let org = 0;

beforeAll(async () => {
  staff = await api.user(['payouts']);
  approver = await api.user(['contracts_approve']);
  org = await newOrg(api.db);
});

const payout = (id: number) => api.request({ method: 'GET', url: `/api/payouts/${id}`, as: staff });
const revenues = async (id: number) => (await api.request({ method: 'GET', url: `/api/payouts/${id}/revenues`, as: staff })).json();
const withoutContracts = async (id: number) => (await api.request({ method: 'GET', url: `/api/payouts/${id}/revenues_without_contracts`, as: staff })).json().entries;

describe('currency', () => {
  it('pays 100 EUR of direct revenue at 100% as 100.00 EUR, whatever the USD->EUR rate', async () => {
    const source = await newSource(api.db, org);
    const c = await newContract(api.db, { org, currency: 'EUR', start: '2020-01-01', shares: [{ type: 'direct', formula: 'rev_share', rev_share: '100', baseline: '0' }], vendors: ['100'], sources: [source] });
    const p = await newPayout(api.db, '2026-03-01', ['direct'], [['USD', 'EUR', '0.5']]);
    await addRevenue(api.db, p, [{ source, type: 'direct', revenue: '100', currency: 'EUR' }]);
    await runThroughApi(api, p, staff);
    expect(await paymentsOf(api.db, p)).toEqual([{ contract_vendor_id: c.cvs[0], amount: '100.00', currency: 'EUR' }]);
    const lines = await api.db.selectFrom('payment_line_items').select(['revenue', 'revenue_currency', 'revenue_final']).execute();
    expect(lines.filter((l) => l.revenue_currency === 'EUR')).toEqual([{ revenue: '100', revenue_currency: 'EUR', revenue_final: '100' }]);
  });

  it('refuses a run that needs a pair the payout lacks (or has at 0), naming every missing pair, creating nothing', async () => {
    const source = await newSource(api.db, org);
    await newContract(api.db, { org, currency: 'GBP', start: '2020-01-01', shares: [{ type: 'indirect', formula: 'rev_share', rev_share: '50', baseline: '0' }], vendors: ['100'], sources: [source] });
    const p = await newPayout(api.db, '2026-03-01', ['adsense'], [['USD', 'GBP', '0.8'], ['EUR', 'GBP', '0']]);
    await addRevenue(api.db, p, [
      { source, type: 'adsense', revenue: '10', currency: 'USD' },
      { source, type: 'adsense', revenue: '10', currency: 'EUR' },
      { source, type: 'adsense', revenue: '10', currency: 'CHF' },
    ]);
    const res = await api.request({ method: 'POST', url: `/api/payouts/${p}/payments`, as: staff });
    expect([res.statusCode, res.json().errors.base]).toEqual([422, ['missing_currency_rate: CHF->GBP, EUR->GBP']]);
    expect(await paymentsOf(api.db, p)).toEqual([]);
    // The rate list offers the pairs the revenue needs (the newest admin rate, else 0) to fill in.
    const rates = (await api.request({ method: 'GET', url: `/api/payouts/${p}/currency_rates`, as: staff })).json().currency_rates as { base_currency: string; target_currency: string }[];
    expect(rates.map((r) => `${r.base_currency}->${r.target_currency}`)).toEqual(expect.arrayContaining(['CHF->GBP', 'EUR->GBP', 'USD->GBP']));
  });

  it('reconciles per revenue type and currency, never adding currencies', async () => {
    const source = await newSource(api.db, org);
    const p = await newPayout(api.db, '2026-03-01', ['adsense']);
    await addRevenue(api.db, p, [
      { source, type: 'adsense', revenue: '1.5', currency: 'USD' },
      { source: null, type: 'adsense', revenue: '2', currency: 'EUR' },
    ]);
    const rows = (await revenues(p)).reconciliation as { revenue_type: string; currency: string; imported: string; balanced: boolean }[];
    expect(rows.map((r) => [r.revenue_type, r.currency, plain(r.imported), r.balanced])).toEqual([
      ['adsense', 'EUR', '2', true],
      ['adsense', 'USD', '1.5', true],
    ]);
  });
});

describe('one contract per source and month', () => {
  it('pays a renewal month once: February under the contract ending 14 February, not also under its successor from the 15th', async () => {
    const source = await newSource(api.db, org);
    const share = [{ type: 'indirect' as const, formula: 'rev_share' as const, rev_share: '50', baseline: '0' }];
    const first = await newContract(api.db, { org, currency: 'USD', start: '2025-02-15', end: '2026-02-14', shares: share, vendors: ['100'], sources: [source] });
    const second = await newContract(api.db, { org, currency: 'USD', start: '2026-02-15', shares: share, vendors: ['100'], sources: [source] });
    const feb = await newPayout(api.db, '2026-02-01', ['adsense']);
    const mar = await newPayout(api.db, '2026-03-01', ['adsense']);
    await addRevenue(api.db, feb, [{ source, type: 'adsense', revenue: '1000' }]);
    await addRevenue(api.db, mar, [{ source, type: 'adsense', revenue: '1000' }]);
    await runThroughApi(api, feb, staff);
    await runThroughApi(api, mar, staff);
    expect(await paymentsOf(api.db, feb)).toEqual([{ contract_vendor_id: first.cvs[0], amount: '500.00', currency: 'USD' }]);
    expect(await paymentsOf(api.db, mar)).toEqual([{ contract_vendor_id: second.cvs[0], amount: '500.00', currency: 'USD' }]);
  });

  it('refuses to approve a contract that puts a source on another contract for a shared day, naming it', async () => {
    const source = await newSource(api.db, org, 'OVERLAP-SRC');
    const share = [{ type: 'all' as const, formula: 'rev_share' as const, rev_share: '50', baseline: '0' }];
    const held = await newContract(api.db, { org, currency: 'EUR', start: '2026-01-01', end: '2026-06-30', shares: share, vendors: ['100'], sources: [source] });
    const overlapping = await newContract(api.db, { org, currency: 'EUR', start: '2026-06-30', state: 'approval_pending', shares: share, vendors: ['100'], sources: [source] });
    const refused = await api.request({ method: 'POST', url: `/api/contracts/${overlapping.id}/approve`, as: approver });
    expect([refused.statusCode, refused.json().errors]).toEqual([422, { revenue_source_ids: [`contract_overlap: ${held.id} (OVERLAP-SRC)`] }]);
    const following = await newContract(api.db, { org, currency: 'EUR', start: '2026-07-01', state: 'approval_pending', shares: share, vendors: ['100'], sources: [source] });
    expect((await api.request({ method: 'POST', url: `/api/contracts/${following.id}/approve`, as: approver })).statusCode).toBe(200);
  });

  it('tells the contract form before submit which contracts hold its sources for a day of its term', async () => {
    const writer = await api.user(['contracts']);
    const source = await newSource(api.db, org, 'WARN-SRC');
    const share = [{ type: 'all' as const, formula: 'rev_share' as const, rev_share: '50', baseline: '0' }];
    const held = await newContract(api.db, { org, currency: 'EUR', start: '2026-01-01', end: '2026-06-30', shares: share, vendors: ['100'], sources: [source] });
    const ask = (query: string, as = writer) => api.request({ method: 'GET', url: `/api/contracts/source_conflicts?${query}`, as });
    const overlapping = await ask(`revenue_source_ids=${source}&start_date=2026-06-30`);
    expect([overlapping.statusCode, overlapping.json()]).toEqual([200, { conflicts: [{ contract_id: held.id, reference_ids: ['WARN-SRC'] }] }]);
    // The contract itself, a term after the other's end, or no sources: nothing to warn of.
    for (const query of [`revenue_source_ids=${source}&start_date=2026-03-01&contract_id=${held.id}`, `revenue_source_ids=${source}&start_date=2026-07-01&end_date=2026-12-31`, 'revenue_source_ids=&start_date=2026-01-01']) {
      expect((await ask(query)).json(), query).toEqual({ conflicts: [] });
    }
    const bad = await ask('revenue_source_ids=1,x&start_date=2026-02-30&end_date=soon&contract_id=-1');
    expect([bad.statusCode, bad.json().errors]).toEqual([422, { revenue_source_ids: ['invalid'], start_date: ['invalid'], end_date: ['invalid'], contract_id: ['invalid'] }]);
    expect((await ask(`revenue_source_ids=${source}&start_date=2026-06-30`, await api.user(['payments']))).statusCode).toBe(403);
  });
});

describe('fixed income and missing shares', () => {
  it('pays a fixed income once per contract share and month, however many payouts the month has', async () => {
    const source = await newSource(api.db, org);
    const c = await newContract(api.db, { org, currency: 'USD', start: '2020-01-01', shares: [{ type: 'all', formula: 'fixed_income', fixed_income: '300' }], vendors: ['100'], sources: [source] });
    const one = await newPayout(api.db, '2026-04-01', ['adsense']);
    const two = await newPayout(api.db, '2026-04-01', ['adsense']);
    await addRevenue(api.db, one, [{ source, type: 'adsense', revenue: '5' }]);
    await addRevenue(api.db, two, [{ source, type: 'adsense', revenue: '7' }]);
    await runThroughApi(api, one, staff);
    await runThroughApi(api, two, staff);
    const paid = [...(await paymentsOf(api.db, one)), ...(await paymentsOf(api.db, two))].filter((x) => x.contract_vendor_id === c.cvs[0]);
    // The second payout earns nothing for the share: no payment of 0.00 (DOMAIN step 4), an earning of 0.00 on the balance.
    expect(paid.map((x) => x.amount)).toEqual(['300.00']);
    const earned = await api.db.selectFrom('balance_entries').select(['payout_id', 'amount']).where('contract_vendor_id', '=', c.cvs[0]).where('kind', '=', 'earning').orderBy('id').execute();
    expect(earned.map((e) => [e.payout_id, e.amount])).toEqual([[one, '300.00'], [two, '0.00']]);
    // The key that guards it: a second row for the share and month is refused by the database.
    await expect(api.db.insertInto('fixed_income_months').values({ contract_id: c.id, share_type: 'all', month: '2026-04-01', payout_id: two }).execute()).rejects.toThrow(/fixed_income_months_key/);
  });

  it('lists revenue of a share type the contract lacks as without contract, with its reason, and reconciles', async () => {
    const source = await newSource(api.db, org, 'NO-RED-SHARE');
    const c = await newContract(api.db, { org, currency: 'USD', start: '2020-01-01', shares: [{ type: 'indirect', formula: 'rev_share', rev_share: '50', baseline: '0' }], vendors: ['100'], sources: [source] });
    const p = await newPayout(api.db, '2026-05-01', ['adsense']);
    await addRevenue(api.db, p, [
      { source, type: 'adsense', revenue: '10' },
      { source, type: 'red', revenue: '4' },
    ]);
    const without = (await withoutContracts(p)) as { revenue: string }[];
    expect(without.map((w) => ({ ...w, revenue: plain(w.revenue) }))).toEqual([
      { assigned_id: 'NO-RED-SHARE', assigned_type: 'label', revenue_source_id: source, revenue_types: ['red'], revenue: '4', currency: 'USD', reason: 'no_share', contract_id: c.id },
    ]);
    const red = ((await revenues(p)).reconciliation as { revenue_type: string; allocated: string; with_contract: string; without_contract: string; balanced: boolean }[]).find((r) => r.revenue_type === 'red');
    expect([plain(red!.allocated), plain(red!.with_contract), plain(red!.without_contract), red!.balanced]).toEqual(['4', '0', '4', true]);
    await runThroughApi(api, p, staff);
    expect(await paymentsOf(api.db, p)).toEqual([{ contract_vendor_id: c.cvs[0], amount: '5.00', currency: 'USD' }]);
  });
});

describe('a payout whose run was asked for or has payments is locked', () => {
  it('refuses rate edits, uploads, file deletes, allocation and revenue deletes with 409 and the reason; the flags say so first', async () => {
    const source = await newSource(api.db, org);
    await newContract(api.db, { org, currency: 'EUR', start: '2020-01-01', shares: [{ type: 'indirect', formula: 'rev_share', rev_share: '50', baseline: '0' }], vendors: ['100'], sources: [source] });
    const p = await newPayout(api.db, '2026-06-01', ['adsense'], [['USD', 'EUR', '0.9']]);
    await addRevenue(api.db, p, [
      { source, type: 'adsense', revenue: '10' },
      { source: null, type: 'adsense', revenue: '3' },
    ]);
    const before = (await payout(p)).json();
    expect([before.can_edit_currency_rates, before.can_upload_files, before.locked_reason]).toEqual([true, true, null]);
    const rates = (await api.request({ method: 'GET', url: `/api/payouts/${p}/currency_rates`, as: staff })).json().currency_rates as { id: number; base_currency: string; target_currency: string; rate: string }[];
    const start = await api.request({ method: 'POST', url: `/api/payouts/${p}/payments`, as: staff });
    expect(start.statusCode).toBe(202);
    // At once after the 202 (#25 item 4), while the job is pending or once it made the payments: refused, never saved-but-unused.
    const edit = await api.request({ method: 'POST', url: `/api/payouts/${p}/currency_rates`, payload: { currency_rates: rates.map((r) => ({ ...r, rate: '0.5' })) }, as: staff });
    expect(edit.statusCode).toBe(409);
    expect(['jobs_pending', 'payments_exist']).toContain(edit.json().reason);
    await api.settled();
    const after = (await payout(p)).json();
    expect([after.can_edit_currency_rates, after.can_upload_files, after.can_allocate_revenues, after.can_delete_revenues, after.locked_reason]).toEqual([false, false, false, false, 'payments_exist']);
    const stored = await api.db.selectFrom('currency_rates').select('rate').where('payout_id', '=', p).where('target_currency', '=', 'EUR').execute();
    expect(stored.map((r) => r.rate)).toEqual(['0.9000000000']);
    const payments = await api.db.selectFrom('payments').select('currency_rate').where('payout_id', '=', p).execute();
    expect(payments.map((x) => x.currency_rate)).toEqual(['0.9000000000']);

    const refused = [
      await api.request({ method: 'POST', url: `/api/payouts/${p}/currency_rates`, payload: { currency_rates: rates }, as: staff }),
      await api.request({ method: 'POST', url: `/api/payouts/${p}/allocate_revenues`, payload: { revenue_types: ['adsense'] }, as: staff }),
      await api.request({ method: 'DELETE', url: `/api/payouts/${p}/revenues`, payload: { revenue_types: ['adsense'] }, as: staff }),
    ];
    expect(refused.map((r) => [r.statusCode, r.json()])).toEqual(refused.map(() => [409, { error: 'payout_locked', reason: 'payments_exist' }]));
    const unallocated = await api.db.selectFrom('payout_revenues').select('id').where('payout_id', '=', p).where('revenue_source_id', 'is', null).execute();
    const clerk = await api.user(['unallocated_revenues']);
    const manual = await api.request({ method: 'POST', url: '/api/unallocated_revenues/allocate', payload: { assigned_id: 'nothing', assigned_type: 'label', revenue_ids: unallocated.map((r) => r.id) }, as: clerk });
    expect(manual.statusCode).toBe(422); // an unknown source is the first answer
    const ref = (await api.db.selectFrom('revenue_sources').select('reference_id').where('id', '=', source).executeTakeFirstOrThrow()).reference_id;
    const manual2 = await api.request({ method: 'POST', url: '/api/unallocated_revenues/allocate', payload: { assigned_id: ref, assigned_type: 'label', revenue_ids: unallocated.map((r) => r.id) }, as: clerk });
    expect([manual2.statusCode, manual2.json()]).toEqual([409, { error: 'payout_locked', reason: 'payments_exist' }]);
    const listed = await api.request({ method: 'GET', url: `/api/unallocated_revenues?filter[month]=2026-06-01`, as: clerk });
    expect(listed.json().entries.map((e: { payout_locked_reason: string }) => e.payout_locked_reason)).toEqual(['payments_exist']);
  });

  it('a manual allocation, an upload and a rate edit racing a payment run are each refused or fully counted, never allocated-and-unpaid', async () => {
    const clerk = await api.user(['unallocated_revenues']);
    await api.db
      .insertInto('content_owners')
      .values({ content_owner_id: 'CO-RACE', display_name: 'Race Music', report_filename_part: 'RaceMusic', earnings_mapping_rules: JSON.stringify([]) })
      .execute();
    for (let round = 0; round < 4; round += 1) {
      const ref = `RACE-${round}`;
      const source = await newSource(api.db, org, ref);
      await newContract(api.db, { org, currency: 'EUR', start: '2020-01-01', shares: [{ type: 'indirect', formula: 'rev_share', rev_share: '50', baseline: '0' }], vendors: ['100'], sources: [source] });
      const p = await newPayout(api.db, `2025-0${round + 1}-01`, ['adsense'], [['USD', 'EUR', '0.9']]);
      await addRevenue(api.db, p, [{ source, type: 'adsense', revenue: '10' }, ...['1', '2', '3'].map((revenue) => ({ source: null, type: 'adsense', revenue }))]);
      const loose = (await api.db.selectFrom('payout_revenues').select('id').where('payout_id', '=', p).where('revenue_source_id', 'is', null).execute()).map((r) => r.id);
      const rates = (await api.request({ method: 'GET', url: `/api/payouts/${p}/currency_rates`, as: staff })).json().currency_rates as { id: number; base_currency: string; target_currency: string; rate: string }[];
      // A claim file of the payout's month, channel `ref`: accepted, it is imported whole (unallocated: allocation is asked for apart).
      const file = multipart([{ name: `YouTube_RaceMusic_M_2025${String(round + 1).padStart(2, '0')}01_claim_raw_v1-${round}.csv`, content: csv([claimRow({ video: `race-${round}`, channel: ref, revenue: '0.000004236151' }), claimRow({ video: `race-${round}b`, channel: ref, revenue: '5' })], { header: CLAIM_RAW_HEADER }) }]);
      const asks = {
        run: () => api.request({ method: 'POST', url: `/api/payouts/${p}/payments`, as: staff }),
        manual: () => api.request({ method: 'POST', url: '/api/unallocated_revenues/allocate', payload: { assigned_id: ref, assigned_type: 'label', revenue_ids: loose }, as: clerk }),
        edit: () => api.request({ method: 'POST', url: `/api/payouts/${p}/currency_rates`, payload: { currency_rates: rates.map((r) => ({ ...r, rate: r.target_currency === 'EUR' ? '0.5' : r.rate })) }, as: staff }),
        // The upload's import job locks the payout too: it goes last, so that one after the other all three are accepted.
        upload: () => api.request({ method: 'POST', url: `/api/payouts/${p}/files`, payload: file.payload, headers: file.headers, as: staff }),
        others: async () => [await asks.manual(), await asks.edit(), await asks.upload()] as const,
      };
      // Round 0: the run first; round 1: the others first, one after the other (their jobs done), then the run; later rounds: all four at once.
      let run: Awaited<ReturnType<typeof asks.run>>;
      let others: Awaited<ReturnType<typeof asks.others>>;
      if (round === 0) {
        run = await asks.run();
        others = await asks.others();
      } else if (round === 1) {
        others = await asks.others();
        await api.settled();
        run = await asks.run();
      } else [run, ...others] = await Promise.all([asks.run(), asks.manual(), asks.edit(), asks.upload()]);
      const [manual, edit, upload] = others;
      if (round === 0) expect([manual, edit, upload].map((r) => r.statusCode)).toEqual([409, 409, 409]);
      if (round === 1) expect([manual, edit, upload].map((r) => r.statusCode)).toEqual([200, 200, 201]);
      await api.settled();
      expect(run.statusCode, run.body).toBe(202);
      expect([200, 409]).toContain(manual.statusCode);
      expect([200, 409]).toContain(edit.statusCode);
      expect([201, 409], upload.body).toContain(upload.statusCode);
      // An accepted upload is imported whole and left unallocated; a refused one left nothing behind.
      const uploaded = await api.db.selectFrom('payout_files').select(['imported_at', 'last_error']).where('payout_id', '=', p).execute();
      const fileRows = await api.db.selectFrom('payout_revenues').select(['revenue', 'revenue_source_id']).where('payout_id', '=', p).where('video_id', 'like', 'race-%').execute();
      if (upload.statusCode === 201) {
        expect(uploaded).toEqual([{ imported_at: expect.any(Date), last_error: null }]);
        expect(fileRows.map((r) => [plain(r.revenue), r.revenue_source_id]).sort()).toEqual([['0.000004236151', null], ['5', null]]);
      } else {
        expect([uploaded, fileRows]).toEqual([[], []]);
      }
      // Every allocated row is paid, and with the rate the payout holds.
      const allocated = await api.db.selectFrom('payout_revenues').select((eb) => eb.fn.sum<string>('revenue').as('sum')).where('payout_id', '=', p).where('revenue_source_id', 'is not', null).executeTakeFirstOrThrow();
      const lines = await api.db
        .selectFrom('payment_line_items as l')
        .innerJoin('payments as m', 'm.id', 'l.payment_id')
        .select((eb) => eb.fn.sum<string>('l.revenue').as('sum'))
        .where('m.payout_id', '=', p)
        .executeTakeFirstOrThrow();
      expect(plain(lines.sum), `round ${round}`).toBe(plain(allocated.sum));
      expect(plain(allocated.sum)).toBe(manual.statusCode === 200 ? '16' : '10');
      const stored = await api.db.selectFrom('currency_rates').select('rate').where('payout_id', '=', p).where('target_currency', '=', 'EUR').where('base_currency', '=', 'USD').executeTakeFirstOrThrow();
      const used = await api.db.selectFrom('payments').select('currency_rate').where('payout_id', '=', p).executeTakeFirstOrThrow();
      expect(plain(used.currency_rate)).toBe(plain(stored.rate));
    }
  });
});
