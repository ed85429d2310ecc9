import { beforeAll, describe, expect, it } from 'vitest';
import { terminateDue } from '../../src/server/modules/contracts/termination-requests.js';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;
let writer: TestUser;
let approver: TestUser;
let contractsAdmin: TestUser;
let vendorsOnly: TestUser;
let orgId: number;
let otherOrgId: number;
let sourceIds: number[];

const PDF = Buffer.from('%PDF-1.4\n% signed contract\n%%EOF\n');

interface Party {
  id: number;
  methodId: number;
  emailId: number;
}
let nord: Party;
let sued: Party;
let inactive: Party;
let foreign: Party;

async function organization(number: string) {
  const row = await api.db
    .insertInto('organizations')
    .values({
      name: `Org ${number}`,
      number,
      country_code: 'DE',
      currency: 'EUR',
      city: 'Berlin',
      postal_code: '10115',
      street: 'Invalidenstraße',
      street_number: '1',
      vendor_source_prefix_external: '100',
      vendor_source_prefix_internal: '200',
      vendor_source_prefix_network: '300',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A vendor with one payment method and one contact email, written straight to the tables (vendors have their own tests). */
async function party(organization_id: number, number: number, name: string, isInactive = false): Promise<Party> {
  const { id } = await api.db.insertInto('vendors').values({ organization_id, number, name, type: 'company', inactive: isInactive }).returning('id').executeTakeFirstOrThrow();
  const contact = await api.db.insertInto('vendor_contacts').values({ vendor_id: id, first_name: 'Ana', last_name: 'Lopez', position: 0 }).returning('id').executeTakeFirstOrThrow();
  const email = await api.db
    .insertInto('vendor_contact_emails')
    .values({ vendor_contact_id: contact.id, vendor_id: id, email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`, position: 0, can_access_portal: false, can_sign: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  const method = await api.db.insertInto('vendor_payment_methods').values({ vendor_id: id, type: 'no_account', position: 0, is_sepa: false }).returning('id').executeTakeFirstOrThrow();
  return { id, methodId: method.id, emailId: email.id };
}

const cv = (p: Party, share: string) => ({ vendor_id: p.id, vendor_payment_method_id: p.methodId, share_percentage: share, vendor_contact_email_ids: [p.emailId] });

function contract(over: Record<string, unknown> = {}) {
  return {
    organization_id: orgId,
    contract_type: 'adsense',
    currency: 'EUR',
    start_date: '2026-01-01',
    end_date: '2027-12-31',
    termination_period_months: 3,
    credit_note_type: 'short',
    template_name: 'standard',
    report_templates: ['standard'],
    revenue_shares: [
      { type: 'all', formula: 'rev_share', rev_share: '70', baseline: '0' },
      { type: 'direct', formula: 'cap', rev_share: '80.5', threshold: '1000.00' },
    ],
    contract_vendors: [cv(nord, '60'), cv(sued, '40')],
    revenue_source_ids: [sourceIds[0], sourceIds[1]],
    ...over,
  };
}

const create = (c: Record<string, unknown>, as = writer) => api.request({ method: 'POST', url: '/api/contracts', payload: { contract: c }, as });
const put = (id: number, c: Record<string, unknown>, as = writer) => api.request({ method: 'PUT', url: `/api/contracts/${id}`, payload: { contract: c }, as });
const get = (id: number, as = writer) => api.request({ method: 'GET', url: `/api/contracts/${id}`, as });
const post = (id: number, action: string, as: TestUser, payload: Record<string, unknown> = {}) =>
  api.request({ method: 'POST', url: `/api/contracts/${id}/${action}`, payload, as });

async function multipart(fields: [string, string][], pdf?: { name: string; data: Buffer }) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  if (pdf) form.append(pdf.name, new Blob([new Uint8Array(pdf.data)], { type: 'application/pdf' }), 'signed.pdf');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
const sign = async (id: number, as: TestUser, data = PDF) =>
  api.request({ method: 'POST', url: `/api/contracts/${id}/sign`, ...(await multipart([], { name: 'contract[document]', data })), as });

let ownSources = 0;
/** A created contract; without sources told, two of its own (two approved contracts may not hold one source on a day, DOMAIN "Allocation"). */
async function createdId(over: Record<string, unknown> = {}) {
  if (!('revenue_source_ids' in over)) {
    ownSources += 1;
    const own = await api.db
      .insertInto('revenue_sources')
      .values([1, 2].map((i) => ({ type: 'youtube_channel' as const, reference_id: `UCown${ownSources}x${i}`.padEnd(24, 'x'), name: `Own ${ownSources}.${i}`, organization_id: orgId })))
      .returning('id')
      .execute();
    over = { ...over, revenue_source_ids: own.map((o) => o.id) };
  }
  const res = await create(contract(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
const stateOf = async (id: number) => (await api.db.selectFrom('contracts').select(['state', 'lock_version']).where('id', '=', id).executeTakeFirstOrThrow());

beforeAll(async () => {
  admin = await api.user(['admin']);
  writer = await api.user(['contracts']);
  approver = await api.user(['contracts_approve']);
  contractsAdmin = await api.user(['contracts_admin']);
  vendorsOnly = await api.user(['vendors']);
  orgId = await organization('C-1');
  otherOrgId = await organization('C-2');
  nord = await party(orgId, 1, 'Studio Nord');
  sued = await party(orgId, 2, 'Studio Süd');
  inactive = await party(orgId, 3, 'Gone GmbH', true);
  foreign = await party(otherOrgId, 1, 'Elsewhere Ltd');
  const sources = await api.db
    .insertInto('revenue_sources')
    .values([1, 2, 3].map((i) => ({ type: 'youtube_channel' as const, reference_id: `UCcontract${i}xxxxxxxxxxxxx`, name: `Channel ${i}`, organization_id: orgId })))
    .returning('id')
    .execute();
  sourceIds = sources.map((s) => s.id);
});

describe('contracts: create, read, update, delete', () => {
  it('creates a draft with its vendors, shares and sources as decimal strings, and audits it', async () => {
    const res = await create(contract());
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      organization: { id: orgId, name: 'Org C-1' },
      state: 'draft',
      state_editable: true,
      state_deletable: true,
      state_final: false,
      can_submit_for_approval: true,
      can_approve: false,
      active_from: null,
      active_to: null,
      lock_version: 0,
      revenue_sources: [{ id: sourceIds[0], name: 'Channel 1', type: 'youtube_channel' }, { id: sourceIds[1] }],
    });
    expect(c.contract_vendors.map((v: { vendor: { name: string }; share_percentage: string; vendor_contact_emails: unknown[] }) => [v.vendor.name, v.share_percentage, v.vendor_contact_emails.length])).toEqual([
      ['Studio Nord', '60.0000', 1],
      ['Studio Süd', '40.0000', 1],
    ]);
    expect(c.contract_vendors[0].vendor_payment_method).toMatchObject({ id: nord.methodId, type: 'no_account' });
    expect(c.revenue_shares).toEqual([
      { id: expect.any(Number), type: 'all', formula: 'rev_share', rev_share: '70.0000', baseline: '0.00', fixed_income: null, threshold: null },
      { id: expect.any(Number), type: 'direct', formula: 'cap', rev_share: '80.5000', baseline: null, fixed_income: null, threshold: '1000.00' },
    ]);
    expect((await get(c.id, approver)).statusCode).toBe(200);
    const trail = await auditTrail(api.db, 'Contract', c.id);
    expect(trail.map((t) => [t.action, t.user_id])).toEqual([['create', writer.id]]);
    const source = await api.request({ method: 'GET', url: `/api/revenue_sources/${sourceIds[0]}`, as: admin });
    expect(source.json().contract_ids).toContain(c.id);
  });

  it("the signer pickers find only the organization's signers, for contracts staff", async () => {
    const signer = await api.user(['contracts'], { first_name: 'Sina', last_name: 'Signer' });
    await api.db.insertInto('organization_signers').values({ organization_id: otherOrgId, position: 0, user_id: signer.id, is_primary: true, is_secondary: false }).execute();
    const find = (query: string, as = writer) => api.request({ method: 'GET', url: `/api/contracts/signers?${query}`, as });
    const hits = (await find(`organization_id=${otherOrgId}&q=sina`)).json();
    expect(hits).toEqual([{ id: signer.id, email: signer.email, first_name: 'Sina', last_name: 'Signer' }]);
    expect((await find(`organization_id=${orgId}&q=sina`)).json()).toEqual([]);
    expect((await find('q=sina')).json()).toEqual({ errors: { organization_id: ['invalid'] } });
    expect((await find(`organization_id=${otherOrgId}`, vendorsOnly)).statusCode).toBe(403);
  });

  it('updates a draft (partial payloads keep the rest) and answers 409 on a stale version', async () => {
    const id = await createdId();
    const res = await put(id, { contract_vendors: [cv(nord, '100')], end_date: '', lock_version: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ end_date: null, lock_version: 1, contract_vendors: [{ vendor_id: nord.id, share_percentage: '100.0000' }], revenue_sources: [{}, {}] });
    expect((await put(id, { currency: 'USD', lock_version: 0 })).statusCode).toBe(409);
  });

  it('answers each rule of the form with its message key and path', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ organization_id: '' }, { organization_id: ['blank'] }],
      [{ end_date: '2025-12-31' }, { end_date: ['invalid'] }],
      [{ template_name: '' }, { template_name: ['blank'] }],
      [{ primary_signer_email: 'a@x.de', secondary_signer_email: 'a@x.de' }, { secondary_signer_email: ['already_used'] }],
      [{ termination_period_months: 0 }, { termination_period_months: ['greater_than_or_equal_to:1'] }],
      [{ revenue_shares: [] }, { revenue_shares: ['too_few'] }],
      [{ contract_vendors: [] }, { contract_vendors: ['too_few'] }],
      [{ revenue_source_ids: [] }, { revenue_source_ids: ['too_few'] }],
      [{ revenue_shares: [{ type: 'all', formula: 'rev_share', rev_share: '101', baseline: '0' }] }, { revenue_shares: { 0: { rev_share: ['less_than_or_equal_to:100'] } } }],
      [{ revenue_shares: [{ type: 'all', formula: 'fixed_income' }] }, { revenue_shares: { 0: { fixed_income: ['blank'] } } }],
      [{ revenue_shares: [{ type: 'all', formula: 'rev_share', rev_share: '1', baseline: '0' }, { type: 'red', formula: 'fixed_income', fixed_income: '1' }] }, { revenue_shares: { 1: { type: ['invalid'] } } }],
      [{ contract_vendors: [cv(nord, '60'), cv(sued, '39.9999')] }, { total_share_percentage: ['share_percentage_invalid'] }],
      [{ contract_vendors: [cv(nord, '50'), cv(nord, '50')] }, { contract_vendors: { 1: { vendor_id: ['already_used'] } } }],
      [{ contract_vendors: [cv(inactive, '100')] }, { contract_vendors: { 0: { vendor_id: ['invalid'] } } }],
      [{ contract_vendors: [cv(foreign, '100')] }, { contract_vendors: { 0: { vendor_id: ['invalid'] } } }],
      [{ contract_vendors: [{ ...cv(nord, '100'), vendor_payment_method_id: sued.methodId }] }, { contract_vendors: { 0: { vendor_payment_method_id: ['invalid'] } } }],
      [{ contract_vendors: [{ ...cv(nord, '100'), vendor_contact_email_ids: [] }] }, { contract_vendors: { 0: { vendor_contact_email_ids: ['at_least_1_email'] } } }],
      [{ report_templates: ['pro_aa'] }, { report_templates: ['admin_only'] }],
      [{ revenue_source_ids: [999999] }, { revenue_source_ids: ['invalid'] }],
      [{ organization_id: 999999 }, { organization_id: ['invalid'] }],
    ];
    const before = await api.db.selectFrom('contracts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const [over, errors] of cases) {
      const res = await create(contract(over));
      expect([res.statusCode, over]).toEqual([422, over]);
      expect(res.json().errors, JSON.stringify(over)).toMatchObject(errors);
    }
    const after = await api.db.selectFrom('contracts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // Pro templates are for admin and contracts_admin.
    expect((await create(contract({ report_templates: ['pro_aa'] }), admin)).statusCode).toBe(201);
  });

  it('deletes drafts only, for role contracts', async () => {
    const id = await createdId();
    expect((await api.request({ method: 'DELETE', url: `/api/contracts/${id}`, as: approver })).statusCode).toBe(403);
    expect((await api.request({ method: 'DELETE', url: `/api/contracts/${id}`, as: writer })).statusCode).toBe(204);
    expect((await get(id)).statusCode).toBe(404);
    const pending = await createdId({ submit_for_approval: true });
    const refused = await api.request({ method: 'DELETE', url: `/api/contracts/${pending}`, as: writer });
    expect(refused.statusCode).toBe(422);
    expect((await stateOf(pending)).state).toBe('approval_pending');
  });

  it('lets only contract roles in', async () => {
    const id = await createdId();
    expect((await get(id, vendorsOnly)).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: '/api/contracts', as: vendorsOnly })).statusCode).toBe(403);
    expect((await create(contract(), approver)).statusCode).toBe(403);
  });
});

describe('contracts: the state machine', () => {
  it('runs draft → approval_pending → signing_pending → signed, each step by its role, audited', async () => {
    const id = await createdId();
    const submitted = await put(id, { submit_for_approval: true });
    expect(submitted.json()).toMatchObject({ state: 'approval_pending', state_editable: false, can_submit_for_approval: false });
    expect((await get(id, approver)).json()).toMatchObject({ can_approve: true, can_reject: true });
    const approved = await post(id, 'approve', approver);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'signing_pending', can_sign: false });
    const signed = await sign(id, writer);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ state: 'signed', state_final: true, active_from: '2026-01-01', active_to: '2027-12-31', document_url: expect.stringMatching(/^\/api\/contracts\/\d+\/documents\/\d+$/) });
    const doc = await api.request({ method: 'GET', url: signed.json().document_url, as: approver });
    expect(doc.statusCode).toBe(200);
    expect(doc.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const trail = await auditTrail(api.db, 'Contract', id);
    expect(trail.map((t) => [t.action, t.user_id])).toEqual([
      ['create', writer.id],
      ['update', writer.id],
      ['approve', approver.id],
      ['sign', writer.id],
    ]);
    expect(trail[2].audited_changes).toMatchObject({ state: ['approval_pending', 'signing_pending'] });
  });

  it('rejects with a required comment; the rejected contract is fixed and submitted again', async () => {
    const id = await createdId({ submit_for_approval: true });
    const noComment = await post(id, 'reject', approver);
    expect(noComment.statusCode).toBe(422);
    expect(noComment.json().errors).toEqual({ state_comment: ['blank'] });
    expect((await stateOf(id)).state).toBe('approval_pending');
    const rejected = await post(id, 'reject', approver, { state_comment: 'Shares too high' });
    expect(rejected.json()).toMatchObject({ state: 'rejected', state_comment: 'Shares too high', state_editable: true });
    const again = await put(id, { revenue_shares: [{ type: 'all', formula: 'rev_share', rev_share: '60', baseline: '0' }], submit_for_approval: true });
    expect(again.json()).toMatchObject({ state: 'approval_pending', state_comment: null, revenue_shares: [{ rev_share: '60.0000' }] });
  });

  it('refuses transitions in the wrong state or to the wrong role with a 4xx, changing nothing', async () => {
    const draft = await createdId();
    const before = await stateOf(draft);
    const refusals: [string, TestUser, number, Record<string, unknown>?][] = [
      ['approve', approver, 422],
      ['reject', approver, 422, { state_comment: 'x' }],
      ['approve', writer, 403],
      ['cancel', writer, 403, { state_comment: 'x' }],
      ['cancel', approver, 403],
    ];
    for (const [action, as, status, payload] of refusals) expect([action, (await post(draft, action, as, payload)).statusCode]).toEqual([action, status]);
    expect((await sign(draft, writer)).statusCode).toBe(422);
    expect((await sign(draft, approver)).statusCode).toBe(403);
    expect(await stateOf(draft)).toEqual(before);

    const pending = await createdId({ submit_for_approval: true });
    expect((await post(pending, 'approve', writer)).statusCode).toBe(403);
    expect((await post(pending, 'approve', contractsAdmin)).statusCode).toBe(403);
    expect((await put(pending, { currency: 'USD' })).statusCode).toBe(422);
    expect((await put(pending, { submit_for_approval: true })).statusCode).toBe(422);
    expect((await stateOf(pending)).state).toBe('approval_pending');
    expect((await auditTrail(api.db, 'Contract', draft)).length).toBe(1);
  });

  it('cancels with a comment (contracts_admin or admin): signing_pending ends as signing_cancelled', async () => {
    const id = await createdId({ submit_for_approval: true });
    await post(id, 'approve', approver);
    const cancelled = await post(id, 'cancel', contractsAdmin, { state_comment: 'Deal off' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'signing_cancelled', state_comment: 'Deal off', state_final: true });
    expect((await post(id, 'cancel', admin)).statusCode).toBe(422);
    const draft = await createdId();
    expect((await post(draft, 'cancel', admin)).json()).toMatchObject({ state: 'cancelled' });
  });

  it('lets a final contract change only tags, report templates and credit note type', async () => {
    const id = await createdId({ submit_for_approval: true });
    await post(id, 'approve', approver);
    await sign(id, writer);
    const terms = await put(id, { contract_vendors: [cv(nord, '100')], end_date: '2028-01-01' });
    expect(terms.statusCode).toBe(422);
    expect(terms.json().errors).toEqual({ contract_vendors: ['read_only'], end_date: ['read_only'] });
    const allowed = await put(id, { credit_note_type: 'detailed' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ credit_note_type: 'detailed', state: 'signed', contract_vendors: [{ share_percentage: '60.0000' }, {}] });
  });

  it('lets one of two concurrent approvals win; the other is refused and one audit entry is written', async () => {
    const id = await createdId({ submit_for_approval: true });
    const [a, b] = await Promise.all([post(id, 'approve', approver), post(id, 'approve', approver)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    expect((await stateOf(id)).state).toBe('signing_pending');
    const approvals = (await auditTrail(api.db, 'Contract', id)).filter((t) => t.action === 'approve');
    expect(approvals).toHaveLength(1);
  });

  it('keeps a source used by a contract from being deleted', async () => {
    await createdId({ revenue_source_ids: [sourceIds[2]] });
    const res = await api.request({ method: 'DELETE', url: `/api/revenue_sources/${sourceIds[2]}`, as: admin });
    expect(res.statusCode).toBe(422);
  });
});

describe('contracts: pause and resume a vendor', () => {
  it('puts a vendor of a final contract on hold with a reason and back, refusing it elsewhere', async () => {
    const draft = (await create(contract())).json();
    const cvOf = (c: { contract_vendors: { id: number }[] }) => c.contract_vendors[0].id;
    const hold = (id: number, cvId: number, payload: Record<string, unknown>, as = writer) =>
      api.request({ method: 'POST', url: `/api/contracts/${id}/contract_vendors/${cvId}/pause`, payload, as });
    expect((await hold(draft.id, cvOf(draft), { payout_on_hold_reason: 'Tax form missing' })).statusCode).toBe(422);

    const id = await createdId({ submit_for_approval: true });
    await post(id, 'approve', approver);
    const signed = (await sign(id, writer)).json();
    const cvId = cvOf(signed);
    const blank = await hold(id, cvId, { payout_on_hold_reason: ' ' });
    expect(blank.json().errors).toEqual({ payout_on_hold_reason: ['blank'] });
    expect((await hold(id, cvId, { payout_on_hold_reason: 'x' }, approver)).statusCode).toBe(403);
    expect((await hold(id, cvOf(draft), { payout_on_hold_reason: 'x' })).statusCode).toBe(404);
    const paused = await hold(id, cvId, { payout_on_hold_reason: 'Tax form missing' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().contract_vendors[0]).toMatchObject({ payout_on_hold: true, payout_on_hold_reason: 'Tax form missing' });
    expect((await hold(id, cvId, { payout_on_hold_reason: 'again' })).statusCode).toBe(422);
    const onHold = (await api.request({ method: 'GET', url: '/api/contracts?filter[payout_on_hold]=1', as: writer })).json();
    expect(onHold.entries.map((c: { id: number }) => c.id)).toEqual([id]);
    const resumed = await post(id, `contract_vendors/${cvId}/resume`, writer);
    expect(resumed.json().contract_vendors[0]).toMatchObject({ payout_on_hold: false, payout_on_hold_reason: null });
    expect((await post(id, `contract_vendors/${cvId}/resume`, writer)).statusCode).toBe(422);
    const actions = (await auditTrail(api.db, 'Contract', id)).map((t) => t.action);
    expect(actions.slice(-2)).toEqual(['pause_vendor', 'resume_vendor']);
  });
});

describe('contracts: termination requests', () => {
  const terminationBody = (fields: Record<string, string>, withDocument = true) =>
    multipart(
      Object.entries(fields).map(([k, v]) => [`contract_termination_request[${k}]`, v] as [string, string]),
      withDocument ? { name: 'contract_termination_request[document]', data: PDF } : undefined,
    );
  const request = async (id: number, fields: Record<string, string>, as = writer, withDocument = true) =>
    api.request({ method: 'POST', url: `/api/contracts/${id}/termination_requests`, ...(await terminationBody(fields, withDocument)), as });
  const signedContract = async () => {
    const id = await createdId({ submit_for_approval: true });
    await post(id, 'approve', approver);
    await sign(id, writer);
    return id;
  };

  it('takes one request with its pdf on a signed contract; approvers reject it with a comment', async () => {
    const draft = await createdId();
    expect((await request(draft, { terminate_on: '2026-06-30', termination_reason: 'Sold' })).statusCode).toBe(422);
    const id = await signedContract();
    const missing = await request(id, { terminate_on: '2025-12-31', termination_reason: '' }, writer, false);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ terminate_on: ['invalid'], termination_reason: ['blank'], document: ['blank'] });
    expect((await request(id, { terminate_on: '2026-06-30', termination_reason: 'Sold' }, approver)).statusCode).toBe(403);

    const created = await request(id, { terminate_on: '2099-06-30', termination_reason: 'Channel sold' });
    expect(created.statusCode, created.body).toBe(201);
    const t = created.json().termination_request;
    expect(t).toMatchObject({ state: 'pending', state_pending: true, terminate_on: '2099-06-30', document_url: expect.stringMatching(/documents\/\d+$/) });
    expect((await request(id, { terminate_on: '2099-07-31', termination_reason: 'Again' })).statusCode).toBe(422);
    const tab = (await api.request({ method: 'GET', url: '/api/contracts?list=termination_pending&size=100', as: writer })).json();
    expect(tab.entries.map((c: { id: number }) => c.id)).toContain(id);
    // An approver finds it waiting for their decision (issue 24, item 11).
    const awaiting = (await api.request({ method: 'GET', url: '/api/contracts?list=awaiting_approval&size=100', as: approver })).json();
    expect(awaiting.entries.map((c: { id: number }) => c.id)).toContain(id);

    const updated = await api.request({ method: 'PUT', url: `/api/contracts/${id}/termination_requests/${t.id}`, payload: { contract_termination_request: { termination_reason: 'Channel sold to a label' } }, as: writer });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().termination_request).toMatchObject({ termination_reason: 'Channel sold to a label', terminate_on: '2099-06-30' });

    expect((await post(id, `termination_requests/${t.id}/approve`, writer)).statusCode).toBe(403);
    expect((await post(id, `termination_requests/${t.id}/reject`, approver)).json().errors).toEqual({ state_comment: ['blank'] });
    const rejected = await post(id, `termination_requests/${t.id}/reject`, approver, { state_comment: 'Notice period not kept' });
    expect(rejected.json()).toMatchObject({ state: 'signed', termination_request: { state: 'rejected', state_comment: 'Notice period not kept', state_editable: false } });
    expect((await post(id, `termination_requests/${t.id}/approve`, approver)).statusCode).toBe(422);
  });

  it('terminates the contract at approval when terminate_on has come, else leaves it signed until then', async () => {
    const id = await signedContract();
    const past = (await request(id, { terminate_on: '2026-01-31', termination_reason: 'Ended' })).json().termination_request;
    const approved = await post(id, `termination_requests/${past.id}/approve`, approver);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'terminated', terminated_on: '2026-01-31', active_to: '2026-01-31', termination_request: { state: 'approved' } });

    const later = await signedContract();
    const future = (await request(later, { terminate_on: '2099-01-31', termination_reason: 'Ends later' })).json().termination_request;
    expect((await post(later, `termination_requests/${future.id}/approve`, approver)).json()).toMatchObject({ state: 'signed', terminated_on: null });

    // The daily job terminates it once the day has come (here: made to have come).
    await api.db.updateTable('contract_termination_requests').set({ terminate_on: '2026-02-28' }).where('id', '=', future.id).execute();
    expect(await terminateDue(api.db)).toBe(1);
    expect((await get(later)).json()).toMatchObject({ state: 'terminated', terminated_on: '2026-02-28', active_to: '2026-02-28' });
    expect((await auditTrail(api.db, 'Contract', later)).at(-1)).toMatchObject({ action: 'terminate', user_id: null });
    expect(await terminateDue(api.db)).toBe(0);

    const third = await signedContract();
    const open = (await request(third, { terminate_on: '2099-01-31', termination_reason: 'Maybe' })).json().termination_request;
    expect((await api.request({ method: 'DELETE', url: `/api/contracts/${third}/termination_requests/${open.id}`, as: writer })).json()).toMatchObject({ termination_request: null });
    const actions = (await auditTrail(api.db, 'Contract', third)).map((t) => t.action);
    expect(actions.slice(-2)).toEqual(['request_termination', 'delete_termination']);
  });
});

describe('contracts: copy by src_id', () => {
  it('answers a contract as the payload of a new draft: terms, vendors, sources, shares; no ids, states or documents', async () => {
    const id = await createdId({ submit_for_approval: true });
    await post(id, 'approve', approver);
    await sign(id, writer);
    const res = await api.request({ method: 'GET', url: `/api/contracts/${id}/copy`, as: writer });
    expect(res.statusCode).toBe(200);
    const copy = res.json().contract;
    expect(copy).not.toHaveProperty('state');
    expect(copy).not.toHaveProperty('document_url');
    expect(copy.contract_vendors.every((v: Record<string, unknown>) => !('id' in v))).toBe(true);
    expect(copy.revenue_shares.every((s: Record<string, unknown>) => !('id' in s))).toBe(true);
    const created = await create(copy);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ state: 'draft', document_url: null, contract_vendors: [{ vendor_id: nord.id, share_percentage: '60.0000' }, { vendor_id: sued.id }], revenue_sources: [{}, {}] });
    expect((await api.request({ method: 'GET', url: `/api/contracts/${id}/copy`, as: approver })).statusCode).toBe(403);
  });
});

describe('contracts: multipart', () => {
  it('takes a multipart create under `contract` with an uploaded document instead of a template', async () => {
    const fields: [string, string][] = [];
    const flat = (prefix: string, value: unknown) => {
      if (Array.isArray(value)) value.forEach((v, i) => flat(`${prefix}[${i}]`, v));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flat(`${prefix}[${k}]`, v);
      else if (value !== undefined && value !== null) fields.push([prefix, String(value)]);
    };
    flat('contract', contract({ template_name: '' }));
    const body = await multipart(fields, { name: 'contract[document]', data: PDF });
    const res = await api.request({ method: 'POST', url: '/api/contracts', ...body, as: writer });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ template_name: null, document_url: expect.stringMatching(/documents\/\d+$/), contract_vendors: [{ share_percentage: '60.0000' }, {}] });
    // Template and document exclude each other.
    fields.length = 0;
    flat('contract', contract());
    const both = await api.request({ method: 'POST', url: '/api/contracts', ...(await multipart(fields, { name: 'contract[document]', data: PDF })), as: writer });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({ template_name: ['exclusive'] });
  });
});

describe('contracts: list and lookup', () => {
  it('lists with the tab parameter, filters and sorts', async () => {
    const list = (query: string, as = writer) => api.request({ method: 'GET', url: `/api/contracts?${query}`, as });
    const all = await list('size=100');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, size: 100, total: expect.any(Number) });
    const pending = (await list('list=approval_pending&size=100')).json();
    expect(pending.entries.length).toBeGreaterThan(0);
    expect(pending.entries.every((c: { state: string }) => c.state === 'approval_pending')).toBe(true);
    // What waits for an approver (issue 24, item 11): every contract waiting for approval, among others with a pending amendment or termination.
    const awaiting = (await list('list=awaiting_approval&size=100', approver)).json();
    expect(awaiting.entries.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining(pending.entries.map((c: { id: number }) => c.id)));
    expect(awaiting.entries.every((c: { state: string }) => c.state !== 'draft')).toBe(true);
    const signing = (await list('filter[state]=signature_pending&size=100')).json();
    expect(signing.entries.every((c: { state: string }) => c.state === 'signing_pending')).toBe(true);
    expect((await list(`filter[vendor_id]=${sued.id}&size=100`)).json().entries.every((c: { contract_vendors: { vendor_id: number }[] }) => c.contract_vendors.some((v) => v.vendor_id === sued.id))).toBe(true);
    expect((await list('filter[payout_on_hold]=1')).json().total).toBe(0);
    expect((await list('sort=active_from&direction=desc&size=100')).statusCode).toBe(200);
    expect((await list('list=nonsense')).statusCode).toBe(422);
    expect((await list('filter[state]=nonsense')).statusCode).toBe(422);
  });

  it('looks contracts up by id, organization and vendor', async () => {
    const id = await createdId();
    const byId = (await api.request({ method: 'GET', url: `/api/contracts/lookup?q=${id}`, as: approver })).json();
    expect(byId.map((c: { id: number }) => c.id)).toContain(id);
    const byVendor = (await api.request({ method: 'GET', url: `/api/contracts/lookup?q=${encodeURIComponent('Süd')}`, as: approver })).json();
    expect(byVendor.map((c: { id: number }) => c.id)).toContain(id);
  });
});
