import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createPaymentFiles } from '../../src/server/modules/payment-files/create.js';
import { debtorAccount, insertPayment, payableParty, type PaymentParty, pendingInBucket } from '../support/payment-fixtures.js';
import { setupApi, type TestUser } from '../support/api.js';

// DOMAIN.md "Four-eyes on money out": on by default for new organizations; whoever verified an invoice does
// not pay that payment out; whoever published a bucket or verified one of its payments does not create its
// files. The flags say so with the reason, the server refuses with 409, the rule and the person.
const api = setupApi();
let verifier: TestUser;
let other: TestUser;
const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 30_000, interval: 100 });
const post = (url: string, as: TestUser, payload: Record<string, unknown> = {}) => api.request({ method: 'POST', url, payload, as });
const read = async (id: number, as: TestUser) => (await api.request({ method: 'GET', url: `/api/payments/${id}`, as })).json();
const state = async (id: number) => (await api.db.selectFrom('payments').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
const bucket = async (as: TestUser) => (await post('/api/payment_buckets', as, { payment_bucket: { name: `Four eyes ${Math.random()}` } })).json().id as number;

/** A party of an organization that requires four eyes (the default of a new one). */
async function fourEyesParty(): Promise<PaymentParty> {
  const p = await payableParty(api.db);
  await debtorAccount(api.db, p.org);
  return p;
}

/** An invoice payment verified by `as` through the API: payout_pending. */
async function verified(p: PaymentParty, as: TestUser): Promise<number> {
  const id = await insertPayment(api.db, p, { state: 'invoice_added' });
  const res = await post(`/api/payments/${id}/verify_invoice`, as);
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

beforeAll(async () => {
  verifier = await api.user(['payments_verify', 'payments', 'payment_buckets'], { first_name: 'Vera', last_name: 'Verifier' });
  other = await api.user(['payments_verify', 'payments', 'payment_buckets'], { first_name: 'Otto', last_name: 'Other' });
});

describe('the setting', () => {
  it('is on for a new organization (the column default); existing ones kept theirs', async () => {
    const p = await payableParty(api.db);
    expect((await api.db.selectFrom('organizations').select('four_eyes').where('id', '=', p.org).executeTakeFirstOrThrow()).four_eyes).toBe(true);
    const { rows } = await sql<{ d: string }>`SELECT column_default AS d FROM information_schema.columns WHERE table_name = 'organizations' AND column_name = 'four_eyes'`.execute(api.db);
    expect(rows[0].d).toBe('true');
  });
});

describe('pay out', () => {
  it('the verifier of the invoice sees can_be_paid_out false with the rule, and is refused 409 naming rule and person; someone else pays it out', async () => {
    const p = await fourEyesParty();
    const id = await verified(p, verifier);
    const mine = await read(id, verifier);
    expect(mine.verified_by).toEqual({ id: verifier.id, name: 'Vera Verifier' });
    expect(mine.can_be_paid_out).toBe(false);
    expect(mine.flag_reasons).toEqual({ can_be_paid_out: 'four_eyes_verifier_pays_out' });

    const refused = await post(`/api/payments/${id}/pay_out`, verifier);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ rule: 'four_eyes_verifier_pays_out', person: { id: verifier.id, name: 'Vera Verifier' } });
    const bulk = await post('/api/payments/pay_out', verifier, { ids: [id] });
    expect(bulk.statusCode).toBe(409);
    expect(await state(id)).toBe('payout_pending');

    expect((await read(id, other)).can_be_paid_out).toBe(true);
    const paid = await post(`/api/payments/${id}/pay_out`, other);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await state(id)).toBe('paid_out');
    // The verification is audited with who did it.
    // The verification is audited with who did it, and so are the two refusals, with the rule.
    const trail = await api.db.selectFrom('audit_logs').select(['action', 'user_id', 'audited_changes']).where('auditable_type', '=', 'Payment').where('auditable_id', '=', id).orderBy('id').execute();
    expect(trail.map((a) => [a.action, a.user_id])).toEqual(expect.arrayContaining([['verify_invoice', verifier.id], ['pay_out', other.id]]));
    const refusals = trail.filter((a) => a.action === 'four_eyes_refused');
    expect(refusals.map((a) => [a.user_id, a.audited_changes])).toEqual([
      [verifier.id, { action: [null, 'pay_out'], rule: [null, 'four_eyes_verifier_pays_out'] }],
      [verifier.id, { action: [null, 'pay_out'], rule: [null, 'four_eyes_verifier_pays_out'] }],
    ]);
  });

  it('without four eyes the verifier pays out', async () => {
    const p = await fourEyesParty();
    await api.db.updateTable('organizations').set({ four_eyes: false }).where('id', '=', p.org).execute();
    const id = await verified(p, verifier);
    expect((await read(id, verifier)).flag_reasons).toEqual({});
    expect((await post(`/api/payments/${id}/pay_out`, verifier)).statusCode).toBe(200);
  });
});

