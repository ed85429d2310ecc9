import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';
import { organizationValues } from '../support/records.js';

// Payment buckets (issue 16; spec 3 sections 3.2, 4.3, 5.1, 7.1): CRUD, flags, summary, lookup.
const api = setupApi();
let buckets: TestUser;
let payouts: TestUser;
const ids = { org: 0, contract: 0, payout: 0 };

const create = (payment_bucket: Record<string, unknown>, as = buckets) => api.request({ method: 'POST', url: '/api/payment_buckets', payload: { payment_bucket }, as });
const read = (id: number, as = buckets) => api.request({ method: 'GET', url: `/api/payment_buckets/${id}`, as });

beforeAll(async () => {
  buckets = await api.user(['payment_buckets']);
  payouts = await api.user(['payouts']);
  ids.org = (
    await api.db
      .insertInto('organizations')
      .values(organizationValues({ name: 'Eimer GmbH', number: '611', vendor_source_prefix_external: '100', vendor_source_prefix_internal: '200', vendor_source_prefix_network: '300' }))
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.contract = (
    await api.db
      .insertInto('contracts')
      .values({ organization_id: ids.org, contract_type: 'adsense', currency: 'EUR', start_date: '2020-01-01', state: 'signed', credit_note_type: 'short' } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const payout = await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month: '2026-01-01', payout_types: ['adsense'] } }, as: payouts });
  ids.payout = payout.json().id;
});

let vendorNumber = 700;

/** A payment of its own vendor and contract vendor (the run's key allows one per payout, contract vendor and type). */
async function payment(bucketId: number | null, type: string, totals: [string, string, string, string], state = 'new'): Promise<number> {
  const [amount, vat, wht, total] = totals;
  const vendor = (await api.db.insertInto('vendors').values({ organization_id: ids.org, number: ++vendorNumber, name: `Vendor ${vendorNumber}`, type: 'company' }).returning('id').executeTakeFirstOrThrow()).id;
  const cv = (await api.db.insertInto('contract_vendors').values({ contract_id: ids.contract, vendor_id: vendor, share_percentage: '100' }).returning('id').executeTakeFirstOrThrow()).id;
  const { rows } = await sql<{ id: number }>`
    INSERT INTO payments (type, state, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, payment_bucket_id, currency, currency_rate,
                          start_date, end_date, due_date, amount, vat_percentage, vat_amount, wht_amount, total_amount)
    VALUES (${type}, ${state}, ${ids.payout}, ${ids.org}, ${ids.contract}, ${cv}, ${vendor}, ${bucketId}, 'EUR', 0.9,
            '2026-01-01', '2026-01-31', '2026-02-28', ${amount}, 19, ${vat}, ${wht}, ${total})
    RETURNING id`.execute(api.db);
  return rows[0].id;
}

