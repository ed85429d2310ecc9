import { beforeAll, describe, expect, it } from 'vitest';
import { insertPayment, paymentParty, type PaymentParty } from '../support/payment-fixtures.js';
import { setupApi, type TestUser } from '../support/api.js';

// GET /api/payments and /api/payments/{id} (spec 3, 2.1, 3.1, 6, 7.2): filters, sorts, roles, flags; the filters' lookups.
const api = setupApi();
let a: PaymentParty;
let b: PaymentParty;
const ids: Record<string, number> = {};
let lister: TestUser;

beforeAll(async () => {
  lister = await api.user(['payments']);
  a = await paymentParty(api.db, { orgName: 'Alpha Lists GmbH', vendorName: 'Anna Alpha' });
  b = await paymentParty(api.db, { orgName: 'Beta Lists Ltd', vendorName: 'Bert Beta', currency: 'USD', month: '2026-02-01' });
  ids.a1 = await insertPayment(api.db, a, { amount: '10.00', vat: '1.90' });
  ids.a2 = await insertPayment(api.db, a, { amount: '250.50', state: 'payout_pending', type: 'self_billing' });
  ids.a3 = await insertPayment(api.db, a, { amount: '99.99', state: 'paid_out', start_date: '2026-03-01' });
  ids.b1 = await insertPayment(api.db, b, { amount: '1000.00', currency: 'USD', start_date: '2026-02-01', state: 'on_hold' });
  ids.b2 = await insertPayment(api.db, b, { amount: '5.00', currency: 'USD', start_date: '2026-02-01', wht: '0.50' });
});

