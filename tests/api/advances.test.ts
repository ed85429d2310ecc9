import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishPayments } from '../../src/server/modules/payment-buckets/publish.js';
import { setupApi, type TestUser } from '../support/api.js';
import { payableParty } from '../support/payment-fixtures.js';
import { addRevenue, newContract, newOrg, newPayout, newSource, runThroughApi } from '../support/run-fixtures.js';

/**
 * Advances (issue 23; DOMAIN.md "Payment run" step 8, "The ledger's API"): a payments_admin records an
 * advance for a contract vendor; it is a payment of type `advance` that no payout made, its entry takes
 * the balance below zero, and later runs recoup it before anything else is paid. Cancelled before it is
 * paid, its amount returns; once paid it is what the balance recoups and cannot be cancelled.
 */
const api = setupApi();
let admin: TestUser;
let reader: TestUser;
let staff: TestUser;
let verifier: TestUser;
let canceller: TestUser;
let bucketStaff: TestUser;

beforeAll(async () => {
  admin = await api.user(['payments_admin']);
  reader = await api.user(['payments']);
  staff = await api.user(['payouts']);
  verifier = await api.user(['payments_verify']);
  canceller = await api.user(['payments_cancel']);
  bucketStaff = await api.user(['payment_buckets']);
});

async function world(state = 'signed') {
  const org = await newOrg(api.db);
  const source = await newSource(api.db, org);
  const c = await newContract(api.db, { org, currency: 'EUR', start: '2020-01-01', state, shares: [{ type: 'all', formula: 'rev_share', rev_share: '100', baseline: '0' }], vendors: ['100'], sources: [source] });
  const vendor = (await api.db.selectFrom('contract_vendors').select('vendor_id').where('id', '=', c.cvs[0]).executeTakeFirstOrThrow()).vendor_id;
  return { org, source, contract: c.id, cv: c.cvs[0], vendor };
}

const advance = (contract: number, cv: number, body: unknown, as: TestUser = admin) =>
  api.request({ method: 'POST', url: `/api/contracts/${contract}/contract_vendors/${cv}/advances`, payload: body as object, as });
const balance = async (cv: number) => (await sql<{ b: string }>`SELECT round(coalesce(sum(amount), 0), 2)::text AS b FROM balance_entries WHERE contract_vendor_id = ${cv}`.execute(api.db)).rows[0].b;
const paymentsOf = (cv: number) => api.db.selectFrom('payments').select(['id', 'type', 'state', 'amount']).where('contract_vendor_id', '=', cv).orderBy('id').execute();

let month = 0;
/** A payout of a new month with this EUR revenue, run through the API; `before` sees it imported and not yet run. */
async function payout(source: number, revenue: string, before?: (id: number) => Promise<void>): Promise<number> {
  month += 1;
  const id = await newPayout(api.db, `${2045 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`, ['adsense']);
  await addRevenue(api.db, id, [{ source, type: 'adsense', revenue, currency: 'EUR' }]);
  await before?.(id);
  await runThroughApi(api, id, staff);
  return id;
}

/** What the preview says the run would do for the one vendor of the payout's contract, and the payments it would count. */
async function preview(id: number) {
  const res = await api.request({ method: 'GET', url: `/api/payouts/${id}/payments_preview`, as: staff });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const v = body.contracts[0].vendors[0];
  return { earned: v.earned, brought_forward: v.brought_forward, carried: v.carried, amount: v.carried ? null : v.amount, counted: body.totals.reduce((n: number, t: { payments_count: number }) => n + t.payments_count, 0) };
}