describe('payment buckets', () => {
  it('creates, reads, renames and deletes an empty bucket, auditing each write', async () => {
    const created = await create({ name: '  January run  ' });
    expect(created.statusCode, created.body).toBe(201);
    const bucket = created.json();
    expect(bucket).toEqual({
      id: expect.any(Number),
      lock_version: 0,
      name: 'January run',
      payout: null,
      payments_count: 0,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      can_be_deleted: true,
      can_publish_payments: false,
      can_create_payment_files: false,
      flag_reasons: {},
      jobs_pending: false,
      last_job_failure: null,
      payments_summary: [],
      payment_files: [],
      payments_kept_out: [],
    });
    expect((await read(bucket.id)).json()).toEqual(bucket);

    const renamed = await api.request({ method: 'PUT', url: `/api/payment_buckets/${bucket.id}`, payload: { payment_bucket: { name: 'January', lock_version: 0 } }, as: buckets });
    expect(renamed.json()).toMatchObject({ name: 'January', lock_version: 1 });
    const stale = await api.request({ method: 'PUT', url: `/api/payment_buckets/${bucket.id}`, payload: { payment_bucket: { name: 'Old', lock_version: 0 } }, as: buckets });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ name: 'January' });

    expect((await api.request({ method: 'DELETE', url: `/api/payment_buckets/${bucket.id}`, as: buckets })).statusCode).toBe(204);
    expect((await read(bucket.id)).statusCode).toBe(404);
    const trail = await auditTrail(api.db, 'PaymentBucket', bucket.id);
    expect(trail.map((t) => [t.action, t.user_id])).toEqual([
      ['create', buckets.id],
      ['update', buckets.id],
      ['destroy', buckets.id],
    ]);
    expect(trail[1].audited_changes).toEqual({ name: ['January run', 'January'] });
  });

  it('requires a name (blank), also on update', async () => {
    expect((await create({ name: '   ' })).json()).toEqual({ errors: { name: ['blank'] } });
    expect((await create({})).json()).toEqual({ errors: { name: ['blank'] } });
    const { id } = (await create({ name: 'Named' })).json();
    const blank = await api.request({ method: 'PUT', url: `/api/payment_buckets/${id}`, payload: { payment_bucket: { name: '' } }, as: buckets });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: { name: ['blank'] } });
    expect((await create({ name: 'x'.repeat(256) })).json()).toEqual({ errors: { name: ['too_long:255'] } });
  });

  it('sums its payments per organization and currency, answers its flags and is deleted only while empty', async () => {
    const { id } = (await create({ name: 'With payments' })).json();
    await payment(id, 'self_billing', ['100.10', '19.02', '0.00', '119.12']);
    await payment(id, 'self_billing', ['0.20', '0.04', '0.01', '0.23']);
    await payment(id, 'invoice', ['50.00', '0.00', '0.00', '50.00'], 'payout_pending');
    await payment(null, 'invoice', ['1.00', '0.00', '0.00', '1.00']);
    const bucket = (await read(id)).json();
    expect(bucket).toMatchObject({
      payout: { id: ids.payout, month: '2026-01-01' },
      payments_count: 3,
      can_be_deleted: false,
      can_publish_payments: true,
      can_create_payment_files: true,
      jobs_pending: false,
      payments_summary: [
        { organization_id: ids.org, organization_name: 'Eimer GmbH', currency: 'EUR', payments_count: 3, amount: '150.30', vat_amount: '19.06', wht_amount: '0.01', total_amount: '169.35' },
      ],
    });
    const refused = await api.request({ method: 'DELETE', url: `/api/payment_buckets/${id}`, as: buckets });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { base: ['in_use'] } });
    expect((await read(id)).statusCode).toBe(200);
  });

  it('lists with the whitelisted sorts and search, and looks buckets up by name', async () => {
    for (const name of ['Lookup Alpha', 'Lookup Beta', 'Other']) await create({ name });
    const byName = await api.request({ method: 'GET', url: '/api/payment_buckets?q=lookup&sort_by=name&sort_direction=desc', as: buckets });
    expect(byName.json()).toMatchObject({ total: 2, entries: [{ name: 'Lookup Beta' }, { name: 'Lookup Alpha' }] });
    for (const sort of ['id', 'name', 'created_at']) {
      expect((await api.request({ method: 'GET', url: `/api/payment_buckets?sort_by=${sort}`, as: buckets })).statusCode, sort).toBe(200);
    }
    const bad = await api.request({ method: 'GET', url: '/api/payment_buckets?sort_by=payments_count', as: buckets });
    expect(bad.json()).toEqual({ errors: { sort_by: ['invalid'] } });
    const lookup = await api.request({ method: 'GET', url: '/api/payment_buckets/lookup?q=alph', as: buckets });
    expect(lookup.json()).toEqual([{ id: expect.any(Number), name: 'Lookup Alpha' }]);
  });

  it('needs the payment_buckets role (admin passes)', async () => {
    const { id } = (await create({ name: 'Roles' })).json();
    for (const [method, url] of [
      ['GET', '/api/payment_buckets'],
      ['GET', '/api/payment_buckets/lookup'],
      ['GET', `/api/payment_buckets/${id}`],
      ['POST', '/api/payment_buckets'],
      ['PUT', `/api/payment_buckets/${id}`],
      ['DELETE', `/api/payment_buckets/${id}`],
    ] as const) {
      const res = await api.request({ method, url, payload: method === 'POST' || method === 'PUT' ? { payment_bucket: { name: 'x' } } : undefined, as: payouts });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const admin = await api.user(['admin']);
    expect((await read(id, admin)).statusCode).toBe(200);
  });
});
