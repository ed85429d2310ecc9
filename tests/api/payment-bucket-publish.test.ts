import { sql } from 'kysely';
import pdfmake from 'pdfmake';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { publishPayments } from '../../src/server/modules/payment-buckets/publish.js';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';
import { pdfText } from '../support/pdf-text.js';
import { organizationValues } from '../support/records.js';

// Bucket tools and publish (issue 16; spec 3 sections 4.1, 5.1, 7.1, 7.2, 8; DOMAIN "Buckets and payment files").
const api = setupApi();
let staff: TestUser;
let payouts: TestUser;
const ids = { org: 0, contract: 0, payout: 0, source: 0 };

beforeAll(async () => {
  staff = await api.user(['payment_buckets']);
  payouts = await api.user(['payouts']);
  ids.org = (
    await api.db
      .insertInto('organizations')
      .values(organizationValues({ name: 'Klangwerk Medien GmbH', number: '621', city: 'München', postal_code: '80331', street: 'Marienplatz', street_number: '8', vendor_source_prefix_external: '100', vendor_source_prefix_internal: '200', vendor_source_prefix_network: '300', invoice_cc_emails: ['buchhaltung@klangwerk.example'] }))
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await api.db
    .insertInto('organization_legal_imprints')
    .values([
      { organization_id: ids.org, position: 0, locale: 'en', template: 'Klangwerk Medien GmbH, Munich local court HRB 123456' },
      { organization_id: ids.org, position: 1, locale: 'de', template: 'Klangwerk Medien GmbH, Amtsgericht München HRB 123456' },
    ])
    .execute();
  ids.contract = (
    await api.db
      .insertInto('contracts')
      .values({ organization_id: ids.org, contract_type: 'adsense', currency: 'EUR', start_date: '2020-01-01', state: 'signed', credit_note_type: 'detailed' } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.source = (
    await api.db.insertInto('revenue_sources').values({ type: 'youtube_channel', reference_id: 'UCbucketchannelxxxxxxxxx', name: 'Eimer Kanal', organization_id: ids.org }).returning('id').executeTakeFirstOrThrow()
  ).id;
  ids.payout = (await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month: '2026-01-01', payout_types: ['adsense'] } }, as: payouts })).json().id;
});

let vendorNumber = 100;

interface VendorSpec {
  name?: string;
  language?: string;
  method?: boolean;
  tax?: boolean;
  email?: string;
}

