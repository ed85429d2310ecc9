import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentFlags, type PaymentState } from '../../src/shared/entities/payment.js';
import { ROLES } from '../../src/shared/roles.js';
import { insertPayment, paymentParty, type PaymentParty } from '../support/payment-fixtures.js';
import { setupApi, type TestUser } from '../support/api.js';

// The payment actions (spec 3, 4.1, 6, 7.2; DOMAIN.md "Payment lifecycle"): each allowed exactly where its flag is,
// refused ones change nothing; concurrency; attach invoice checks. Uploads are capped small here to test the limit.
const api = setupApi({ env: { UPLOAD_MAX_BYTES: '4096' } });
let party: PaymentParty;
let admin: TestUser;

// DOMAIN.md's table again, by hand: the flags each state gives (an invoice payment outside a bucket).
const TABLE: Record<PaymentState, (keyof PaymentFlags)[]> = {
  new: ['can_be_added_to_bucket', 'can_be_paused', 'can_attach_invoice', 'can_be_cancelled'],
  invoice_added: ['can_be_verified', 'can_attach_invoice', 'can_be_paused'],
  invoice_invalid: ['can_attach_invoice', 'can_be_paused'],
  needs_correction: ['can_be_cancelled', 'can_be_paused'],
  payout_pending: ['can_be_paid_out', 'can_be_incorrect', 'can_be_paused'],
  exported: ['can_cancel_export', 'can_be_paid_out', 'can_be_incorrect'],
  paid_out: ['can_be_cancelled'],
  on_hold: ['can_be_resumed'],
  incorrect: ['can_be_cancelled'],
  cancelled: [],
};

const PDF = Buffer.from('%PDF-1.4\n% an invoice\n%%EOF\n');

