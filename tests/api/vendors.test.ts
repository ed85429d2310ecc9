import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';
import { toFormData } from '../../src/client/kit/form/form-data.js';

const api = setupApi();
let admin: TestUser;
let staff: TestUser;
let vendorsAdmin: TestUser;
let contracts: TestUser;
let payments: TestUser;
let orgId: number;
let otherOrgId: number;
let bankId: number;

const PDF = Buffer.from('%PDF-1.4\n% confirmation\n%%EOF\n');

async function organization(number: string, prefixes = { external: '100', internal: '200', network: '300' }) {
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
      vendor_source_prefix_external: prefixes.external,
      vendor_source_prefix_internal: prefixes.internal,
      vendor_source_prefix_network: prefixes.network,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ADDRESS = { country_code: 'DE', city: 'Köln', postal_code: '50667', street: 'Hohe Straße', street_number: '1' };
const TAX = { eu_tax_id: 'DE136695976', vat_percentage: '19', is_personally_liable: false };
const SEPA = { type: 'bank', is_sepa: true, account_holder: 'Studio Nord GmbH', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };

function vendor(overrides: Record<string, unknown> = {}) {
  return {
    organization_id: orgId,
    name: 'Studio Nord GmbH',
    type: 'company',
    language: 'de',
    contacts: [
      {
        first_name: 'Ana',
        last_name: 'Lopez',
        emails: [{ email: 'ana@studio-nord.example', can_sign: true, can_access_portal: true }],
        phone_numbers: [{ country_code: 'DE', number: '0221 123456' }],
        skype_accounts: [{ login: 'ana.l' }, { login: 'ana.l' }],
        facebook_accounts: [],
      },
    ],
    address: ADDRESS,
    tax_info: TAX,
    payment_methods: [SEPA],
    ...overrides,
  };
}

const create = (v: Record<string, unknown>, as = staff) => api.request({ method: 'POST', url: '/api/vendors', payload: { vendor: v }, as });
const put = (id: number, v: Record<string, unknown>, as = staff) => api.request({ method: 'PUT', url: `/api/vendors/${id}`, payload: { vendor: v }, as });
const get = (id: number, as = staff) => api.request({ method: 'GET', url: `/api/vendors/${id}`, as });
const post = (url: string, as: TestUser, payload: Record<string, unknown> = {}) => api.request({ method: 'POST', url, payload, as });

async function multipart(fields: [string, string][], pdf?: { name: string; data: Buffer }) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  if (pdf) form.append(pdf.name, new Blob([new Uint8Array(pdf.data)], { type: 'application/pdf' }), 'confirmation.pdf');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

function formFields(prefix: string, value: unknown, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((v, i) => formFields(`${prefix}[${i}]`, v, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) formFields(`${prefix}[${k}]`, v, out);
  else if (value !== undefined && value !== null) out.push([prefix, String(value)]);
  return out;
}

/** A confirmed vendor: created, then confirmed by an admin's save with the confirmation document. */
async function confirmedVendor(overrides: Record<string, unknown> = {}) {
  const created = (await create(vendor(overrides))).json();
  const body = await multipart([['vendor[valid_from]', '2026-01-01']], { name: 'vendor[confirmation_document]', data: PDF });
  const res = await api.request({ method: 'PUT', url: `/api/vendors/${created.id}`, ...body, as: admin });
  expect(res.statusCode).toBe(200);
  return res.json();
}

beforeAll(async () => {
  admin = await api.user(['admin']);
  staff = await api.user(['vendors'], { first_name: 'Vera', last_name: 'Vendors' });
  vendorsAdmin = await api.user(['vendors_admin']);
  contracts = await api.user(['contracts']);
  payments = await api.user(['payments']);
  orgId = await organization('V-1');
  otherOrgId = await organization('V-2', { external: '400', internal: '500', network: '600' });
  bankId = (
    await api.db
      .insertInto('banks')
      .values({ name: 'Sparkasse KölnBonn', street: 'Hahnenstraße 57', postal_code: '50667', city: 'Köln', country_code: 'DE', bic: 'COLSDE33', bank_key: '37050198' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

describe('vendors: create, read, numbers', () => {
  it('creates a vendor with its lists, numbers it per organization and reads it back', async () => {
    const res = await create(vendor());
    expect(res.statusCode).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({
      id: expect.any(Number),
      lock_version: 0,
      number: expect.any(Number),
      name: 'Studio Nord GmbH',
      organization: { id: orgId, name: 'Org V-1' },
      type: 'company',
      source: 'network',
      language: 'de',
      state: 'new',
      readonly: false,
      inactive: false,
      deletable: true,
      address: { ...ADDRESS, id: expect.any(Number), floor: null },
      tax_info: { eu_tax_id: 'DE136695976', vat_percentage: '19.0000', withholding_tax_percentage: '0.0000', is_personally_liable: false, other_tax_id: null },
      change_request_changes: null,
      payment_methods: [
        { type: 'bank', is_sepa: true, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', account_holder: 'Studio Nord GmbH', account_number: null, bank: null, contract_vendors: [] },
      ],
    });
    expect(v.full_number).toBe(`300${String(v.number).padStart(6, '0')}`);
    // Skype entries are de-duplicated.
    expect(v.contacts[0]).toMatchObject({
      first_name: 'Ana',
      // a portal email gets its portal user and confirmation mail in the write (tests/api/vendor-portal.test.ts)
      emails: [{ email: 'ana@studio-nord.example', can_sign: true, can_access_portal: true, portal_user_id: expect.any(Number), is_confirmed: false, portal_confirmation: 'pending' }],
      phone_numbers: [{ country_code: 'DE', number: '0221 123456' }],
      skype_accounts: [{ login: 'ana.l' }],
    });
    expect((await get(v.id)).json()).toEqual(v);

    const next = (await create(vendor({ name: 'Second' }))).json();
    expect(next.number).toBe(v.number + 1);
    const elsewhere = (await create(vendor({ name: 'Elsewhere', organization_id: otherOrgId }))).json();
    expect(elsewhere.number).toBe(1);
    expect(elsewhere.full_number).toBe('600000001');

    const trail = await auditTrail(api.db, 'Vendor', v.id);
    expect(trail.map((t) => t.action)).toEqual(['create']);
    const history = await api.request({ method: 'GET', url: `/api/audit_logs/vendor/${v.id}`, as: staff });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ total: 1, entries: [{ action: 'create', user: { id: staff.id } }] });
    expect((await api.request({ method: 'GET', url: `/api/audit_logs/vendor/${v.id}`, as: payments })).statusCode).toBe(403);
  });

  it('number on creation is admin only and unique per organization; it is assigned concurrently without gaps or clashes', async () => {
    expect((await create(vendor({ number: 900 }))).json()).toEqual({ errors: { number: ['admin_only'] } });
    const set = await create(vendor({ number: 900 }), admin);
    expect(set.json()).toMatchObject({ number: 900 });
    expect((await create(vendor({ number: 900 }), admin)).json()).toEqual({ errors: { number: ['already_used'] } });
    expect((await put(set.json().id, { number: 901 }, admin)).json()).toEqual({ errors: { number: ['invalid'] } });

    const org = await organization('V-3');
    const results = await Promise.all([1, 2, 3, 4].map((i) => create(vendor({ organization_id: org, name: `Parallel ${i}` }))));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(results.map((r) => r.json().number).sort()).toEqual([1, 2, 3, 4]);
  });

  it('takes multipart bodies under `vendor`', async () => {
    const body = await multipart(formFields('vendor', vendor({ name: 'Multipart GmbH' })));
    const res = await api.request({ method: 'POST', url: '/api/vendors', ...body, as: staff });
    expect(res.json()).toMatchObject({ id: expect.any(Number) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Multipart GmbH', contacts: [{ emails: [{ can_sign: true }] }], payment_methods: [{ is_sepa: true }] });
  });
});

describe('vendors: the form kit’s multipart bodies', () => {
  it('takes what toFormData sends: empty strings, empty lists, flags as text, a tri-state yes/no', async () => {
    const values = {
      ...vendor({ name: 'Form Kit GmbH' }),
      number: '',
      source: 'network',
      account_manager_id: null,
      valid_from: '',
      create_change_request: false,
      confirmation_document: null,
      tag_ids: [],
      referenced_vendor_ids: [],
      tax_info: { ...TAX, is_personally_liable: 'false', withholding_tax_percentage: '', nl_kvk: '' },
    };
    const form = toFormData('vendor', values);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const body = { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
    const res = await api.request({ method: 'POST', url: '/api/vendors', ...body, as: staff });
    expect(res.json()).toMatchObject({ id: expect.any(Number) });
    expect(res.statusCode).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({ name: 'Form Kit GmbH', tags: [], account_manager: null, tax_info: { is_personally_liable: false, withholding_tax_percentage: '0.0000' } });

    // An emptied list sent by the kit removes the stored rows.
    const again = toFormData('vendor', { contacts: v.contacts, payment_methods: [] });
    const req2 = new Request('http://localhost/', { method: 'PUT', body: again });
    const res2 = await api.request({ method: 'PUT', url: `/api/vendors/${v.id}`, payload: Buffer.from(await req2.arrayBuffer()), headers: { 'content-type': req2.headers.get('content-type')! }, as: staff });
    expect(res2.statusCode).toBe(200);
    expect(res2.json().payment_methods).toEqual([]);
  });
});

describe('vendors: validation with message keys and nested paths', () => {
  it('requires organization, type and name, and the contacts rules', async () => {
    expect((await create({ contacts: [] })).json()).toEqual({ errors: { organization_id: ['blank'], name: ['blank'], type: ['blank'], contacts: ['missing_contacts'] } });
    expect((await create(vendor({ contacts: [{ first_name: 'A', last_name: '', emails: [] }] }))).json()).toEqual({
      errors: { contacts: { 0: { last_name: ['blank'], emails: ['at_least_1_email'] } } },
    });
    const emails = [
      { email: 'a@x.example', can_sign: true, can_access_portal: true },
      { email: 'not-an-email', can_sign: true, can_access_portal: true },
    ];
    expect((await create(vendor({ contacts: [{ first_name: 'A', last_name: 'B', emails }] }))).json()).toEqual({
      errors: { contacts: { 0: { emails: { 1: { email: ['invalid'], can_sign: ['only_one_signing_email'], can_access_portal: ['only_one_portal_email'] } } } } },
    });
    const twice = [
      { first_name: 'A', last_name: 'B', emails: [{ email: 'same@x.example' }] },
      { first_name: 'C', last_name: 'D', emails: [{ email: 'other@x.example' }, { email: 'SAME@x.example' }], phone_numbers: [{ number: '1' }] },
    ];
    expect((await create(vendor({ contacts: twice }))).json()).toEqual({
      errors: { contacts: { 1: { emails: { 1: { email: ['already_used'] } }, phone_numbers: { 0: { country_code: ['blank'] } } } } },
    });
  });

  it('payment methods by type', async () => {
    const methods = [
      { type: 'bank', is_sepa: true, account_holder: '', iban: 'DE89370400440532013001' },
      { type: 'bank', is_sepa: false, account_holder: 'X' },
      SEPA,
      SEPA,
      { type: 'alternative_payee' },
      { type: 'bank', is_sepa: false, account_holder: 'X', account_number: '123', bank_id: 999999 },
      { type: 'wire' },
    ];
    expect((await create(vendor({ payment_methods: methods }))).json()).toEqual({
      errors: {
        payment_methods: {
          0: { account_holder: ['blank'], iban: ['invalid'] },
          1: { account_number: ['blank'], bank_id: ['blank'] },
          3: { iban: ['already_used'] },
          4: { source_payment_method_id: ['blank'] },
          6: { type: ['invalid'] },
        },
      },
    });
    expect((await create(vendor({ payment_methods: [methods[5]] }))).json()).toEqual({ errors: { payment_methods: { 0: { bank_id: ['invalid'] } } } });
    const bank = await create(vendor({ payment_methods: [{ type: 'bank', is_sepa: false, account_holder: 'X', account_number: '1234 5678', bank_id: bankId }] }));
    expect(bank.json().payment_methods[0]).toMatchObject({ account_number: '12345678', iban: null, bank: { id: bankId, name: 'Sparkasse KölnBonn', bank_key: '37050198' } });
  });

  it('an alternative payee pays through another vendor’s bank method, which then cannot be removed', async () => {
    const payee = (await create(vendor({ name: 'Payee' }))).json();
    const payeeMethod = payee.payment_methods[0].id;
    const own = (await create(vendor({ name: 'Self' }))).json();
    expect((await put(own.id, { payment_methods: [{ type: 'alternative_payee', source_payment_method_id: own.payment_methods[0].id }] })).json()).toEqual({
      errors: { payment_methods: { 0: { source_payment_method_id: ['invalid'] } } },
    });
    const res = await put(own.id, { payment_methods: [{ type: 'alternative_payee', source_payment_method_id: payeeMethod }] });
    expect(res.json().payment_methods).toEqual([
      expect.objectContaining({ type: 'alternative_payee', source_payment_method_id: payeeMethod, vendor: expect.objectContaining({ id: payee.id, name: 'Payee' }) }),
    ]);
    expect((await put(payee.id, { payment_methods: [] })).json()).toEqual({ errors: { payment_methods: ['in_use'] } });
  });

  it('address and tax info are strict once a change request is asked for', async () => {
    const res = await create(vendor({ address: {}, tax_info: {}, create_change_request: true }));
    expect(res.json()).toEqual({
      errors: { address: { country_code: ['blank'], city: ['blank'], postal_code: ['blank'], street: ['blank'], street_number: ['blank'] } },
    });
    const de = await create(vendor({ tax_info: { vat_percentage: '' }, create_change_request: true }));
    expect(de.json()).toEqual({
      errors: { tax_info: { eu_tax_id: ['blank'], de_regional_tax_number: ['blank'], vat_percentage: ['blank'], is_personally_liable: ['blank'] } },
    });
    // Not strict for a new vendor without a change request; formats still hold.
    expect((await create(vendor({ tax_info: { vat_percentage: '100' } }))).json()).toEqual({ errors: { tax_info: { vat_percentage: ['less_than:100'] } } });
  });

  it.each([
    ['DE', 'de_regional_tax_number', '93815/08152', '9381/508152', { de_tax_number_region: 'DE-BW' }],
    ['DE', 'de_country_tax_number', '36574261809', '36574261808', {}],
    ['NL', 'nl_kvk', '12345678', '1234567', {}],
    ['IT', 'it_iva', '00743110157', '00743110158', {}],
    ['ES', 'es_cif', 'A58818501', 'A58818502', {}],
    ['ES', 'es_nif', '12345678Z', '12345678A', {}],
    ['FR', 'fr_tva', '40303265045', '41303265045', {}],
    ['FR', 'fr_siret', '73282932000074', '73282932000075', {}],
    ['AT', 'eu_tax_id', 'ATU13585627', 'ATU13585626', {}],
    ['US', 'other_tax_id', '12-3456789', '', {}],
  ])('%s %s: valid %s, invalid %s', async (country, field, good, bad, extra) => {
    const tax = (value: string) => ({ vat_percentage: '20', is_personally_liable: false, ...extra, [field]: value });
    const address = { ...ADDRESS, country_code: country };
    const ok = await create(vendor({ address, tax_info: tax(good), create_change_request: true }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().tax_info[field]).toBe(good);
    const refused = await create(vendor({ address, tax_info: tax(bad), create_change_request: true }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.tax_info[field]).toEqual([bad === '' ? 'blank' : 'invalid']);
  });

  it('IT fiscal code for persons; a country change drops the other country’s ids', async () => {
    const person = await create(
      vendor({ type: 'person', address: { ...ADDRESS, country_code: 'IT' }, tax_info: { it_fiscal_code: 'RCCMNL83S18D969X', vat_percentage: '22' }, create_change_request: true }),
    );
    expect(person.json()).toEqual({ errors: { tax_info: { it_fiscal_code: ['invalid'] } } });
    const moved = await create(vendor({ address: { ...ADDRESS, country_code: 'SE' }, tax_info: { ...TAX, nl_kvk: '12345678', eu_tax_id: 'SE556188840401' } }));
    expect(moved.json().tax_info).toMatchObject({ nl_kvk: null, eu_tax_id: 'SE556188840401' });
    const liable = await create(vendor({ type: 'person', tax_info: { vat_percentage: '19', is_personally_liable: false, is_natural_person: true } }));
    expect(liable.json().tax_info).toMatchObject({ is_personally_liable: true, is_natural_person: false });
  });
});

describe('vendors: bad input is a 422, never a 500', () => {
  it.each([
    ['not an object', 'x'],
    ['lists of the wrong shape', { ...{ organization_id: 1, name: 'X', type: 'company' }, contacts: 'x', payment_methods: [null, 3], address: 'x', tax_info: [1] }],
    ['numbers out of range', { number: 0 }],
    ['unknown references', { organization_id: 99999999, account_manager_id: 99999999, tag_ids: [99999999], referenced_vendor_ids: ['x'] }],
    ['bad dates and flags', { valid_from: '2026-02-30', contacts: [{ first_name: 'A', last_name: 'B', date_of_birth: 'yesterday', emails: [{ email: 'a@b.example', can_sign: 'maybe' }] }] }],
    ['NUL characters', { name: 'a\u0000b' }],
  ])('%s', async (_name, body) => {
    const payload = typeof body === 'string' ? body : vendor(body);
    const res = await create(payload as Record<string, unknown>, admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toBeTruthy();
  });

  it('answers 404 for unknown vendors and methods', async () => {
    expect((await get(99999999)).statusCode).toBe(404);
    expect((await get('abc' as unknown as number)).statusCode).toBe(404);
    expect((await post('/api/vendors/99999999/activate', admin)).statusCode).toBe(404);
    expect((await api.request({ method: 'DELETE', url: '/api/vendors/99999999/change_request', as: staff })).statusCode).toBe(404);
  });
});

describe('vendors: roles (spec 2, section 6)', () => {
  it('list for vendors or vendors_admin; details and writes for vendors; others are refused', async () => {
    const v = (await create(vendor({ name: 'Roles' }))).json();
    for (const user of [staff, vendorsAdmin, admin]) expect((await api.request({ method: 'GET', url: '/api/vendors', as: user })).statusCode).toBe(200);
    for (const user of [contracts, payments]) {
      expect((await api.request({ method: 'GET', url: '/api/vendors', as: user })).statusCode).toBe(403);
      expect((await get(v.id, user)).statusCode).toBe(403);
      expect((await create(vendor(), user)).statusCode).toBe(403);
      expect((await api.request({ method: 'DELETE', url: `/api/vendors/${v.id}`, as: user })).statusCode).toBe(403);
    }
    expect((await get(v.id, staff)).statusCode).toBe(200);
    // Contract forms find vendors (detailed lookup); payments users get the plain one for the payments filter (spec 3, 2.1).
    const lookup = await api.request({ method: 'GET', url: '/api/vendors/lookup?q=Roles&view=detailed', as: contracts });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toEqual([
      expect.objectContaining({ id: v.id, name: 'Roles', organization_id: orgId, payment_methods: [expect.objectContaining({ type: 'bank' })], contacts: [expect.objectContaining({ emails: [expect.objectContaining({ can_sign: true })] })] }),
    ]);
    expect((await api.request({ method: 'GET', url: '/api/vendors/lookup?q=Roles&view=detailed', as: payments })).statusCode).toBe(403);
    const plain = await api.request({ method: 'GET', url: '/api/vendors/lookup?q=Roles', as: payments });
    expect([plain.statusCode, plain.json().map((e: { id: number }) => e.id)]).toEqual([200, [v.id]]);
  });

  it('activate and deactivate: admin or vendors_admin, never vendors; each only from its state', async () => {
    const v = (await create(vendor({ name: 'Toggle' }))).json();
    expect((await post(`/api/vendors/${v.id}/deactivate`, staff)).statusCode).toBe(403);
    const off = await post(`/api/vendors/${v.id}/deactivate`, vendorsAdmin);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ inactive: true, lock_version: 1 });
    expect((await post(`/api/vendors/${v.id}/deactivate`, vendorsAdmin)).json()).toEqual({ errors: { base: ['ineligible'] } });
    expect((await post(`/api/vendors/${v.id}/activate`, staff)).statusCode).toBe(403);
    expect((await post(`/api/vendors/${v.id}/activate`, admin)).json()).toMatchObject({ inactive: false });
    expect((await auditTrail(api.db, 'Vendor', v.id)).map((t) => [t.action, t.audited_changes])).toEqual([
      ['create', expect.anything()],
      ['deactivate', { inactive: [false, true] }],
      ['activate', { inactive: [true, false] }],
    ]);
  });

  it('a transition run twice at once changes the vendor once', async () => {
    const v = (await create(vendor({ name: 'Twice' }))).json();
    const results = await Promise.all([post(`/api/vendors/${v.id}/deactivate`, vendorsAdmin), post(`/api/vendors/${v.id}/deactivate`, vendorsAdmin)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await auditTrail(api.db, 'Vendor', v.id)).map((t) => t.action)).toEqual(['create', 'deactivate']);
  });

  it('admin-only fields: sources external and internal, paypal methods, confirmation document, self billing on a confirmed vendor', async () => {
    const paypal = { type: 'paypal', account_holder: 'Ana', email: 'ana@paypal.example' };
    expect((await create(vendor({ source: 'external', payment_methods: [SEPA, paypal] }))).json()).toEqual({
      errors: { source: ['admin_only'], payment_methods: { 1: { type: ['admin_only'] } } },
    });
    const byAdmin = (await create(vendor({ source: 'internal', payment_methods: [SEPA, paypal] }), admin)).json();
    expect(byAdmin).toMatchObject({ source: 'internal', full_number: expect.stringMatching(/^200\d{6}$/), payment_methods: [{ type: 'bank' }, { type: 'paypal', email: 'ana@paypal.example' }] });
    // A non-admin may save the vendor with its existing paypal method unchanged, not change it.
    expect((await put(byAdmin.id, { name: 'Renamed by staff' })).statusCode).toBe(200);
    const changed = byAdmin.payment_methods.map((m: Record<string, unknown>) => (m.type === 'paypal' ? { ...m, email: 'new@paypal.example' } : m));
    expect((await put(byAdmin.id, { payment_methods: changed })).json()).toEqual({ errors: { payment_methods: { 1: { type: ['admin_only'] } } } });

    const v = (await create(vendor({ name: 'Doc' }))).json();
    const body = await multipart([['vendor[name]', 'Doc']], { name: 'vendor[confirmation_document]', data: PDF });
    expect((await api.request({ method: 'PUT', url: `/api/vendors/${v.id}`, ...body, as: staff })).json()).toEqual({ errors: { confirmation_document: ['admin_only'] } });

    const confirmed = await confirmedVendor({ name: 'Self billing' });
    expect((await put(confirmed.id, { tax_info: { ...confirmed.tax_info, self_billing_allowed: true } })).json()).toEqual({
      errors: { tax_info: { self_billing_allowed: ['admin_only'] } },
    });
  });
});

describe('vendors: confirmation, change requests, delete', () => {
  it('an admin confirms a new vendor with a document; a confirmed vendor cannot be deleted', async () => {
    const v = await confirmedVendor({ name: 'Confirmed' });
    expect(v).toMatchObject({ state: 'confirmed', valid_from: '2026-01-01', deletable: false, documents: [{ audit_version: expect.any(Number), url: expect.stringContaining(`/api/vendors/${v.id}/documents/`) }] });
    const doc = await api.request({ method: 'GET', url: v.documents[0].url, as: staff });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect((await api.request({ method: 'DELETE', url: `/api/vendors/${v.id}`, as: staff })).json()).toEqual({ errors: { base: ['ineligible'] } });
    expect((await get(v.id)).statusCode).toBe(200);
    // A confirmed vendor keeps at least one payment method.
    expect((await put(v.id, { payment_methods: [] })).json()).toEqual({ errors: { payment_methods: ['too_few'] } });
  });

  it('a new vendor is deleted with its rows and tags', async () => {
    const tag = await api.db.insertInto('tags').values({ name: `tag-${Date.now()}` }).returning('id').executeTakeFirstOrThrow();
    const v = (await create(vendor({ name: 'Gone', tag_ids: [tag.id] }))).json();
    expect(v.tags).toEqual([{ id: tag.id, name: expect.any(String) }]);
    // Tags as the entity has them are taken too; a partial update without them keeps them.
    const other = (await create(vendor({ name: 'Tagged', tags: [{ id: tag.id, name: 'x' }], referenced_vendors: [{ id: v.id }] }))).json();
    expect(other).toMatchObject({ tags: [{ id: tag.id }], referenced_vendors: [{ id: v.id, name: 'Gone' }] });
    expect((await put(other.id, { language: 'nl' })).json()).toMatchObject({ tags: [{ id: tag.id }], referenced_vendors: [{ id: v.id }] });
    expect((await put(other.id, { tag_ids: [] })).json().tags).toEqual([]);
    expect((await put(other.id, { referenced_vendor_ids: [other.id] })).json()).toEqual({ errors: { referenced_vendor_ids: { 0: ['invalid'] } } });
    expect((await api.request({ method: 'DELETE', url: `/api/vendors/${v.id}`, as: staff })).statusCode).toBe(204);
    expect(await api.db.selectFrom('taggings').select('id').where('taggable_type', '=', 'Vendor').where('taggable_id', '=', v.id).execute()).toEqual([]);
    expect(await api.db.selectFrom('vendor_contacts').select('id').where('vendor_id', '=', v.id).execute()).toEqual([]);
  });

  it('a change to compared fields becomes a change request; the vendor is read-only until it is cancelled', async () => {
    const v = await confirmedVendor({ name: 'Before' });
    // Non-compared fields alone save directly.
    const direct = await put(v.id, { language: 'fr' });
    expect(direct.json()).toMatchObject({ language: 'fr', readonly: false, change_request_changes: null });

    expect((await put(v.id, { name: 'After' })).json()).toEqual({ errors: { valid_from: ['blank'] } });
    const requested = await put(v.id, { name: 'After', language: 'it', tax_info: { ...v.tax_info, vat_percentage: '19.0000' }, valid_from: '2026-02-01' });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toMatchObject({
      name: 'Before',
      language: 'it',
      readonly: true,
      deletable: false,
      change_request_changes: { agreement_status: 'pending', valid_from: '2026-02-01', changes: { name: ['Before', 'After'] } },
    });
    const pending = await api.request({ method: 'GET', url: '/api/vendors?list=confirmation_pending&s=100', as: staff });
    expect(pending.json().entries.map((e: { id: number }) => e.id)).toContain(v.id);
    expect((await put(v.id, { name: 'Again' })).json()).toEqual({ errors: { base: ['read_only'] } });

    const cancelled = await api.request({ method: 'DELETE', url: `/api/vendors/${v.id}/change_request`, as: staff });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ name: 'Before', readonly: false, change_request_changes: null });
    expect((await api.request({ method: 'DELETE', url: `/api/vendors/${v.id}/change_request`, as: staff })).json()).toEqual({ errors: { base: ['ineligible'] } });
    const actions = (await auditTrail(api.db, 'Vendor', v.id)).map((t) => t.action);
    expect(actions.slice(-2)).toEqual(['update', 'cancel_change_request']);
  });

  it('a vendor confirmed today gets a change request valid from today (the stored date given again is a date)', async () => {
    const v = await confirmedVendor({ name: 'Same day' });
    expect(v.valid_from).toBe('2026-01-01');
    const res = await put(v.id, { name: 'Same day 2', valid_from: v.valid_from });
    expect(res.statusCode).toBe(200);
    expect(res.json().change_request_changes).toMatchObject({ valid_from: '2026-01-01', changes: { name: ['Same day', 'Same day 2'] } });
  });

  it('an admin confirms a change request with a document: the changes apply from valid_from', async () => {
    const v = await confirmedVendor({ name: 'Bank change' });
    const iban = 'GB29NWBK60161331926819';
    const methods = [{ ...v.payment_methods[0], iban, bic: 'NWBKGB2L' }];
    const requested = (await put(v.id, { payment_methods: methods, valid_from: '2026-03-01' })).json();
    expect(requested.change_request_changes.changes).toMatchObject({ payment_methods: [[expect.objectContaining({ iban: 'DE89370400440532013000' })], [expect.objectContaining({ iban })]] });
    expect(requested.payment_methods[0].iban).toBe('DE89370400440532013000');

    const noDoc = await multipart([['valid_from', '2026-03-01']]);
    expect((await api.request({ method: 'POST', url: `/api/vendors/${v.id}/change_request/confirm`, ...noDoc, as: admin })).json()).toEqual({
      errors: { confirmation_document: ['blank'] },
    });
    const body = await multipart([['valid_from', '2026-03-01']], { name: 'confirmation_document', data: PDF });
    expect((await api.request({ method: 'POST', url: `/api/vendors/${v.id}/change_request/confirm`, ...body, as: vendorsAdmin })).statusCode).toBe(403);
    const confirmed = await api.request({ method: 'POST', url: `/api/vendors/${v.id}/change_request/confirm`, ...(await multipart([['valid_from', '2026-03-01']], { name: 'confirmation_document', data: PDF })), as: admin });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ readonly: false, valid_from: '2026-03-01', change_request_changes: null, payment_methods: [{ id: v.payment_methods[0].id, iban }] });
    expect(confirmed.json().documents).toHaveLength(2);
  });

  it('an admin saving a confirmed vendor with a document applies the change at once', async () => {
    const v = await confirmedVendor({ name: 'Admin direct' });
    const body = await multipart([['vendor[name]', 'Admin direct 2'], ['vendor[valid_from]', '2026-04-01']], { name: 'vendor[confirmation_document]', data: PDF });
    const res = await api.request({ method: 'PUT', url: `/api/vendors/${v.id}`, ...body, as: admin });
    expect(res.json()).toMatchObject({ name: 'Admin direct 2', readonly: false, valid_from: '2026-04-01' });
  });

  it('two updates from the same version: one wins, the other gets 409 with the current record', async () => {
    const v = (await create(vendor({ name: 'Race' }))).json();
    const [a, b] = await Promise.all([put(v.id, { name: 'Race A', lock_version: v.lock_version }), put(v.id, { name: 'Race B', lock_version: v.lock_version })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({ id: v.id, lock_version: v.lock_version + 1 });
  });
});

describe('vendors: list, lookup, extra endpoints', () => {
  it('lists with the list parameter, filters, sort and paging', async () => {
    const mine = (await create(vendor({ name: 'Managed Zeta', account_manager_id: staff.id, organization_id: otherOrgId, address: { ...ADDRESS, country_code: 'LU' }, tax_info: {} }))).json();
    const managed = (await api.request({ method: 'GET', url: '/api/vendors?list=managed_by_me', as: staff })).json();
    expect(managed).toMatchObject({ total: 1, page: 1, entries: [{ id: mine.id, account_manager: { id: staff.id, first_name: 'Vera' } }] });
    expect((await api.request({ method: 'GET', url: '/api/vendors?list=managed_by_me', as: admin })).json().total).toBe(0);
    expect((await api.request({ method: 'GET', url: '/api/vendors?list=other', as: staff })).json()).toEqual({ errors: { list: ['invalid'] } });

    const byCountry = (await api.request({ method: 'GET', url: '/api/vendors?filter[country_code]=LU', as: staff })).json();
    expect(byCountry.entries.map((e: { id: number }) => e.id)).toEqual([mine.id]);
    const byOrg = (await api.request({ method: 'GET', url: `/api/vendors?filter[organization_id]=${otherOrgId}&sort_by=name&sort_direction=desc&s=2`, as: staff })).json();
    expect(byOrg.size).toBe(2);
    expect(byOrg.entries[0].name >= byOrg.entries[1].name).toBe(true);
    expect((await api.request({ method: 'GET', url: '/api/vendors?filter[state]=gone', as: staff })).json()).toEqual({ errors: { 'filter[state]': ['invalid'] } });
    // A signed contract from mid-February to the end of March covers February and March only.
    const contract = await api.db
      .insertInto('contracts')
      .values({ organization_id: otherOrgId, contract_type: 'drm', currency: 'EUR', start_date: '2031-02-15', end_date: '2031-03-31', state: 'signed', credit_note_type: 'short' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await api.db.insertInto('contract_vendors').values({ contract_id: contract.id, vendor_id: mine.id, share_percentage: '100' }).execute();
    const activeIn = async (month: string) =>
      (await api.request({ method: 'GET', url: `/api/vendors?filter[active_contract_month]=${month}`, as: staff })).json().entries.map((e: { id: number }) => e.id);
    expect(await activeIn('2031-01-01')).toEqual([]);
    expect(await activeIn('2031-02-01')).toEqual([mine.id]);
    expect(await activeIn('2031-03-01')).toEqual([mine.id]);
    expect(await activeIn('2031-04-01')).toEqual([]);
    const read = (await api.request({ method: 'GET', url: `/api/vendors/${mine.id}`, as: staff })).json();
    expect(read.contract_vendors).toEqual([{ id: expect.any(Number), contract_id: contract.id, vendor_payment_method_id: null }]);
    expect((await api.request({ method: 'GET', url: '/api/vendors?q=Managed%20Zeta', as: staff })).json().total).toBe(1);

    const lookup = (await api.request({ method: 'GET', url: `/api/vendors/lookup?q=${mine.full_number}`, as: staff })).json();
    expect(lookup).toEqual([{ id: mine.id, name: 'Managed Zeta', number: mine.number, full_number: mine.full_number, inactive: false }]);
  });

  it("the form's assign-to-contracts links a method to this vendor's contract vendors, and each method lists its contracts", async () => {
    const second = { type: 'bank', is_sepa: true, account_holder: 'Studio Nord GmbH', iban: 'GB82 WEST 1234 5698 7654 32', bic: 'NWBKGB2L' };
    const v = (await create(vendor({ name: 'Assigning', payment_methods: [SEPA, second] }))).json();
    const other = (await create(vendor({ name: 'Elsewhere' }))).json();
    const contract = await api.db.insertInto('contracts').values({ organization_id: v.organization_id, contract_type: 'drm', currency: 'EUR', start_date: '2031-01-01', credit_note_type: 'short' }).returning('id').executeTakeFirstOrThrow();
    const cvs = await api.db
      .insertInto('contract_vendors')
      .values([
        { contract_id: contract.id, vendor_id: v.id, share_percentage: '60' },
        { contract_id: contract.id, vendor_id: other.id, share_percentage: '40' },
      ])
      .returning(['id', 'vendor_id'])
      .execute();
    const [mineCv, foreignCv] = [cvs.find((c) => c.vendor_id === v.id)!.id, cvs.find((c) => c.vendor_id === other.id)!.id];
    const methods = (assign: [number[], number[]]) => v.payment_methods.map((m: { id: number }, i: number) => ({ ...(i === 0 ? SEPA : second), id: m.id, assign_to_contracts: assign[i].length > 0, assign_contract_vendor_ids: assign[i] }));
    let version = v.lock_version;

    // Another vendor's contract vendor is refused on the method's field, and nothing changes.
    const foreign = await put(v.id, { payment_methods: methods([[], [foreignCv]]), lock_version: version });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toEqual({ errors: { payment_methods: { 1: { assign_contract_vendor_ids: ['invalid'] } } } });

    const saved = await put(v.id, { payment_methods: methods([[], [mineCv]]), lock_version: version });
    expect(saved.statusCode).toBe(200);
    version = saved.json().lock_version;
    expect(saved.json().payment_methods.map((m: { contract_vendors: unknown[] }) => m.contract_vendors)).toEqual([[], [{ id: mineCv, contract_id: contract.id }]]);
    expect(saved.json().contract_vendors).toEqual([{ id: mineCv, contract_id: contract.id, vendor_payment_method_id: v.payment_methods[1].id }]);
    const trail = (await auditTrail(api.db, 'Vendor', v.id)).filter((t) => t.action === 'apply_to_contracts');
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ user_id: staff.id, audited_changes: { [`contract_vendors.${mineCv}.vendor_payment_method_id`]: [null, v.payment_methods[1].id] } });

    // Taken by the other stored method: refused (the form disables it; apply_to_contracts moves it on purpose).
    const taken = await put(v.id, { payment_methods: methods([[mineCv], []]), lock_version: version });
    expect(taken.json()).toEqual({ errors: { payment_methods: { 0: { assign_contract_vendor_ids: ['already_used'] } } } });
    // Removing the method that paid it frees the contract vendor, and the remaining method takes it in the same save.
    const moved = await put(v.id, { payment_methods: [{ ...SEPA, id: v.payment_methods[0].id, assign_to_contracts: true, assign_contract_vendor_ids: [mineCv] }], lock_version: version });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().payment_methods[0].contract_vendors).toEqual([{ id: mineCv, contract_id: contract.id }]);
  });

  it('resend confirmation only while pending; apply to contracts checks the method', async () => {
    const v = (await create(vendor({ name: 'Portal' }))).json();
    const emailId = v.contacts[0].emails[0].id;
    const resend = (id: number) => post(`/api/vendors/${v.id}/resend_confirmation_instructions`, staff, { vendor_contact_email_id: id });
    // Pending from the create on: a portal user exists and the email is not confirmed.
    const sent = await resend(emailId);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().contacts[0].emails[0]).toMatchObject({ portal_confirmation: 'pending', confirmation_sent_at: expect.any(String) });
    await api.db.updateTable('vendor_contact_emails').set({ is_confirmed: true }).where('id', '=', emailId).execute();
    expect((await resend(emailId)).json()).toEqual({ errors: { vendor_contact_email_id: ['ineligible'] } });
    expect((await resend(999999)).json()).toEqual({ errors: { vendor_contact_email_id: ['invalid'] } });

    const other = (await create(vendor({ name: 'Other' }))).json();
    const apply = (methodId: number, ids: unknown) => post(`/api/vendors/${v.id}/payment_methods/${methodId}/apply_to_contracts`, staff, { contract_vendor_ids: ids });
    expect((await apply(other.payment_methods[0].id, [1])).statusCode).toBe(404);
    expect((await apply(v.payment_methods[0].id, [])).json()).toEqual({ errors: { contract_vendor_ids: ['too_few'] } });
    const contract = await api.db.insertInto('contracts').values({ organization_id: v.organization_id, contract_type: 'drm', currency: 'EUR', start_date: '2031-01-01', credit_note_type: 'short' }).returning('id').executeTakeFirstOrThrow();
    const cvs = await api.db.insertInto('contract_vendors').values([{ contract_id: contract.id, vendor_id: v.id, share_percentage: '50' }, { contract_id: contract.id, vendor_id: other.id, share_percentage: '50' }]).returning(['id', 'vendor_id']).execute();
    const [mineCv, foreignCv] = [cvs.find((c) => c.vendor_id === v.id)!.id, cvs.find((c) => c.vendor_id === other.id)!.id];
    const methodOf = async (cv: number) => (await api.db.selectFrom('contract_vendors').select('vendor_payment_method_id').where('id', '=', cv).executeTakeFirstOrThrow()).vendor_payment_method_id;
    const refused = await apply(v.payment_methods[0].id, [mineCv, foreignCv]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { [`contract_vendor_ids.${foreignCv}`]: ['invalid'] } });
    expect(await methodOf(mineCv)).toBeNull();
    expect((await apply(v.payment_methods[0].id, [mineCv])).json()).toEqual({ updated: 1 });
    expect(Number(await methodOf(mineCv))).toBe(v.payment_methods[0].id);
    expect(await methodOf(foreignCv)).toBeNull();
    // Audited on the vendor with its actor; the refused request left no entry.
    const applied = (await auditTrail(api.db, 'Vendor', v.id)).filter((t) => t.action === 'apply_to_contracts');
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ user_id: staff.id, audited_changes: { [`contract_vendors.${mineCv}.vendor_payment_method_id`]: [null, v.payment_methods[0].id] } });
  });
});
