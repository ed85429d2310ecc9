import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';
import { organizationValues } from '../support/records.js';

const api = setupApi();
let admin: TestUser;
let writer: TestUser;
let approver: TestUser;
let contractsAdmin: TestUser;
let vendorsOnly: TestUser;
let signer: TestUser;
let orgId: number;
let sourceIds: number[];

const PDF = Buffer.from('%PDF-1.4\n% signed\n%%EOF\n');
const TODAY = new Date().toISOString().slice(0, 10);
const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Party {
  id: number;
  methodId: number;
  otherMethodId: number;
  emailId: number;
}
let nord: Party;
let sued: Party;

/** A vendor with two payment methods and a contact email, written straight to the tables (vendors have their own tests). */
async function party(organization_id: number, number: number, name: string): Promise<Party> {
  const { id } = await api.db.insertInto('vendors').values({ organization_id, number, name, type: 'company' }).returning('id').executeTakeFirstOrThrow();
  const contact = await api.db.insertInto('vendor_contacts').values({ vendor_id: id, first_name: 'Ana', last_name: 'Lopez', position: 0 }).returning('id').executeTakeFirstOrThrow();
  const email = await api.db
    .insertInto('vendor_contact_emails')
    .values({ vendor_contact_id: contact.id, vendor_id: id, email: `${number}@amend.example`, position: 0, can_access_portal: false, can_sign: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  const methods = await api.db
    .insertInto('vendor_payment_methods')
    .values([0, 1].map((position) => ({ vendor_id: id, type: 'no_account' as const, position, is_sepa: false })))
    .returning('id')
    .execute();
  return { id, methodId: methods[0].id, otherMethodId: methods[1].id, emailId: email.id };
}

const cv = (p: Party, share: string) => ({ vendor_id: p.id, vendor_payment_method_id: p.methodId, share_percentage: share, vendor_contact_email_ids: [p.emailId] });

async function multipart(fields: [string, string][], file?: { name: string; data: Buffer }) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  if (file) form.append(file.name, new Blob([new Uint8Array(file.data)], { type: 'application/pdf' }), 'signed.pdf');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** A signed contract (create → submit → approve → sign, through the API). */
let ownSources = 0;
async function signedContract(): Promise<number> {
  // Sources of its own: two signed contracts may not hold one source on the same day (DOMAIN "Allocation").
  ownSources += 1;
  const own = await api.db
    .insertInto('revenue_sources')
    .values([1, 2].map((i) => ({ type: 'youtube_channel' as const, reference_id: `UCown${ownSources}x${i}`.padEnd(24, 'x'), name: `Own ${ownSources}.${i}`, organization_id: orgId })))
    .returning('id')
    .execute();
  const res = await api.request({
    method: 'POST',
    url: '/api/contracts',
    as: writer,
    payload: {
      contract: {
        organization_id: orgId,
        contract_type: 'adsense',
        currency: 'EUR',
        start_date: '2026-01-01',
        termination_period_months: 3,
        credit_note_type: 'short',
        template_name: 'standard',
        revenue_shares: [{ type: 'all', formula: 'rev_share', rev_share: '70', baseline: '0' }],
        contract_vendors: [cv(nord, '60'), cv(sued, '40')],
        revenue_source_ids: own.map((o) => o.id),
        submit_for_approval: true,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  expect((await api.request({ method: 'POST', url: `/api/contracts/${id}/approve`, as: approver })).statusCode).toBe(200);
  const signed = await api.request({ method: 'POST', url: `/api/contracts/${id}/sign`, ...(await multipart([], { name: 'contract[document]', data: PDF })), as: writer });
  expect(signed.statusCode, signed.body).toBe(200);
  return id;
}

const base = (cid: number) => `/api/contracts/${cid}/amendments`;
const amendment = (over: Record<string, unknown> = {}) => ({
  apply_on: TODAY,
  primary_signer_email: 'signer@amend.example',
  change_revenue_shares: true,
  revenue_shares: [{ type: 'all', formula: 'rev_share', rev_share: '75', baseline: '0' }],
  ...over,
});
const create = (cid: number, a: Record<string, unknown>, as = writer) => api.request({ method: 'POST', url: base(cid), payload: { contract_amendment: a }, as });
const put = (cid: number, aid: number, a: Record<string, unknown>, as = writer) => api.request({ method: 'PUT', url: `${base(cid)}/${aid}`, payload: { contract_amendment: a }, as });
const act = (cid: number, aid: number, action: string, as: TestUser, payload: Record<string, unknown> = {}) =>
  api.request({ method: 'POST', url: `${base(cid)}/${aid}/${action}`, payload, as });
const signAmendment = async (cid: number, aid: number, as: TestUser, data = PDF) =>
  api.request({ method: 'POST', url: `${base(cid)}/${aid}/sign`, ...(await multipart([], { name: 'contract_amendment[document]', data })), as });
const rowOf = (aid: number) => api.db.selectFrom('contract_amendments').select(['state', 'lock_version', 'state_comment']).where('id', '=', aid).executeTakeFirstOrThrow();

async function createdId(cid: number, over: Record<string, unknown> = {}) {
  const res = await create(cid, amendment(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
/** An amendment moved to signed through the API. */
async function signedAmendment(cid: number, over: Record<string, unknown> = {}) {
  const aid = await createdId(cid, { ...over, submit_for_approval: true });
  expect((await act(cid, aid, 'approve', approver)).statusCode).toBe(200);
  const res = await signAmendment(cid, aid, writer);
  expect(res.statusCode, res.body).toBe(200);
  return aid;
}

beforeAll(async () => {
  admin = await api.user(['admin']);
  writer = await api.user(['contracts']);
  approver = await api.user(['contracts_approve']);
  contractsAdmin = await api.user(['contracts_admin']);
  vendorsOnly = await api.user(['vendors']);
  signer = await api.user(['contracts']);
  await api.db.updateTable('users').set({ email: 'signer@amend.example' }).where('id', '=', signer.id).execute();
  const org = await api.db
    .insertInto('organizations')
    .values(organizationValues({ name: 'Amend Org', number: 'A-1', vendor_source_prefix_external: '100', vendor_source_prefix_internal: '200', vendor_source_prefix_network: '300' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  orgId = org.id;
  await api.db.insertInto('organization_signers').values({ organization_id: orgId, position: 0, user_id: signer.id, is_primary: true, is_secondary: false }).execute();
  nord = await party(orgId, 1, 'Studio Nord');
  sued = await party(orgId, 2, 'Studio Süd');
  const sources = await api.db
    .insertInto('revenue_sources')
    .values([1, 2, 3].map((i) => ({ type: 'youtube_channel' as const, reference_id: `UCamend${i}xxxxxxxxxxxxxxxx`, name: `Channel ${i}`, organization_id: orgId })))
    .returning('id')
    .execute();
  sourceIds = sources.map((s) => s.id);
});

describe('amendments: create, read, update, delete', () => {
  it('creates a numbered draft on a final contract, lists it on the contract and audits it', async () => {
    const cid = await signedContract();
    const res = await create(cid, amendment());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      contract_id: cid,
      number: 1,
      state: 'draft',
      state_editable: true,
      state_deletable: true,
      can_submit_for_approval: true,
      can_approve: false,
      can_apply: false,
      apply_on: TODAY,
      primary_signer_email: { email: 'signer@amend.example' },
      change_revenue_shares: true,
      change_revenue_sources: false,
      revenue_shares: [{ type: 'all', formula: 'rev_share', rev_share: '75.0000', baseline: '0.00', fixed_income: null, threshold: null }],
      revenue_sources: [],
      lock_version: 0,
    });
    const aid = res.json().id as number;
    const second = await create(cid, amendment({ apply_on: dayAfter(TODAY, 10) }));
    expect(second.json().number).toBe(2);
    const contract = (await api.request({ method: 'GET', url: `/api/contracts/${cid}`, as: approver })).json();
    expect(contract.can_create_amendment).toBe(false);
    expect(contract.amendments.map((a: { id: number; number: number }) => a.number)).toEqual([1, 2]);
    expect((await api.request({ method: 'GET', url: `/api/contracts/${cid}`, as: writer })).json().can_create_amendment).toBe(true);
    const list = await api.request({ method: 'GET', url: base(cid), as: approver });
    expect(list.json()).toMatchObject({ total: 2, entries: [{ id: aid }, { number: 2 }] });
    expect((await api.request({ method: 'GET', url: `${base(cid)}/${aid}`, as: approver })).json().id).toBe(aid);
    expect((await api.request({ method: 'GET', url: `/api/contracts/${cid + 1000}/amendments/${aid}`, as: approver })).statusCode).toBe(404);
    const trail = await auditTrail(api.db, 'ContractAmendment', aid);
    expect(trail.map((t) => [t.action, t.user_id])).toEqual([['create', writer.id]]);
  });

  it('refuses other roles and contracts that are not final', async () => {
    const cid = await signedContract();
    expect((await create(cid, amendment(), vendorsOnly)).statusCode).toBe(403);
    expect((await create(cid, amendment(), approver)).statusCode).toBe(403);
    expect((await create(cid, amendment(), contractsAdmin)).statusCode).toBe(201);
    const draft = await api.request({
      method: 'POST',
      url: '/api/contracts',
      as: writer,
      payload: { contract: { organization_id: orgId, contract_type: 'adsense', currency: 'EUR', start_date: '2026-01-01', termination_period_months: 3, credit_note_type: 'short', template_name: 't', revenue_shares: [{ type: 'all', formula: 'fixed_income', fixed_income: '1' }], contract_vendors: [cv(nord, '100')], revenue_source_ids: [sourceIds[0]] } },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const refused = await create(draft.json().id, amendment());
    expect([refused.statusCode, refused.json().errors]).toEqual([422, { base: ['ineligible'] }]);
  });

  it('answers each rule of the form with its message key and path, and stores nothing', async () => {
    const cid = await signedContract();
    const own = (await api.db.selectFrom('contract_revenue_sources').select('revenue_source_id').where('contract_id', '=', cid).orderBy('revenue_source_id').execute()).map((r) => r.revenue_source_id);
    await createdId(cid, { apply_on: dayAfter(TODAY, 30) });
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ apply_on: '' }, { apply_on: ['blank'] }],
      [{ apply_on: '2026-02-30' }, { apply_on: ['invalid'] }],
      [{ apply_on: dayAfter(TODAY, -1) }, { apply_on: ['in_the_past'] }],
      [{ apply_on: dayAfter(TODAY, 30) }, { apply_on: [`after_date:${dayAfter(TODAY, 30)}`] }],
      [{ primary_signer_email: '' }, { document: ['blank'] }],
      [{ primary_signer_email: 'stranger@amend.example' }, { primary_signer_email: ['invalid'] }],
      [{ secondary_signer_email: 'signer@amend.example' }, { secondary_signer_email: ['already_used'] }],
      [{ change_revenue_shares: false }, { base: ['revenue_shares_or_sources_required'] }],
      [{ revenue_shares: [] }, { revenue_shares: ['too_few'] }],
      [{ revenue_shares: [{ type: 'all', formula: 'rev_share', rev_share: '70.00', baseline: '0' }] }, { revenue_shares: ['unchanged'] }],
      [{ revenue_shares: [{ type: 'all', formula: 'rev_share', rev_share: '101', baseline: '0' }] }, { revenue_shares: { 0: { rev_share: ['less_than_or_equal_to:100'] } } }],
      [{ change_revenue_shares: false, change_revenue_sources: true, revenue_source_ids: [own[1], own[0]] }, { revenue_source_ids: ['unchanged'] }],
      [{ change_revenue_shares: false, change_revenue_sources: true, revenue_source_ids: [] }, { revenue_source_ids: ['too_few'] }],
      [{ change_revenue_shares: false, change_revenue_sources: true, revenue_source_ids: [999999] }, { revenue_source_ids: { 0: ['invalid'] } }],
      [{ amendment_vendors: [{ vendor_id: nord.id, vendor_payment_method_id: sued.methodId }] }, { amendment_vendors: { 0: { vendor_payment_method_id: ['invalid'] } } }],
      [{ amendment_vendors: [{ vendor_id: 999999, vendor_payment_method_id: 1 }] }, { amendment_vendors: { 0: { vendor_id: ['invalid'] } } }],
    ];
    const count = async () => (await api.db.selectFrom('contract_amendments').select((eb) => eb.fn.countAll().as('n')).where('contract_id', '=', cid).executeTakeFirstOrThrow()).n;
    const before = await count();
    for (const [over, errors] of cases) {
      const res = await create(cid, amendment({ apply_on: dayAfter(TODAY, 40), ...over }));
      expect([res.statusCode, over]).toEqual([422, over]);
      expect(res.json().errors, JSON.stringify(over)).toEqual(errors);
    }
    expect(await count()).toBe(before);
  });

  it('keeps apply_on before the next amendment’s on update; partial updates keep the rest; 409 on a stale version', async () => {
    const cid = await signedContract();
    const first = await createdId(cid, { apply_on: dayAfter(TODAY, 5) });
    await createdId(cid, { apply_on: dayAfter(TODAY, 20) });
    const late = await put(cid, first, { apply_on: dayAfter(TODAY, 20) });
    expect([late.statusCode, late.json().errors]).toEqual([422, { apply_on: [`before_date:${dayAfter(TODAY, 20)}`] }]);
    const ok = await put(cid, first, { apply_on: dayAfter(TODAY, 6), lock_version: 0 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ apply_on: dayAfter(TODAY, 6), lock_version: 1, revenue_shares: [{ rev_share: '75.0000' }] });
    expect((await put(cid, first, { apply_on: dayAfter(TODAY, 7), lock_version: 0 })).statusCode).toBe(409);
  });

  it('deletes drafts only, with their documents', async () => {
    const cid = await signedContract();
    const aid = await createdId(cid);
    expect((await api.request({ method: 'DELETE', url: `${base(cid)}/${aid}`, as: approver })).statusCode).toBe(403);
    expect((await api.request({ method: 'DELETE', url: `${base(cid)}/${aid}`, as: writer })).statusCode).toBe(204);
    expect(await api.db.selectFrom('contract_amendments').select('id').where('id', '=', aid).executeTakeFirst()).toBeUndefined();
    expect((await auditTrail(api.db, 'ContractAmendment', aid)).map((t) => t.action)).toEqual(['create', 'destroy']);
    const signed = await signedAmendment(cid);
    const refused = await api.request({ method: 'DELETE', url: `${base(cid)}/${signed}`, as: writer });
    expect([refused.statusCode, refused.json().errors]).toEqual([422, { base: ['ineligible'] }]);
  });
});

describe('amendments: approval, signing and apply', () => {
  it('moves through the states by the right roles; refused transitions change nothing', async () => {
    const cid = await signedContract();
    const aid = await createdId(cid);
    const still = async () => expect(await rowOf(aid)).toMatchObject({ state: 'draft', lock_version: 0 });
    const approveDraft = await act(cid, aid, 'approve', approver);
    expect([approveDraft.statusCode, approveDraft.json().errors]).toEqual([422, { base: ['ineligible'] }]);
    expect((await act(cid, aid, 'apply', contractsAdmin)).statusCode).toBe(422);
    await still();

    const submitted = await put(cid, aid, { submit_for_approval: true });
    expect(submitted.json()).toMatchObject({ state: 'approval_pending', state_editable: false });
    const edit = await put(cid, aid, { apply_on: dayAfter(TODAY, 3) });
    expect([edit.statusCode, edit.json().errors]).toEqual([422, { base: ['read_only'] }]);
    expect((await act(cid, aid, 'approve', writer)).statusCode).toBe(403);
    const noComment = await act(cid, aid, 'reject', approver, { state_comment: ' ' });
    expect([noComment.statusCode, noComment.json().errors]).toEqual([422, { state_comment: ['blank'] }]);
    const rejected = await act(cid, aid, 'reject', approver, { contract_amendment: { state_comment: 'Wrong share' } });
    expect(rejected.json()).toMatchObject({ state: 'rejected', state_comment: 'Wrong share', state_editable: true });

    expect((await put(cid, aid, { submit_for_approval: true })).json()).toMatchObject({ state: 'approval_pending', state_comment: null });
    const approved = await act(cid, aid, 'approve', approver);
    expect(approved.json()).toMatchObject({ state: 'signing_pending', can_sign: false });
    expect((await api.request({ method: 'GET', url: `${base(cid)}/${aid}`, as: contractsAdmin })).json()).toMatchObject({ can_sign: true, can_cancel: true });
    const zip = await signAmendment(cid, aid, writer, Buffer.from('PK\u0003\u0004not a pdf'));
    expect(zip.statusCode).toBe(422);
    expect((await signAmendment(cid, aid, approver)).statusCode).toBe(403);
    const signed = await signAmendment(cid, aid, writer);
    expect(signed.json()).toMatchObject({ state: 'signed', document_url: expect.stringMatching(new RegExp(`^/api/contracts/${cid}/documents/\\d+$`)) });
    const doc = await api.request({ method: 'GET', url: signed.json().document_url, as: approver });
    expect(doc.body.startsWith('%PDF-')).toBe(true);
    expect((await act(cid, aid, 'apply', writer)).statusCode).toBe(403);
    expect((await auditTrail(api.db, 'ContractAmendment', aid)).map((t) => [t.action, t.user_id])).toEqual([
      ['create', writer.id],
      ['update', writer.id],
      ['reject', approver.id],
      ['update', writer.id],
      ['approve', approver.id],
      ['sign', writer.id],
    ]);
  });

  it('cancels a signing: contracts_admin only, from signing_pending only', async () => {
    const cid = await signedContract();
    const aid = await createdId(cid, { submit_for_approval: true });
    expect((await act(cid, aid, 'cancel', contractsAdmin)).statusCode).toBe(422);
    expect((await act(cid, aid, 'approve', approver)).statusCode).toBe(200);
    expect((await act(cid, aid, 'cancel', writer)).statusCode).toBe(403);
    const cancelled = await act(cid, aid, 'cancel', contractsAdmin, { state_comment: 'Vendor declined' });
    expect(cancelled.json()).toMatchObject({ state: 'signing_cancelled', state_comment: 'Vendor declined', can_sign: false, can_cancel: false });
    // A cancelled amendment no longer bounds the next one's apply_on.
    expect((await create(cid, amendment({ apply_on: TODAY }))).statusCode).toBe(201);
  });

  it('refuses apply while apply_on is in the future', async () => {
    const cid = await signedContract();
    const aid = await signedAmendment(cid, { apply_on: dayAfter(TODAY, 2) });
    expect((await api.request({ method: 'GET', url: `${base(cid)}/${aid}`, as: contractsAdmin })).json().can_apply).toBe(false);
    const refused = await act(cid, aid, 'apply', contractsAdmin);
    expect([refused.statusCode, refused.json().errors]).toEqual([422, { apply_on: ['in_future'] }]);
    expect(await rowOf(aid)).toMatchObject({ state: 'signed' });
  });

  it('apply changes the contract’s shares, sources and payment methods in one step, audited on both', async () => {
    const cid = await signedContract();
    const aid = await signedAmendment(cid, {
      change_revenue_sources: true,
      revenue_source_ids: [sourceIds[2]],
      revenue_shares: [
        { type: 'all', formula: 'cap', rev_share: '65.5', threshold: '2500.00' },
        { type: 'direct', formula: 'fixed_income', fixed_income: '10.25' },
      ],
      amendment_vendors: [{ vendor_id: sued.id, vendor_payment_method_id: sued.otherMethodId }],
    });
    expect((await api.request({ method: 'GET', url: `${base(cid)}/${aid}`, as: contractsAdmin })).json().can_apply).toBe(true);
    const res = await act(cid, aid, 'apply', contractsAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'applied', can_apply: false, applied_at: expect.any(String) });
    const c = (await api.request({ method: 'GET', url: `/api/contracts/${cid}`, as: writer })).json();
    expect(c.revenue_shares.map((s: Record<string, unknown>) => [s.type, s.formula, s.rev_share, s.threshold, s.fixed_income])).toEqual([
      ['all', 'cap', '65.5000', '2500.00', null],
      ['direct', 'fixed_income', null, null, '10.25'],
    ]);
    expect(c.revenue_sources.map((s: { id: number }) => s.id)).toEqual([sourceIds[2]]);
    expect(c.contract_vendors.map((v: { vendor_id: number; vendor_payment_method_id: number; share_percentage: string }) => [v.vendor_id, v.vendor_payment_method_id, v.share_percentage])).toEqual([
      [nord.id, nord.methodId, '60.0000'],
      [sued.id, sued.otherMethodId, '40.0000'],
    ]);
    const contractTrail = await auditTrail(api.db, 'Contract', cid);
    const applied = contractTrail.at(-1)!;
    expect(applied.action).toBe('apply_amendment');
    expect(Object.keys(applied.audited_changes as object).sort()).toEqual(['contract_vendors', 'revenue_shares', 'revenue_sources']);
    expect(applied.user_id).toBe(contractsAdmin.id);
  });

  it('two applies at once: one applies, the other is refused; one audit entry', async () => {
    const cid = await signedContract();
    const aid = await signedAmendment(cid);
    const results = await Promise.all([act(cid, aid, 'apply', contractsAdmin), act(cid, aid, 'apply', admin)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errors).toEqual({ base: ['ineligible'] });
    const trail = await auditTrail(api.db, 'ContractAmendment', aid);
    expect(trail.filter((t) => t.action === 'apply')).toHaveLength(1);
    expect((await auditTrail(api.db, 'Contract', cid)).filter((t) => t.action === 'apply_amendment')).toHaveLength(1);
    const shares = await api.db.selectFrom('contract_revenue_shares').select(['type', 'rev_share']).where('contract_id', '=', cid).execute();
    expect(shares).toEqual([{ type: 'all', rev_share: '75.0000' }]);
  });

  it('lists the contract on the amendments_pending tab while an amendment waits', async () => {
    const cid = await signedContract();
    await createdId(cid, { submit_for_approval: true });
    const list = await api.request({ method: 'GET', url: '/api/contracts?list=amendments_pending&s=100', as: writer });
    expect(list.json().entries.map((c: { id: number }) => c.id)).toContain(cid);
  });
});