async function multipart(name: string, data: Buffer, filename = 'invoice.pdf') {
  const form = new FormData();
  form.append(name, new Blob([new Uint8Array(data)], { type: 'application/pdf' }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

interface ActionCase {
  name: string;
  flag: keyof PaymentFlags;
  roles: string[];
  to: (from: PaymentState) => PaymentState;
  call: (id: number, as: TestUser) => Promise<{ statusCode: number; body: string }>;
}
const post = (id: number, action: string, as: TestUser, payload: Record<string, unknown> = {}) => api.request({ method: 'POST', url: `/api/payments/${id}/${action}`, payload, as });
const ACTIONS: ActionCase[] = [
  { name: 'pause', flag: 'can_be_paused', roles: ['payments_pause_and_resume'], to: () => 'on_hold', call: (id, as) => post(id, 'pause', as) },
  { name: 'resume', flag: 'can_be_resumed', roles: ['payments_pause_and_resume'], to: () => 'new', call: (id, as) => post(id, 'resume', as) },
  { name: 'mark_incorrect', flag: 'can_be_incorrect', roles: ['payments_admin', 'payments_mark_incorrect'], to: () => 'incorrect', call: (id, as) => post(id, 'mark_incorrect', as) },
  { name: 'pay_out', flag: 'can_be_paid_out', roles: ['payments_verify', 'payments_admin'], to: () => 'paid_out', call: (id, as) => post(id, 'pay_out', as) },
  { name: 'verify_invoice', flag: 'can_be_verified', roles: ['payments_verify', 'payments_admin'], to: () => 'payout_pending', call: (id, as) => post(id, 'verify_invoice', as, { comment: 'ok' }) },
  { name: 'invalidate_invoice', flag: 'can_be_verified', roles: ['payments_verify', 'payments_admin'], to: () => 'invoice_invalid', call: (id, as) => post(id, 'invalidate_invoice', as) },
  {
    name: 'attach_invoice',
    flag: 'can_attach_invoice',
    roles: ['payments_verify', 'payments_admin'],
    to: () => 'invoice_added',
    call: async (id, as) => api.request({ method: 'POST', url: `/api/payments/${id}/attach_invoice`, ...(await multipart('invoice_pdf', PDF)), as }),
  },
  { name: 'cancel', flag: 'can_be_cancelled', roles: ['payments_cancel', 'payments_admin'], to: () => 'cancelled', call: (id, as) => post(id, 'cancel', as, { contract_vendor_id: party.cv }) },
];

/** What a refused action must leave as it was: the row and how many payments exist. */
async function snapshot(id: number) {
  const row = await api.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM payments`.execute(api.db);
  const audits = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_logs WHERE auditable_type = 'Payment' AND auditable_id = ${id}`.execute(api.db);
  return { row, payments: rows[0].n, audits: audits.rows[0].n };
}

beforeAll(async () => {
  party = await paymentParty(api.db, { orgName: 'Lifecycle GmbH', vendorName: 'Lena Lifecycle' });
  admin = await api.user(['admin']);
});

describe('the lifecycle table, state by state (admin)', () => {
  for (const action of ACTIONS) {
    it(`${action.name}: allowed exactly in the states whose ${action.flag} is true, refused elsewhere changing nothing`, async () => {
      for (const state of PAYMENT_STATES) {
        const id = await insertPayment(api.db, party, { state });
        const before = await snapshot(id);
        const res = await action.call(id, admin);
        if (TABLE[state].includes(action.flag)) {
          expect([state, res.statusCode], res.body).toEqual([state, 200]);
          const after = await snapshot(id);
          expect([state, after.row.state, after.row.lock_version]).toEqual([state, action.to(state), before.row.lock_version + 1]);
          expect(after.audits).toBeGreaterThan(before.audits);
        } else {
          expect([state, res.statusCode, JSON.parse(res.body).errors]).toEqual([state, 422, { base: ['ineligible'] }]);
          expect(await snapshot(id)).toEqual(before);
        }
      }
    });
  }
});

describe('role by role', () => {
  it('each action answers exactly its roles (403 for the others, nothing changed)', async () => {
    const users = new Map<string, TestUser>();
    for (const role of ROLES) users.set(role, await api.user([role]));
    for (const action of ACTIONS) {
      const state = PAYMENT_STATES.find((s) => TABLE[s].includes(action.flag))!;
      let id = await insertPayment(api.db, party, { state });
      for (const role of ROLES) {
        const before = await snapshot(id);
        const res = await action.call(id, users.get(role)!);
        if (role === 'admin' || action.roles.includes(role)) {
          expect([action.name, role, res.statusCode], res.body).toEqual([action.name, role, 200]);
          id = await insertPayment(api.db, party, { state });
        } else {
          expect([action.name, role, res.statusCode]).toEqual([action.name, role, 403]);
          expect(await snapshot(id)).toEqual(before);
        }
      }
    }
  });

  it('a read answers each flag only to its roles', async () => {
    const id = await insertPayment(api.db, party, { state: 'new' });
    const flags = async (roles: string[]) => {
      const p = (await api.request({ method: 'GET', url: `/api/payments/${id}`, as: await api.user(roles) })).json();
      return Object.keys(p).filter((k) => k.startsWith('can_') && p[k]).sort();
    };
    expect(await flags(['payments', 'payments_cancel'])).toEqual(['can_be_cancelled']);
    expect(await flags(['payments', 'payments_verify', 'payments_pause_and_resume'])).toEqual(['can_attach_invoice', 'can_be_paused']);
  });
});

describe('bulk actions', () => {
  it('change all or none, naming every ineligible or missing id', async () => {
    const fresh = await insertPayment(api.db, party, { state: 'new' });
    const pending = await insertPayment(api.db, party, { state: 'payout_pending' });
    const paid = await insertPayment(api.db, party, { state: 'paid_out' });
    const before = await snapshot(fresh);
    const refused = await api.request({ method: 'POST', url: '/api/payments/pause', payload: { ids: [paid, fresh, 999999999, pending] }, as: admin });
    expect([refused.statusCode, refused.json()]).toEqual([422, { errors: { ids: ['ineligible'] }, ineligible_ids: [paid, 999999999] }]);
    expect(await snapshot(fresh)).toEqual(before);

    const paused = await api.request({ method: 'POST', url: '/api/payments/pause', payload: { ids: [pending, fresh] }, as: admin });
    expect([paused.statusCode, paused.json()]).toEqual([200, { ids: [fresh, pending].sort((a, b) => a - b) }]);
    const held = await api.db.selectFrom('payments').select(['id', 'state', 'state_before_hold']).where('id', 'in', [fresh, pending]).orderBy('id').execute();
    expect(held.map((r) => [r.state, r.state_before_hold])).toEqual([['on_hold', 'new'], ['on_hold', 'payout_pending']]);
    // resume: each back to the state it left
    const resumed = await api.request({ method: 'POST', url: '/api/payments/resume', payload: { ids: [fresh, pending] }, as: admin });
    expect(resumed.statusCode, resumed.body).toBe(200);
    const back = await api.db.selectFrom('payments').select(['id', 'state', 'state_before_hold']).where('id', 'in', [fresh, pending]).orderBy('id').execute();
    expect(back.map((r) => [r.state, r.state_before_hold])).toEqual([['new', null], ['payout_pending', null]]);

    // bulk pay out and mark incorrect, by ids; the role is checked for the bulk route too
    expect((await api.request({ method: 'POST', url: '/api/payments/pay_out', payload: { ids: [pending] }, as: await api.user(['payments_pause_and_resume']) })).statusCode).toBe(403);
    const incorrect = await api.request({ method: 'POST', url: '/api/payments/mark_incorrect', payload: { ids: [pending] }, as: await api.user(['payments_admin']) });
    expect(incorrect.statusCode, incorrect.body).toBe(200);
    expect((await snapshot(pending)).row.state).toBe('incorrect');
    const payOut = await api.request({ method: 'POST', url: '/api/payments/pay_out', payload: { ids: [pending, fresh] }, as: admin });
    expect([payOut.statusCode, payOut.json().ineligible_ids]).toEqual([422, [fresh, pending].sort((a, b) => a - b)]);
  });

  it('act on "all N matching" the list filter, all or none', async () => {
    const own = await paymentParty(api.db, { orgName: 'Filter Bulk GmbH' });
    const a = await insertPayment(api.db, own, { state: 'new' });
    const b = await insertPayment(api.db, own, { state: 'payout_pending' });
    const paid = await insertPayment(api.db, own, { state: 'paid_out' });
    const all = await api.request({ method: 'POST', url: '/api/payments/pause', payload: { filter: { organization_id: String(own.org) } }, as: admin });
    expect([all.statusCode, all.json().ineligible_ids]).toEqual([422, [paid]]);
    expect((await snapshot(a)).row.state).toBe('new');
    const open = await api.request({ method: 'POST', url: '/api/payments/pause', payload: { filter: { organization_id: String(own.org), state: ['new', 'payout_pending'] } }, as: admin });
    expect([open.statusCode, open.json()]).toEqual([200, { ids: [a, b] }]);
    const bad = await api.request({ method: 'POST', url: '/api/payments/pause', payload: { filter: { invoice_file_key: 'x' } }, as: admin });
    expect([bad.statusCode, bad.json().errors]).toEqual([422, { 'filter[invoice_file_key]': ['invalid'] }]);
  });

  it('refuses malformed ids (422), never 500', async () => {
    for (const payload of [{ ids: 'x' }, { ids: [] }, { ids: ['1; drop'] }, {}]) {
      expect((await api.request({ method: 'POST', url: '/api/payments/pause', payload, as: admin })).statusCode).toBe(422);
    }
  });
});

describe('pay out', () => {
  it('pays a payment once when two pay-outs race, 20 rounds', async () => {
    const payer = await api.user(['payments_verify']);
    for (let round = 0; round < 20; round++) {
      const id = await insertPayment(api.db, party, { state: round % 2 ? 'exported' : 'payout_pending' });
      const [a, b] = await Promise.all([post(id, 'pay_out', payer), api.request({ method: 'POST', url: '/api/payments/pay_out', payload: { ids: [id] }, as: payer })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
      const row = (await snapshot(id)).row;
      expect([row.state, row.paid_at instanceof Date, row.lock_version]).toEqual(['paid_out', true, 1]);
      const audits = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_logs WHERE auditable_type = 'Payment' AND auditable_id = ${id} AND action = 'pay_out'`.execute(api.db);
      expect(audits.rows[0].n).toBe(1);
    }
  });
});

describe('invoices', () => {
  it('attaches a PDF (served with auth), refuses a non-PDF and an oversized file (4xx) and a missing one', async () => {
    const id = await insertPayment(api.db, party, { state: 'new' });
    const verifier = await api.user(['payments_verify']);
    const attach = async (name: string, data: Buffer, filename?: string) =>
      api.request({ method: 'POST', url: `/api/payments/${id}/attach_invoice`, ...(await multipart(name, data, filename)), as: verifier });
    const text = await attach('invoice_pdf', Buffer.from('not a pdf, only text'), 'invoice.pdf');
    expect([text.statusCode, text.json().errors]).toEqual([422, { invoice_pdf: ['invalid'] }]);
    const big = await attach('invoice_pdf', Buffer.concat([PDF, Buffer.alloc(5000, 32)]));
    expect([big.statusCode, big.json().errors]).toEqual([422, { invoice_pdf: ['too_large'] }]);
    const none = await post(id, 'attach_invoice', verifier, {});
    expect([none.statusCode, none.json().errors]).toEqual([422, { invoice_pdf: ['blank'] }]);
    expect((await snapshot(id)).row.state).toBe('new');

    const ok = await attach('payment[invoice_pdf]', PDF);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ state: 'invoice_added', invoice_url: `/api/payments/${id}/invoice`, can_be_verified: true });
    const served = await api.request({ method: 'GET', url: `/api/payments/${id}/invoice`, as: await api.user(['payments']) });
    expect([served.statusCode, served.headers['content-type'], served.rawPayload.equals(PDF)]).toEqual([200, 'application/pdf', true]);
    expect((await api.request({ method: 'GET', url: `/api/payments/${id}/invoice`, as: await api.user(['payouts']) })).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: `/api/payments/${id}/invoice` })).statusCode).toBe(401);
  });

  it('verify with a notification mails the contract vendor its acceptance in the vendor language; invalidate needs a new invoice', async () => {
    const contact = await api.db.insertInto('vendor_contacts').values({ vendor_id: party.vendor, first_name: 'Lena', last_name: 'Lifecycle' } as never).returning('id').executeTakeFirstOrThrow();
    await api.db.insertInto('vendor_contact_emails').values({ vendor_contact_id: contact.id, vendor_id: party.vendor, email: 'lena@lifecycle.test' } as never).execute();
    await api.db.updateTable('vendors').set({ language: 'de' } as never).where('id', '=', party.vendor).execute();
    const verifier = await api.user(['payments_verify']);
    const id = await insertPayment(api.db, party, { state: 'invoice_added', amount: '1234.50' });
    const bad = await post(id, 'verify_invoice', verifier, { send_notification: 'maybe' });
    expect([bad.statusCode, bad.json().errors]).toEqual([422, { send_notification: ['invalid'] }]);
    const ok = await post(id, 'verify_invoice', verifier, { comment: 'Danke, alles korrekt.', send_notification: true });
    // Four eyes (on for a new organization): the verifier is not the one who pays it out.
    expect([ok.statusCode, ok.json().state, ok.json().can_be_paid_out, ok.json().flag_reasons]).toEqual([200, 'payout_pending', false, { can_be_paid_out: 'four_eyes_verifier_pays_out' }]);
    await api.settled();
    const ref = ok.json().reference;
    const mail = (await api.outbox()).find((m) => m.includes(ref));
    expect(mail).toContain('To: lena@lifecycle.test');
    expect(mail).toContain('Danke, alles korrekt.');
    expect(mail).toMatch(/Rechnung/);
    const trail = (await api.request({ method: 'GET', url: `/api/audit_logs/payment/${id}`, as: admin })).json();
    expect(JSON.stringify(trail)).toContain('Danke, alles korrekt.');

    const other = await insertPayment(api.db, party, { state: 'invoice_added' });
    const invalid = await post(other, 'invalidate_invoice', verifier);
    expect([invalid.statusCode, invalid.json().state, invalid.json().can_attach_invoice, invalid.json().can_be_verified]).toEqual([200, 'invoice_invalid', true, false]);
  });
});