const list = async (url: string, as = lister) => {
  const res = await api.request({ method: 'GET', url, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: { id: number }[]; total: number };
};
const idsOf = (page: { entries: { id: number }[] }) => page.entries.map((e) => e.id);
const ours = (found: number[]) => found.filter((id) => Object.values(ids).includes(id));

describe('GET /api/payments', () => {
  it('answers payments with organization, vendor, payout, line items and flags', async () => {
    const page = await list(`/api/payments?filter[organization_id]=${a.org}&sort_by=id&sort_direction=asc`);
    expect(idsOf(page)).toEqual([ids.a1, ids.a2, ids.a3]);
    const first = page.entries[0] as unknown as Record<string, unknown>;
    expect(first).toMatchObject({
      type: 'invoice',
      entry_type: 'payment',
      state: 'new',
      organization: { id: a.org, name: 'Alpha Lists GmbH' },
      vendor: { id: a.vendor, name: 'Anna Alpha' },
      payout: { id: expect.any(Number), month: '2026-01-01' },
      payment_bucket: null,
      currency: 'EUR',
      amount: '10.00',
      vat_amount: '1.90',
      total_amount: '11.90',
      fee: '0.00',
      invoice_url: null,
      paid_at: null,
      // the list role alone grants no action
      can_be_paused: false,
      can_be_cancelled: false,
      cancellable: true,
    });
    expect(first.line_items).toEqual([
      expect.objectContaining({ revenue_source: { id: a.source, reference_id: expect.stringMatching(/^SRC-/) }, contract_revenue_share: { type: 'all' }, amount: '10.00' }),
    ]);
  });

  it('filters by type, state, organization, currency, amount and start date bounds, vendors and contract', async () => {
    const q = (f: string) => list(`/api/payments?s=100&sort_by=id&sort_direction=asc&${f}`).then((p) => ours(idsOf(p)));
    expect(await q('filter[type]=self_billing')).toEqual([ids.a2]);
    expect(await q('filter[state][]=paid_out&filter[state][]=on_hold')).toEqual([ids.a3, ids.b1]);
    expect(await q('filter[currency]=USD')).toEqual([ids.b1, ids.b2]);
    expect(await q(`filter[organization_id]=${b.org}`)).toEqual([ids.b1, ids.b2]);
    expect(await q('filter[amount][gteq]=10.00&filter[amount][lteq]=250.50')).toEqual([ids.a1, ids.a2, ids.a3]);
    expect(await q('filter[start_date][gteq]=2026-02-01&filter[start_date][lteq]=2026-02-28')).toEqual([ids.b1, ids.b2]);
    expect(await q(`filter[vendor_id][]=${a.vendor}&filter[vendor_id][]=${b.vendor}`)).toEqual([ids.a1, ids.a2, ids.a3, ids.b1, ids.b2]);
    expect(await q(`filter[contract_vendor_vendor_id][]=${b.vendor}`)).toEqual([ids.b1, ids.b2]);
    expect(await q(`filter[contract_id]=${a.contract}&filter[state]=new`)).toEqual([ids.a1]);
  });

  it('sorts by the columns of 2.1, and searches by reference', async () => {
    const sorted = async (by: string, dir: string) => ours(idsOf(await list(`/api/payments?s=100&sort_by=${by}&sort_direction=${dir}`)));
    expect(await sorted('total_amount', 'desc')).toEqual([ids.b1, ids.a2, ids.a3, ids.a1, ids.b2]);
    expect(await sorted('amount', 'asc')).toEqual([ids.b2, ids.a1, ids.a3, ids.a2, ids.b1]);
    // the one paid payment first descending (empty paid_at last), last ascending
    expect((await sorted('paid_at', 'desc'))[0]).toBe(ids.a3);
    expect((await sorted('paid_at', 'asc')).at(-1)).toBe(ids.a3);
    for (const by of ['id', 'reference', 'vat_amount', 'wht_amount', 'start_date', 'state']) expect((await sorted(by, 'asc')).sort()).toEqual(Object.values(ids).sort());
    const ref = (await api.db.selectFrom('payments').select('reference').where('id', '=', ids.b2).executeTakeFirstOrThrow()).reference;
    expect(idsOf(await list(`/api/payments?q=${ref}`))).toEqual([ids.b2]);
  });

  it('refuses a sort or filter outside the whitelist and malformed values, naming them', async () => {
    for (const [url, key] of [
      ['/api/payments?sort_by=vendor_id', 'sort_by'],
      ['/api/payments?sort_by=id&sort_direction=up', 'sort_direction'],
      ['/api/payments?filter[invoice_file_key]=x', 'filter[invoice_file_key]'],
      ['/api/payments?filter[state]=lost', 'filter[state]'],
      ['/api/payments?filter[amount][gteq]=1e3', 'filter[amount][gteq]'],
      ['/api/payments?filter[start_date][lteq]=2026-02-30', 'filter[start_date][lteq]'],
      ['/api/payments?filter[vendor_id][]=abc', 'filter[vendor_id]'],
    ]) {
      const res = await api.request({ method: 'GET', url, as: lister });
      expect([url, res.statusCode, Object.keys(res.json().errors)]).toEqual([url, 422, [key]]);
    }
  });

  it('needs payments or admin for the list (spec 3, 6)', async () => {
    for (const roles of [['payments_verify'], ['payouts'], ['payment_buckets'], []]) {
      const res = await api.request({ method: 'GET', url: '/api/payments', as: await api.user(roles) });
      expect([roles, res.statusCode]).toEqual([roles, 403]);
    }
    expect((await api.request({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
    expect((await api.request({ method: 'GET', url: '/api/payments', as: await api.user(['admin']) })).statusCode).toBe(200);
  });
});

describe('GET /api/payments/{id}', () => {
  it('answers the details to the roles of section 6, with the flags of the viewer', async () => {
    const flagsOf = async (roles: string[], id: number) => {
      const res = await api.request({ method: 'GET', url: `/api/payments/${id}`, as: await api.user(roles) });
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json();
      return Object.keys(p).filter((k) => k.startsWith('can_') && p[k] === true).sort();
    };
    expect(await flagsOf(['payments_pause_and_resume'], ids.a1)).toEqual(['can_be_paused']);
    expect(await flagsOf(['payments_verify'], ids.a1)).toEqual(['can_attach_invoice']);
    expect(await flagsOf(['payments_cancel'], ids.a1)).toEqual(['can_be_cancelled']);
    expect(await flagsOf(['payments_admin'], ids.a2)).toEqual(['can_be_incorrect', 'can_be_paid_out', 'can_refresh_payee']);
    expect(await flagsOf(['admin'], ids.a2)).toEqual(['can_be_incorrect', 'can_be_paid_out', 'can_be_paused', 'can_refresh_payee']);
    expect(await flagsOf(['admin'], ids.b1)).toEqual(['can_be_resumed', 'can_refresh_payee']);
    expect(await flagsOf(['admin'], ids.a3)).toEqual(['can_be_cancelled']);
    for (const roles of [['payouts'], ['payment_buckets'], []]) {
      expect((await api.request({ method: 'GET', url: `/api/payments/${ids.a1}`, as: await api.user(roles) })).statusCode).toBe(403);
    }
    expect((await api.request({ method: 'GET', url: '/api/payments/999999999', as: lister })).statusCode).toBe(404);
    expect((await api.request({ method: 'GET', url: '/api/payments/abc', as: lister })).statusCode).toBe(404);
  });
});

describe('a payment in a bucket', () => {
  it('answers its bucket, and bucket flags to the buckets role', async () => {
    const bucket = await api.db.insertInto('payment_buckets').values({ name: 'November run' }).returning('id').executeTakeFirstOrThrow();
    const id = await insertPayment(api.db, a, { amount: '1.00' });
    const buckets = await api.user(['payments', 'payment_buckets']);
    const before = (await api.request({ method: 'GET', url: `/api/payments/${id}`, as: buckets })).json();
    expect([before.payment_bucket, before.can_be_added_to_bucket, before.can_be_removed_from_bucket]).toEqual([null, true, false]);
    await api.db.updateTable('payments').set({ payment_bucket_id: bucket.id }).where('id', '=', id).execute();
    const after = (await api.request({ method: 'GET', url: `/api/payments/${id}`, as: buckets })).json();
    expect([after.payment_bucket, after.can_be_added_to_bucket, after.can_be_removed_from_bucket]).toEqual([{ id: bucket.id, name: 'November run' }, false, true]);
  });
});

describe('lookups for the filters', () => {
  it('organizations, vendors and contracts answer the payments role', async () => {
    const orgs = await api.request({ method: 'GET', url: '/api/organizations/lookup?q=lists', as: lister });
    expect(orgs.statusCode, orgs.body).toBe(200);
    expect(orgs.json().map((o: { id: number }) => o.id).sort()).toEqual([a.org, b.org].sort());
    const vendors = await api.request({ method: 'GET', url: '/api/vendors/lookup?q=Bert', as: lister });
    expect([vendors.statusCode, vendors.json().map((v: { id: number }) => v.id)]).toEqual([200, [b.vendor]]);
    // payment methods and contacts stay with the vendor and contract roles
    expect((await api.request({ method: 'GET', url: '/api/vendors/lookup?q=Bert&view=detailed', as: lister })).statusCode).toBe(403);
    const contracts = await api.request({ method: 'GET', url: `/api/contracts/lookup?q=${a.contract}`, as: lister });
    expect([contracts.statusCode, contracts.json().map((c: { id: number }) => c.id)]).toEqual([200, [a.contract]]);
  });
});