/** A payment with its own vendor: address, tax data, a SEPA bank account on the contract vendor and a contact email chosen for it, unless told otherwise. */
async function payment(opts: VendorSpec & { bucket?: number | null; type?: string; state?: string; reverseCharge?: boolean; totals?: [string, string, string, string] } = {}): Promise<number> {
  const number = ++vendorNumber;
  const vendor = (
    await api.db
      .insertInto('vendors')
      .values({ organization_id: ids.org, number, name: opts.name ?? `Vendor ${number}`, type: 'company', language: opts.language ?? 'en' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await api.db.insertInto('vendor_addresses').values({ vendor_id: vendor, country_code: 'DE', postal_code: '10115', city: 'Berlin', street: 'Torstraße', street_number: String(number) }).execute();
  if (opts.tax !== false) await api.db.insertInto('vendor_tax_infos').values({ vendor_id: vendor, eu_tax_id: `DE${String(number).padStart(9, '0')}`, self_billing_allowed: true } as never).execute();
  const method =
    opts.method === false
      ? null
      : (await api.db.insertInto('vendor_payment_methods').values({ vendor_id: vendor, type: 'bank', is_sepa: true, iban: 'DE89370400440532013000', account_holder: 'Holder', position: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const cv = (
    await api.db.insertInto('contract_vendors').values({ contract_id: ids.contract, vendor_id: vendor, share_percentage: '100', vendor_payment_method_id: method }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const contact = (await api.db.insertInto('vendor_contacts').values({ vendor_id: vendor, first_name: 'Ana', last_name: 'Lopez', position: 0 }).returning('id').executeTakeFirstOrThrow()).id;
  const email = (
    await api.db
      .insertInto('vendor_contact_emails')
      .values({ vendor_contact_id: contact, vendor_id: vendor, email: opts.email ?? `v${number}@vendors.example`, position: 0, can_access_portal: false, can_sign: false })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await api.db.insertInto('vendor_contact_emails').values({ vendor_contact_id: contact, vendor_id: vendor, email: `other${number}@vendors.example`, position: 1, can_access_portal: false, can_sign: false }).execute();
  await api.db.insertInto('contract_vendor_contact_emails').values({ contract_vendor_id: cv, vendor_contact_email_id: email }).execute();
  const [amount, vat, wht, total] = opts.totals ?? ['1234.56', '234.57', '0.00', '1469.13'];
  const { rows } = await sql<{ id: number }>`
    INSERT INTO payments (type, state, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, payment_bucket_id, currency, currency_rate,
                          start_date, end_date, due_date, amount, vat_percentage, vat_amount, wht_amount, total_amount, reverse_charge, credit_note_type)
    VALUES (${opts.type ?? 'self_billing'}, ${opts.state ?? 'new'}, ${ids.payout}, ${ids.org}, ${ids.contract}, ${cv}, ${vendor}, ${opts.bucket ?? null}, 'EUR', 0.9,
            '2026-01-01', '2026-01-31', '2026-02-28', ${amount}, ${opts.reverseCharge ? 0 : 19}, ${vat}, ${wht}, ${total}, ${opts.reverseCharge ?? false}, 'detailed')
    RETURNING id`.execute(api.db);
  await api.db
    .insertInto('payment_line_items')
    .values({ payment_id: rows[0].id, revenue_source_id: ids.source, share_type: 'all', revenue_type: 'adsense', revenue: '1371.7333333333', revenue_final: '1234.5600000000', amount_raw: '1234.5600000000', amount })
    .execute();
  return rows[0].id;
}

const bucket = async (name = 'Bucket') => (await api.request({ method: 'POST', url: '/api/payment_buckets', payload: { payment_bucket: { name } }, as: staff })).json().id as number;
const states = async (paymentIds: number[]) =>
  (await api.db.selectFrom('payments').select(['id', 'state', 'payment_bucket_id', 'credit_note_key']).where('id', 'in', paymentIds).orderBy('id').execute()).map((p) => [p.id, p.state, p.payment_bucket_id]);
const post = (url: string, payload: unknown, as = staff) => api.request({ method: 'POST', url, payload: payload as object, as });

describe('add to and remove from a bucket', () => {
  it('adds new payments, all or none: one that cannot be added is the 400 and nothing changes', async () => {
    const b = await bucket('Tools');
    const [p1, p2] = [await payment(), await payment()];
    const exported = await payment({ state: 'exported' });
    const refused = await post('/api/payments/add_to_payment_bucket', { ids: [p1, exported, p2], payment_bucket_id: b });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Cannot add selected payments to payment bucket', ineligible_ids: [exported] });
    expect(await states([p1, p2, exported])).toEqual([
      [p1, 'new', null],
      [p2, 'new', null],
      [exported, 'exported', null],
    ]);
    const missing = await post('/api/payments/add_to_payment_bucket', { ids: [p1, 99999999], payment_bucket_id: b });
    expect(missing.json()).toMatchObject({ ineligible_ids: [99999999] });

    const added = await post('/api/payments/add_to_payment_bucket', { ids: [p2, p1], payment_bucket_id: b });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ ids: [p1, p2] });
    expect(await states([p1, p2])).toEqual([
      [p1, 'new', b],
      [p2, 'new', b],
    ]);
    const trail = await auditTrail(api.db, 'Payment', p1);
    expect(trail.map((t) => [t.action, t.user_id, t.audited_changes])).toEqual([['add_to_payment_bucket', staff.id, { payment_bucket: [null, { id: b, name: 'Tools' }] }]]);
    // already in a bucket: not again
    expect((await post('/api/payments/add_to_payment_bucket', { ids: [p1], payment_bucket_id: b })).statusCode).toBe(400);
    expect((await api.request({ method: 'GET', url: `/api/payment_buckets/${b}`, as: staff })).json()).toMatchObject({ payments_count: 2, can_be_deleted: false });

    const removed = await post('/api/payments/remove_from_payment_bucket', { ids: [p1] });
    expect(removed.json()).toEqual({ ids: [p1] });
    expect(await states([p1, p2])).toEqual([
      [p1, 'new', null],
      [p2, 'new', b],
    ]);
    const notIn = await post('/api/payments/remove_from_payment_bucket', { ids: [p1, p2] });
    expect(notIn.statusCode).toBe(422);
    expect(notIn.json()).toEqual({ errors: { ids: ['ineligible'] }, ineligible_ids: [p1] });
    expect(await states([p2])).toEqual([[p2, 'new', b]]);
  });

  it('two concurrent adds of the same payments to two buckets: one takes them all, the other changes nothing', async () => {
    for (let round = 0; round < 10; round++) {
      const [a, b] = [await bucket(`Race A ${round}`), await bucket(`Race B ${round}`)];
      const ids = [await payment(), await payment()];
      const answers = await Promise.all([a, b].map((id) => post('/api/payments/add_to_payment_bucket', { ids, payment_bucket_id: id })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const winner = answers[0].statusCode === 200 ? a : b;
      expect(await states(ids)).toEqual(ids.map((id) => [id, 'new', winner]));
      expect((await auditTrail(api.db, 'Payment', ids[0])).filter((t) => t.action === 'add_to_payment_bucket')).toHaveLength(1);
    }
  });

  it('names a missing bucket or ids as field errors, and needs the payment_buckets role', async () => {
    const p = await payment();
    expect((await post('/api/payments/add_to_payment_bucket', { ids: [p] })).json()).toEqual({ errors: { payment_bucket_id: ['blank'] } });
    expect((await post('/api/payments/add_to_payment_bucket', { ids: [p], payment_bucket_id: 99999999 })).json()).toEqual({ errors: { payment_bucket_id: ['invalid'] } });
    expect((await post('/api/payments/add_to_payment_bucket', { ids: [], payment_bucket_id: 1 })).json()).toEqual({ errors: { ids: ['blank'] } });
    expect((await post('/api/payments/add_to_payment_bucket', { ids: ['x'], payment_bucket_id: 1 })).json()).toEqual({ errors: { ids: ['invalid'] } });
    expect((await post('/api/payments/remove_from_payment_bucket', {})).json()).toEqual({ errors: { ids: ['blank'] } });
    expect((await post('/api/payments/add_to_payment_bucket', { ids: [p], payment_bucket_id: 1 }, payouts)).statusCode).toBe(403);
    expect((await post('/api/payments/remove_from_payment_bucket', { ids: [p] }, payouts)).statusCode).toBe(403);
  });
});

describe('publish payments', () => {
  it('writes each self-billing payment its credit note in the vendor language and mails it; payments lacking data need correction', async () => {
    const b = await bucket('Publish');
    const de = await payment({ bucket: b, name: 'Studio Süd Ørsted', language: 'de', email: 'studio@sued.example' });
    const en = await payment({ bucket: b, name: 'Łódź Beats', language: 'en', reverseCharge: true, totals: ['1234.56', '0.00', '0.00', '1234.56'], email: 'beats@lodz.example' });
    const noMethod = await payment({ bucket: b, method: false });
    const noTax = await payment({ bucket: b, tax: false });
    const invoice = await payment({ bucket: b, type: 'invoice', state: 'payout_pending' });
    const elsewhere = await payment();

    const res = await post(`/api/payment_buckets/${b}/publish_payments`, {});
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ id: b, jobs_pending: true, can_publish_payments: false, can_be_deleted: false });
    await api.settled();

    expect(await states([de, en, noMethod, noTax, invoice, elsewhere])).toEqual([
      [de, 'payout_pending', b],
      [en, 'payout_pending', b],
      [noMethod, 'needs_correction', b],
      [noTax, 'needs_correction', b],
      [invoice, 'payout_pending', b],
      [elsewhere, 'new', null],
    ]);
    const after = (await api.request({ method: 'GET', url: `/api/payment_buckets/${b}`, as: staff })).json();
    // Four eyes (on for a new organization): the publisher does not create the files, someone else does.
    expect(after).toMatchObject({ jobs_pending: false, can_publish_payments: false, can_create_payment_files: false, flag_reasons: { can_create_payment_files: 'four_eyes_publisher_creates_files' } });
    const colleague = await api.user(['payment_buckets']);
    expect((await api.request({ method: 'GET', url: `/api/payment_buckets/${b}`, as: colleague })).json()).toMatchObject({ can_create_payment_files: true, flag_reasons: {} });

    const note = async (id: number) => {
      const file = await api.request({ method: 'GET', url: `/api/payments/${id}/credit_note`, as: staff });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="credit-note-P\d+\.pdf"$/);
      return pdfText(file.rawPayload);
    };
    const deText = await note(de);
    for (const expected of ['Gutschrift', 'Studio Süd Ørsted', 'Klangwerk Medien GmbH', 'Amtsgericht München HRB 123456', 'UCbucketchannelxxxxxxxxx', '1.234,56 EUR', '1.469,13 EUR', '19 %', '01.01.2026', '31.01.2026', '1.371,7333333333']) {
      expect(deText, expected).toContain(expected);
    }
    const enText = await note(en);
    for (const expected of ['Credit note', 'Łódź Beats', 'Munich local court HRB 123456', 'Reverse charge', '1,234.56 EUR']) expect(enText, expected).toContain(expected);
    expect(enText).not.toContain('Gutschrift');
    expect((await api.request({ method: 'GET', url: `/api/payments/${noMethod}/credit_note`, as: staff })).statusCode).toBe(404);
    const reader = await api.user(['payments']);
    expect((await api.request({ method: 'GET', url: `/api/payments/${de}`, as: reader })).json()).toMatchObject({ state: 'payout_pending', credit_note_url: `/api/payments/${de}/credit_note` });
    expect((await api.request({ method: 'GET', url: `/api/payments/${noMethod}`, as: reader })).json()).toMatchObject({ credit_note_url: null });
    expect((await api.request({ method: 'GET', url: `/api/payments/${de}/credit_note`, as: reader })).statusCode).toBe(200);
    expect((await api.request({ method: 'GET', url: `/api/payments/${de}/credit_note`, as: payouts })).statusCode).toBe(403);

    const mails = await api.outbox();
    const toStudio = mails.filter((m) => /^To: studio@sued\.example$/m.test(m));
    expect(toStudio).toHaveLength(1);
    expect(toStudio[0]).toMatch(/^Cc: buchhaltung@klangwerk\.example$/m);
    expect(toStudio[0]).toMatch(/^Subject: Gutschrift P\d+ von Klangwerk Medien GmbH$/m);
    expect(toStudio[0]).toMatch(/filename=credit-note-P\d+\.pdf/);
    expect(mails.filter((m) => /^To: beats@lodz\.example$/m.test(m))).toHaveLength(1);
    expect(mails).toHaveLength(2);

    expect((await auditTrail(api.db, 'Payment', de)).map((t) => [t.action, t.user_id, t.audited_changes])).toEqual([
      ['publish', staff.id, { state: ['new', 'payout_pending'], credit_note: [null, true] }],
    ]);
    expect((await auditTrail(api.db, 'Payment', noTax)).map((t) => t.audited_changes)).toEqual([{ state: ['new', 'needs_correction'] }]);
    expect((await auditTrail(api.db, 'PaymentBucket', b)).map((t) => t.action)).toEqual(['create', 'publish_payments']);

    // nothing left to publish
    const again = await post(`/api/payment_buckets/${b}/publish_payments`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { base: ['ineligible'] } });
  });

  it('run twice and concurrently, writes one note and one mail per payment', async () => {
    const b = await bucket('Concurrent');
    const paymentIds = [await payment({ bucket: b }), await payment({ bucket: b }), await payment({ bucket: b })];
    const before = (await api.outbox()).length;
    const runs = await Promise.all([1, 2, 3].map(() => publishPayments(api.ctx, b, staff.id)));
    expect(runs.reduce((n, r) => n + r.published, 0)).toBe(3);
    expect(await publishPayments(api.ctx, b, staff.id)).toEqual({ published: 0, needs_correction: 0 });
    await api.settled();
    expect((await api.outbox()).length - before).toBe(3);
    const keys = await api.db.selectFrom('payments').select('credit_note_key').where('id', 'in', paymentIds).execute();
    expect(new Set(keys.map((k) => k.credit_note_key)).size).toBe(3);
    // the losers' notes are gone: every stored note belongs to a payment
    const stored = [];
    for await (const f of api.ctx.storage.list()) stored.push(f.key);
    const named = await api.db.selectFrom('payments').select('credit_note_key').where('credit_note_key', 'is not', null).execute();
    expect(stored.filter((k) => k.endsWith('.pdf')).sort()).toEqual(named.map((n) => n.credit_note_key).sort());
    for (const id of paymentIds) expect((await auditTrail(api.db, 'Payment', id)).map((t) => t.action)).toEqual(['publish']);
  });

  it('after a failure midway, a re-run finishes without a second note or mail', async () => {
    const b = await bucket('Crash');
    const paymentIds = [await payment({ bucket: b }), await payment({ bucket: b }), await payment({ bucket: b })];
    const before = (await api.outbox()).length;
    const real = pdfmake.createPdf.bind(pdfmake);
    let made = 0;
    const spy = vi.spyOn(pdfmake, 'createPdf').mockImplementation((...args: Parameters<typeof pdfmake.createPdf>) => {
      if (++made === 2) throw new Error('disk full');
      return real(...args);
    });
    try {
      await expect(publishPayments(api.ctx, b, staff.id, { batch: 1 })).rejects.toThrow('disk full');
    } finally {
      spy.mockRestore();
    }
    expect((await states(paymentIds)).map((s) => s[1])).toEqual(['payout_pending', 'new', 'new']);
    const firstKey = (await api.db.selectFrom('payments').select('credit_note_key').where('id', '=', paymentIds[0]).executeTakeFirstOrThrow()).credit_note_key;
    expect(await publishPayments(api.ctx, b, staff.id, { batch: 1 })).toEqual({ published: 2, needs_correction: 0 });
    expect((await states(paymentIds)).map((s) => s[1])).toEqual(['payout_pending', 'payout_pending', 'payout_pending']);
    expect((await api.db.selectFrom('payments').select('credit_note_key').where('id', '=', paymentIds[0]).executeTakeFirstOrThrow()).credit_note_key).toBe(firstKey);
    await api.settled();
    expect((await api.outbox()).length - before).toBe(3);
  });
});