describe('create payment files', () => {
  it('whoever published the bucket is refused with the rule; the flag says why; someone else creates the files', async () => {
    const p = await fourEyesParty();
    const b = await bucket(other);
    await pendingInBucket(api.db, p, b, [{}]);
    await api.db.insertInto('payment_bucket_publishers').values({ payment_bucket_id: b, user_id: verifier.id }).execute();
    const seen = (await api.request({ method: 'GET', url: `/api/payment_buckets/${b}`, as: verifier })).json();
    expect(seen.can_create_payment_files).toBe(false);
    expect(seen.flag_reasons).toEqual({ can_create_payment_files: 'four_eyes_publisher_creates_files' });
    const refused = await post(`/api/payment_buckets/${b}/create_payment_files`, verifier);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ rule: 'four_eyes_publisher_creates_files', person: { id: verifier.id, name: 'Vera Verifier' } });
    const audited = await api.db.selectFrom('audit_logs').select(['user_id', 'audited_changes']).where('auditable_type', '=', 'PaymentBucket').where('auditable_id', '=', b).where('action', '=', 'four_eyes_refused').execute();
    expect(audited).toEqual([{ user_id: verifier.id, audited_changes: { action: [null, 'create_payment_files'], rule: [null, 'four_eyes_publisher_creates_files'] } }]);
    const ok = await post(`/api/payment_buckets/${b}/create_payment_files`, other);
    expect(ok.statusCode, ok.body).toBe(202);
  });

  it('publishing records the publisher', async () => {
    const p = await fourEyesParty();
    const b = await bucket(other);
    const id = await insertPayment(api.db, p, { type: 'self_billing', state: 'new' });
    await api.db.updateTable('payments').set({ payment_bucket_id: b }).where('id', '=', id).execute();
    const res = await post(`/api/payment_buckets/${b}/publish_payments`, verifier);
    expect(res.statusCode, res.body).toBe(202);
    expect(await api.db.selectFrom('payment_bucket_publishers').select('user_id').where('payment_bucket_id', '=', b).execute()).toEqual([{ user_id: verifier.id }]);
  });

  it('whoever verified one of its payments is refused; race: a verify committed after the request was accepted still makes the job refuse', async () => {
    const p = await fourEyesParty();
    const b = await bucket(other);
    const id = await verified(p, verifier);
    await api.db.updateTable('payments').set({ payment_bucket_id: b }).where('id', '=', id).execute();
    const refused = await post(`/api/payment_buckets/${b}/create_payment_files`, verifier);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().rule).toBe('four_eyes_verifier_creates_files');

    // The request's check passed (nothing verified by `other` yet); then `other` verifies a payment of the
    // bucket before the job runs: the job, on the locked payments, refuses and exports nothing.
    const b2 = await bucket(verifier);
    const early = await pendingInBucket(api.db, p, b2, [{}]);
    const late = await insertPayment(api.db, p, { state: 'invoice_added' });
    await api.db.updateTable('payments').set({ payment_bucket_id: b2 }).where('id', '=', late).execute();
    expect((await post(`/api/payments/${late}/verify_invoice`, other)).statusCode).toBe(200);
    await expect(createPaymentFiles({ db: api.db, storage: api.ctx.storage }, b2, other.id)).rejects.toThrow(/four_eyes_verifier_creates_files/);
    expect([await state(early[0]), await state(late)]).toEqual(['payout_pending', 'payout_pending']);
    await waitFor(async () => expect(await createPaymentFiles({ db: api.db, storage: api.ctx.storage }, b2, verifier.id)).toMatchObject({ payments: 2 }));
  });

  it('two pay-outs racing, by the verifier and by someone else: paid once, by the other', async () => {
    const p = await fourEyesParty();
    const id = await verified(p, verifier);
    const [a, b] = await Promise.all([post(`/api/payments/${id}/pay_out`, verifier), post(`/api/payments/${id}/pay_out`, other)]);
    expect(b.statusCode).toBe(200);
    expect([409, 422]).toContain(a.statusCode);
    expect(await state(id)).toBe('paid_out');
    const trail = await api.db.selectFrom('audit_logs').select('user_id').where('auditable_type', '=', 'Payment').where('auditable_id', '=', id).where('action', '=', 'pay_out').execute();
    expect(trail).toEqual([{ user_id: other.id }]);
  });
});