describe('recording an advance', () => {
  it('makes a payment of type advance with no payout, and an advance entry that takes the balance below zero', async () => {
    const w = await world();
    const res = await advance(w.contract, w.cv, { advance: { amount: '500', reason: 'Album production', date: '2026-11-30' } });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect([p.type, p.state, p.payout, p.advance_reason, p.amount, p.total_amount, p.currency, p.due_date, p.contract_vendor_id]).toEqual([
      'advance', 'new', null, 'Album production', '500.00', '500.00', 'EUR', '2026-11-30', w.cv,
    ]);
    // The recorder counts as its verifier: with four eyes they would not pay it out.
    expect(p.verified_by.id).toBe(admin.id);
    expect(await balance(w.cv)).toBe('-500.00');
    const entries = (await api.request({ method: 'GET', url: `/api/vendors/${w.vendor}/balance_entries`, as: reader })).json();
    expect(entries.entries.map((e: { kind: string; amount: string; month: string; description: string; payment_id: number; payout_id: number | null; balance_after: string }) => [e.kind, e.amount, e.month, e.description, e.payment_id, e.payout_id, e.balance_after])).toEqual([
      ['advance', '-500.00', '2026-11-01', 'Album production', p.id, null, '-500.00'],
    ]);
    const read = (await api.request({ method: 'GET', url: `/api/payments/${p.id}`, as: reader })).json();
    expect([read.type, read.payout, read.can_be_cancelled, read.can_be_added_to_bucket, read.can_attach_invoice]).toEqual(['advance', null, false, false, false]);
    const asAdmin = (await api.request({ method: 'GET', url: `/api/payments/${p.id}`, as: admin })).json();
    expect([asAdmin.can_be_cancelled, asAdmin.can_attach_invoice, asAdmin.can_be_paused]).toEqual([true, false, false]);
    const trail = await api.db.selectFrom('audit_logs').select(['action', 'user_id']).where('auditable_type', '=', 'Payment').where('auditable_id', '=', p.id).execute();
    expect(trail).toEqual([{ action: 'create', user_id: admin.id }]);
    // It is listed with the vendor's payments.
    const listed = (await api.request({ method: 'GET', url: `/api/payments?filter[vendor_id]=${w.vendor}&filter[type]=advance`, as: reader })).json();
    expect(listed.entries.map((e: { id: number }) => e.id)).toEqual([p.id]);
  });

  it('later earnings recoup it before anything is paid', async () => {
    const w = await world();
    expect((await advance(w.contract, w.cv, { advance: { amount: '500.00', reason: 'Tour support', date: '2026-11-01' } })).statusCode).toBe(201);
    // The preview says so before each run: the earnings with the advance brought forward, then the payment or why none.
    const first = await payout(w.source, '300.00', async (id) =>
      expect(await preview(id)).toEqual({ earned: '300.00', brought_forward: '-500.00', carried: 'not_positive', amount: null, counted: 0 }),
    );
    expect((await paymentsOf(w.cv)).map((p) => p.type)).toEqual(['advance']);
    expect(await balance(w.cv)).toBe('-200.00');
    const carried = (await api.request({ method: 'GET', url: `/api/payouts/${first}/carried_balances`, as: staff })).json();
    expect(carried.entries.map((e: { earned: string; balance: string; reason: string }) => [e.earned, e.balance, e.reason])).toEqual([['300.00', '-200.00', 'not_positive']]);
    await payout(w.source, '250.00', async (id) =>
      expect(await preview(id)).toEqual({ earned: '250.00', brought_forward: '-200.00', carried: null, amount: '50.00', counted: 1 }),
    );
    expect((await paymentsOf(w.cv)).map((p) => [p.type, p.amount])).toEqual([
      ['advance', '500.00'],
      ['invoice', '50.00'],
    ]);
    expect(await balance(w.cv)).toBe('0.00');
    // Each payment's read names the entries it pays: the advance its own, the payment the advance it recouped and the two earnings.
    const [adv, paid] = await paymentsOf(w.cv);
    const entriesOf = async (id: number) => (await api.request({ method: 'GET', url: `/api/payments/${id}`, as: reader })).json().balance_entries.map((e: { kind: string; amount: string }) => [e.kind, e.amount]);
    expect(await entriesOf(adv.id)).toEqual([['advance', '-500.00']]);
    expect(await entriesOf(paid.id)).toEqual([['advance', '-500.00'], ['earning', '300.00'], ['earning', '250.00']]);
    // The advance's statement says what it is; it has no revenue lines.
    const pdf = await api.request({ method: 'GET', url: `/api/payments/${adv.id}/statement.pdf`, as: reader });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const csv = await api.request({ method: 'GET', url: `/api/payments/${adv.id}/statement.csv`, as: reader });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('500.00');
  });

  it('is refused without payments_admin, on bad input with the field named, and on a contract that is not signed', async () => {
    const w = await world();
    const good = { advance: { amount: '10.00', reason: 'Ahead', date: '2026-11-30' } };
    expect((await advance(w.contract, w.cv, good, reader)).statusCode).toBe(403);
    for (const [body, errors] of [
      [{ advance: {} }, { amount: ['blank'], reason: ['blank'], date: ['blank'] }],
      [{ advance: { amount: '0', reason: 'x', date: '2026-11-30' } }, { amount: ['greater_than_or_equal_to'] }],
      [{ advance: { amount: '-5', reason: 'x', date: '2026-11-30' } }, { amount: ['greater_than_or_equal_to'] }],
      [{ advance: { amount: '1.005', reason: 'x', date: '2026-11-30' } }, { amount: ['invalid'] }],
      [{ advance: { amount: 12.5, reason: '  ', date: '2026-02-30' } }, { reason: ['blank'], date: ['invalid'] }],
    ] as const) {
      const res = await advance(w.contract, w.cv, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    const other = await world();
    expect((await advance(other.contract, w.cv, good)).statusCode).toBe(404);
    expect((await advance(w.contract, 'x' as unknown as number, good)).statusCode).toBe(404);
    const draft = await world('draft');
    const refused = await advance(draft.contract, draft.cv, good);
    expect([refused.statusCode, refused.json().errors]).toEqual([422, { base: ['ineligible'] }]);
    expect(await paymentsOf(w.cv)).toEqual([]);
    expect(await balance(w.cv)).toBe('0.00');
  });

  it('on a contract vendor on hold, waits on hold; two at once make two advances, each with its entry', async () => {
    const w = await world();
    await api.db.updateTable('contract_vendors').set({ payout_on_hold: true, payout_on_hold_reason: 'Dispute' }).where('id', '=', w.cv).execute();
    const body = (amount: string) => ({ advance: { amount, reason: 'Ahead', date: '2026-11-30' } });
    const [a, b] = await Promise.all([advance(w.contract, w.cv, body('10.00')), advance(w.contract, w.cv, body('20.00'))]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect((await paymentsOf(w.cv)).map((p) => p.state)).toEqual(['on_hold', 'on_hold']);
    expect(await balance(w.cv)).toBe('-30.00');
  });
});

describe('cancelling an advance', () => {
  it('before it is paid returns its amount to its own balance only; once paid it cannot be cancelled', async () => {
    const w = await world();
    const other = await world();
    const unpaid = (await advance(w.contract, w.cv, { advance: { amount: '80.00', reason: 'Ahead', date: '2026-11-30' } })).json();
    // In a bucket, the publish finds the vendor has no payment method and sends it back for correction, where it can be cancelled.
    const bucket = (await api.request({ method: 'POST', url: '/api/payment_buckets', payload: { payment_bucket: { name: 'Advances' } }, as: bucketStaff })).json().id as number;
    const added = await api.request({ method: 'POST', url: '/api/payments/add_to_payment_bucket', payload: { ids: [unpaid.id], payment_bucket_id: bucket }, as: bucketStaff });
    expect(added.statusCode, added.body).toBe(200);
    expect(await publishPayments(api.ctx, bucket, bucketStaff.id)).toEqual({ published: 0, needs_correction: 1 });
    expect((await paymentsOf(w.cv)).map((p) => p.state)).toEqual(['needs_correction']);
    const candidates = (await api.request({ method: 'GET', url: `/api/payments/${unpaid.id}/contract_vendors_for_correction`, as: canceller })).json();
    expect(candidates.map((c: { id: number }) => c.id)).toEqual([w.cv]);
    const elsewhere = await api.request({ method: 'POST', url: `/api/payments/${unpaid.id}/cancel`, payload: { payment: { contract_vendor_id: other.cv } }, as: canceller });
    expect([elsewhere.statusCode, elsewhere.json().errors]).toEqual([422, { contract_vendor_id: ['invalid'] }]);
    const done = await api.request({ method: 'POST', url: `/api/payments/${unpaid.id}/cancel`, payload: { payment: { contract_vendor_id: w.cv } }, as: canceller });
    expect(done.statusCode, done.body).toBe(200);
    expect((await paymentsOf(w.cv)).map((p) => [p.type, p.state])).toEqual([['advance', 'cancelled']]);
    expect(await balance(w.cv)).toBe('0.00');
    expect(await balance(other.cv)).toBe('0.00');

    // A vendor with an account and tax data: publish moves its advance on, without a credit note, and it is paid out.
    const payable = await payableParty(api.db);
    await api.db.insertInto('vendor_tax_infos').values({ vendor_id: payable.vendor, vat_percentage: '0', withholding_tax_percentage: '0' } as never).execute();
    const paid = (await advance(payable.contract, payable.cv, { advance: { amount: '40.00', reason: 'Ahead', date: '2026-11-30' } })).json();
    expect(paid.payee.iban).toBe('DK5000400440116243');
    const second = (await api.request({ method: 'POST', url: '/api/payment_buckets', payload: { payment_bucket: { name: 'Paid advances' } }, as: bucketStaff })).json().id as number;
    await api.request({ method: 'POST', url: '/api/payments/add_to_payment_bucket', payload: { ids: [paid.id], payment_bucket_id: second }, as: bucketStaff });
    expect(await publishPayments(api.ctx, second, bucketStaff.id)).toEqual({ published: 1, needs_correction: 0 });
    const pending = (await api.request({ method: 'GET', url: `/api/payments/${paid.id}`, as: verifier })).json();
    expect([pending.state, pending.credit_note_url, pending.can_be_paid_out]).toEqual(['payout_pending', null, true]);
    const out = await api.request({ method: 'POST', url: `/api/payments/${paid.id}/pay_out`, as: verifier });
    expect(out.statusCode, out.body).toBe(200);
    const read = (await api.request({ method: 'GET', url: `/api/payments/${paid.id}`, as: canceller })).json();
    expect([read.state, read.can_be_cancelled]).toEqual(['paid_out', false]);
    const refused = await api.request({ method: 'POST', url: `/api/payments/${paid.id}/cancel`, payload: { payment: { contract_vendor_id: w.cv } }, as: canceller });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await balance(payable.cv)).toBe('-40.00');
  });
});
