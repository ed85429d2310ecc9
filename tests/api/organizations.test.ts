import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toFormData } from '../../src/client/kit/form/form-data.js';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;
let signerA: TestUser;
let signerB: TestUser;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('fake image body')]);

function organization(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Remit Media GmbH',
    number: '1000',
    country_code: 'DE',
    currency: 'EUR',
    city: 'Berlin',
    postal_code: '10115',
    street: 'Invalidenstraße',
    street_number: '1a',
    color_primary: '#112233',
    color_accent: '#abc',
    overridden_payment_type: 'none',
    invoice_emails: ['invoices@remit.local'],
    invoice_cc_emails: [],
    vendor_change_request_notification_emails: ['changes@remit.local'],
    payment_paused_notification_emails: [],
    payment_due_interval_length: 30,
    payment_due_interval_unit: 'd',
    vendor_sources: { external: '100', internal: '200', network: '300' },
    managing_directors: [{ full_name: 'Maria Muster', email: 'maria@remit.local' }],
    legal_imprints: [
      { locale: 'de', template: 'Impressum' },
      { locale: 'en', template: 'Imprint' },
    ],
    signers: [
      { user_id: signerA.id, is_primary: true, is_secondary: false },
      { user_id: signerB.id, is_primary: false, is_secondary: true },
    ],
    ...overrides,
  };
}

const create = (org: Record<string, unknown>) => api.request({ method: 'POST', url: '/api/organizations', payload: { organization: org }, as: admin });
const put = (id: number, org: Record<string, unknown>) => api.request({ method: 'PUT', url: `/api/organizations/${id}`, payload: { organization: org }, as: admin });

/** A multipart body in the bracket notation the client sends, with an optional logo part. */
async function multipart(fields: [string, string][], logo?: { data: Buffer; type: string }) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  if (logo) form.append('organization[logo]', new Blob([new Uint8Array(logo.data)], { type: logo.type }), 'logo.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

function formFields(org: ReturnType<typeof organization>): [string, string][] {
  const out: [string, string][] = [];
  const walk = (prefix: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(typeof v === 'object' ? `${prefix}[${i}]` : `${prefix}[]`, v));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${prefix}[${k}]`, v);
    else out.push([prefix, String(value)]);
  };
  walk('organization', org);
  return out;
}

const storedFiles = () => {
  const root = path.join(api.dataDir, 'files');
  // Files sit one directory down (`ab/abcd…`); the directories themselves are not files.
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((f) => String(f).includes(path.sep)) : [];
};

beforeAll(async () => {
  admin = await api.user(['admin']);
  signerA = await api.user(['contracts'], { email: 'signer-a@test.local', first_name: 'Sam', last_name: 'Signer' });
  signerB = await api.user(['contracts'], { email: 'signer-b@test.local', first_name: 'Sue', last_name: 'Second' });
});

describe('organizations', () => {
  it('creates an organization with its lists and the 15 WBS rows, and reads it back', async () => {
    const res = await create(organization());
    expect(res.statusCode, res.body).toBe(201);
    const org = res.json();
    expect(org).toEqual({
      id: expect.any(Number),
      lock_version: 0,
      name: 'Remit Media GmbH',
      number: '1000',
      country_code: 'DE',
      currency: 'EUR',
      city: 'Berlin',
      postal_code: '10115',
      street: 'Invalidenstraße',
      street_number: '1a',
      full_address: 'Invalidenstraße 1a, 10115 Berlin, Germany',
      color_primary: '#112233',
      color_accent: '#abc',
      overridden_payment_type: null,
      logo_url: null,
      invoice_emails: ['invoices@remit.local'],
      invoice_cc_emails: [],
      vendor_change_request_notification_emails: ['changes@remit.local'],
      payment_paused_notification_emails: [],
      payment_due_interval_length: 30,
      payment_due_interval_unit: 'd',
      minimum_payout: null,
      four_eyes: true,
      vendor_sources: { external: '100', internal: '200', network: '300' },
      managing_directors: [{ id: expect.any(Number), full_name: 'Maria Muster', email: 'maria@remit.local' }],
      legal_imprints: [
        { id: expect.any(Number), locale: 'de', template: 'Impressum' },
        { id: expect.any(Number), locale: 'en', template: 'Imprint' },
      ],
      signers: [
        {
          id: expect.any(Number),
          user_id: signerA.id,
          user: { id: signerA.id, email: 'signer-a@test.local', first_name: 'Sam', last_name: 'Signer' },
          is_primary: true,
          is_secondary: false,
        },
        { id: expect.any(Number), user_id: signerB.id, user: expect.objectContaining({ id: signerB.id }), is_primary: false, is_secondary: true },
      ],
      wbs_codes: expect.any(Array),
      debtor_accounts: [],
      created_at: expect.any(String),
    });
    expect(org.wbs_codes).toHaveLength(15);
    expect(org.wbs_codes.slice(0, 6).map((w: { contract_type: string; revenue_share_type: string }) => `${w.contract_type}/${w.revenue_share_type}`)).toEqual([
      'adsense/direct',
      'adsense/ecommerce',
      'adsense/indirect',
      'adsense/red',
      'adsense/shorts',
      'drm/direct',
    ]);
    expect(org.wbs_codes[0]).toEqual({ id: expect.any(Number), contract_type: 'adsense', revenue_share_type: 'direct', template: '1000.adsense.direct' });
    expect((await api.request({ method: 'GET', url: `/api/organizations/${org.id}`, as: admin })).json()).toEqual(org);
    const [entry] = await auditTrail(api.db, 'Organization', org.id);
    expect(entry.action).toBe('create');
    expect(entry.audited_changes).toMatchObject({ name: [null, 'Remit Media GmbH'], managing_directors: [null, [expect.objectContaining({ full_name: 'Maria Muster' })]] });
  });

  it('saves lists as a whole: entries keep their ids, may swap values, and leave when omitted', async () => {
    const org = (await create(organization({ number: '2000', wbs_codes: [{ contract_type: 'drm', revenue_share_type: 'red', template: 'DRM-RED' }] }))).json();
    expect(org.wbs_codes.find((w: { contract_type: string; revenue_share_type: string }) => w.contract_type === 'drm' && w.revenue_share_type === 'red').template).toBe('DRM-RED');
    const [de, en] = org.legal_imprints;
    const res = await put(org.id, {
      legal_imprints: [
        { id: de.id, locale: 'en', template: 'Imprint (was de)' },
        { id: en.id, locale: 'de', template: 'Impressum (war en)' },
      ],
      managing_directors: [{ full_name: 'Neue Chefin', email: 'chefin@remit.local' }],
      signers: [
        { ...org.signers[0], is_primary: true, is_secondary: true },
        { ...org.signers[1], is_primary: false, is_secondary: false },
        { user_id: admin.id, is_primary: false, is_secondary: true },
      ],
      wbs_codes: [{ contract_type: 'adsense', revenue_share_type: 'direct', template: 'ADS-DIR' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated.legal_imprints).toEqual([
      { id: de.id, locale: 'en', template: 'Imprint (was de)' },
      { id: en.id, locale: 'de', template: 'Impressum (war en)' },
    ]);
    expect(updated.managing_directors).toEqual([{ id: expect.any(Number), full_name: 'Neue Chefin', email: 'chefin@remit.local' }]);
    expect(updated.managing_directors[0].id).not.toBe(org.managing_directors[0].id);
    expect(updated.signers.map((s: { id: number; user_id: number }) => s.user_id)).toEqual([signerA.id, signerB.id, admin.id]);
    expect(updated.signers[0].id).toBe(org.signers[0].id);
    // WBS rows are known by their pair: the same 15 rows, ids kept, only the named template changed.
    expect(updated.wbs_codes.map((w: { id: number }) => w.id)).toEqual(org.wbs_codes.map((w: { id: number }) => w.id));
    expect(updated.wbs_codes[0].template).toBe('ADS-DIR');
    expect(updated.wbs_codes.filter((w: { template: string }, i: number) => w.template !== org.wbs_codes[i].template)).toHaveLength(1);
    const trail = await auditTrail(api.db, 'Organization', org.id);
    expect(trail.map((t) => t.action)).toEqual(['create', 'update']);
    expect(Object.keys(trail[1].audited_changes).sort()).toEqual(['legal_imprints', 'managing_directors', 'signers', 'wbs_codes']);
  });

  it('debtor accounts: IBAN and BIC checked as a vendor\'s, one per currency, saved as a list with audit entries', async () => {
    const org = (
      await create(
        organization({
          number: '2100',
          debtor_accounts: [{ currency: 'eur', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx', account_holder: 'Remit Media GmbH' }],
        }),
      )
    ).json();
    expect(org.debtor_accounts).toEqual([{ id: expect.any(Number), currency: 'EUR', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', account_holder: 'Remit Media GmbH' }]);

    const bad = await put(org.id, {
      debtor_accounts: [
        { currency: 'EUR', iban: 'DE89370400440532013001', bic: 'nope', account_holder: '' },
        { currency: 'EUR', iban: 'GB29NWBK60161331926819', bic: '', account_holder: 'Remit UK' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      debtor_accounts: { 0: { iban: ['invalid'], bic: ['invalid'], account_holder: ['blank'] }, 1: { currency: ['already_used'] } },
    });

    const res = await put(org.id, {
      debtor_accounts: [
        { ...org.debtor_accounts[0], account_holder: 'Remit Media GmbH (EUR)' },
        { currency: 'GBP', iban: 'GB29 NWBK 6016 1331 9268 19', bic: '', account_holder: 'Remit UK' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated.debtor_accounts.map((a: { currency: string; bic: string | null }) => [a.currency, a.bic])).toEqual([
      ['EUR', 'COBADEFFXXX'],
      ['GBP', null],
    ]);
    expect(updated.debtor_accounts[0].id).toBe(org.debtor_accounts[0].id);
    const trail = await auditTrail(api.db, 'OrganizationDebtorAccount', org.debtor_accounts[0].id);
    expect(trail.map((t) => t.action)).toEqual(['create', 'update']);
    expect(trail[1].audited_changes).toEqual({ account_holder: ['Remit Media GmbH', 'Remit Media GmbH (EUR)'] });
  });

  it('names every missing field of an empty form', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: {
        name: ['blank'],
        number: ['blank'],
        country_code: ['blank'],
        currency: ['blank'],
        city: ['blank'],
        postal_code: ['blank'],
        street: ['blank'],
        street_number: ['blank'],
        vendor_sources: { external: ['blank'], internal: ['blank'], network: ['blank'] },
        managing_directors: ['too_few'],
        signers: ['primary_or_secondary_signers_missing'],
      },
    });
  });

  it('checks formats, nested entries and the rules across fields', async () => {
    const res = await create(
      organization({
        country_code: 'XX',
        currency: 'EURO',
        color_primary: 'blue',
        color_accent: '#abcd',
        overridden_payment_type: 'cash',
        invoice_emails: ['ok@remit.local', 'nope'],
        payment_due_interval_length: -1,
        payment_due_interval_unit: 'w',
        vendor_sources: { external: '12', internal: 'abc', network: '1234' },
        managing_directors: [{ full_name: '', email: 'maria' }],
        legal_imprints: [
          { locale: 'de', template: 'A' },
          { locale: 'de', template: 'B' },
          { locale: 'xx', template: '' },
        ],
        wbs_codes: [{ contract_type: 'film', revenue_share_type: 'direct', template: ' ' }],
      }),
    );
    expect(res.json()).toEqual({
      errors: {
        country_code: ['invalid'],
        currency: ['invalid'],
        color_primary: ['invalid'],
        color_accent: ['invalid'],
        overridden_payment_type: ['invalid'],
        invoice_emails: { 1: ['invalid'] },
        payment_due_interval_length: ['greater_than_or_equal_to'],
        payment_due_interval_unit: ['invalid'],
        vendor_sources: { external: ['invalid'], internal: ['invalid'], network: ['invalid'] },
        managing_directors: { 0: { full_name: ['blank'], email: ['invalid'] } },
        legal_imprints: { 1: { locale: ['already_used'] }, 2: { locale: ['invalid'], template: ['blank'] } },
        wbs_codes: { 0: { contract_type: ['invalid'], template: ['blank'] } },
      },
    });
    expect((await create(organization({ payment_due_interval_unit: '' }))).json()).toEqual({ errors: { payment_due_interval_unit: ['blank'] } });
    expect((await create(organization({ payment_due_interval_length: null }))).json()).toEqual({ errors: { payment_due_interval_length: ['blank'] } });
    expect((await create(organization({ number: '3000', payment_due_interval_length: '', payment_due_interval_unit: '' }))).statusCode).toBe(201);
  });

  it('four_eyes: on for a new organization, switched off and on by the form, kept when an update leaves it out, refused when not a boolean', async () => {
    const created = (await create(organization({ number: '4100' }))).json();
    expect(created.four_eyes).toBe(true);
    const off = await put(created.id, organization({ number: '4100', four_eyes: false, lock_version: created.lock_version }));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().four_eyes).toBe(false);
    const kept = await put(created.id, organization({ number: '4100', name: 'Renamed', lock_version: off.json().lock_version }));
    expect([kept.statusCode, kept.json().four_eyes]).toEqual([200, false]);
    expect((await create(organization({ number: '4101', four_eyes: 'maybe' }))).statusCode).toBe(422);
  });

  it('needs a primary and a secondary signer in two entries, each an existing user once', async () => {
    const missing = { errors: { signers: ['primary_or_secondary_signers_missing'] } };
    expect((await create(organization({ signers: [{ user_id: signerA.id, is_primary: true, is_secondary: true }] }))).json()).toEqual(missing);
    expect(
      (
        await create(
          organization({
            signers: [
              { user_id: signerA.id, is_primary: true },
              { user_id: signerB.id, is_primary: true },
            ],
          }),
        )
      ).json(),
    ).toEqual(missing);
    expect(
      (
        await create(
          organization({
            signers: [
              { user_id: signerA.id, is_primary: true },
              { user_id: signerA.id, is_secondary: true },
            ],
          }),
        )
      ).json(),
    ).toEqual({ errors: { signers: { 1: { user_id: ['already_used'] } } } });
    expect(
      (
        await create(
          organization({
            signers: [
              { user_id: 999999, is_primary: true },
              { user_id: signerB.id, is_secondary: true },
            ],
          }),
        )
      ).json(),
    ).toEqual({ errors: { signers: { 0: { user_id: ['invalid'] } } } });
    expect((await create(organization({ signers: [{ is_primary: true }, { user_id: signerB.id, is_secondary: true }] }))).json()).toEqual({
      errors: { signers: { 0: { user_id: ['blank'] } } },
    });
  });

  it('keeps numbers unique and refuses foreign list entry ids', async () => {
    await create(organization({ number: 'U-1' }));
    expect((await create(organization({ number: 'u-1' }))).json()).toEqual({ errors: { number: ['already_used'] } });
    const other = (await create(organization({ number: 'U-2' }))).json();
    const first = (await api.request({ method: 'GET', url: '/api/organizations?q=U-1', as: admin })).json().entries[0];
    const res = await put(other.id, { managing_directors: [{ id: first.managing_directors[0].id, full_name: 'Thief', email: 'thief@remit.local' }] });
    expect(res.json()).toEqual({ errors: { managing_directors: { 0: { id: ['invalid'] } } } });
  });

  it('takes multipart forms with a logo, serves the logo, replaces and removes it', async () => {
    const form = await multipart(formFields(organization({ number: 'M-1', managing_directors: [{ full_name: 'Form Poster', email: 'form@remit.local' }] })), { data: PNG, type: 'image/png' });
    const res = await api.request({ method: 'POST', url: '/api/organizations', ...form, as: admin });
    expect(res.statusCode, res.body).toBe(201);
    const org = res.json();
    expect(org).toMatchObject({
      number: 'M-1',
      payment_due_interval_length: 30,
      signers: [{ user_id: signerA.id, is_primary: true, is_secondary: false }, { user_id: signerB.id, is_primary: false, is_secondary: true }],
      invoice_emails: ['invoices@remit.local'],
    });
    expect(org.logo_url).toMatch(new RegExp(`^/api/organizations/${org.id}/logo\\?v=[0-9a-f]{12}$`));
    const reader = await api.user([]);
    const logo = await api.request({ method: 'GET', url: org.logo_url, as: reader });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    expect((await api.request({ method: 'GET', url: org.logo_url })).statusCode).toBe(401);
    expect(storedFiles()).toHaveLength(1);

    const notImage = await multipart([['organization[name]', 'x']], { data: Buffer.from('just text'), type: 'image/png' });
    const refused = await api.request({ method: 'PUT', url: `/api/organizations/${org.id}`, ...notImage, as: admin });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { logo: ['invalid'] } });
    const huge = await multipart([], { data: Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), type: 'image/png' });
    expect((await api.request({ method: 'PUT', url: `/api/organizations/${org.id}`, ...huge, as: admin })).json()).toEqual({ errors: { logo: ['too_large'] } });

    const other = Buffer.concat([PNG, Buffer.from('another')]);
    const replaced = await api.request({ method: 'PUT', url: `/api/organizations/${org.id}`, ...(await multipart([['organization[name]', 'Renamed']], { data: other, type: 'image/png' })), as: admin });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ name: 'Renamed', managing_directors: [{ full_name: 'Form Poster' }] });
    expect(replaced.json().logo_url).not.toBe(org.logo_url);
    expect((await api.request({ method: 'GET', url: replaced.json().logo_url, as: reader })).rawPayload.equals(other)).toBe(true);
    expect(storedFiles()).toHaveLength(1);

    const removed = await put(org.id, { remove_logo: true });
    expect(removed.json().logo_url).toBeNull();
    expect(storedFiles()).toHaveLength(0);
    expect((await api.request({ method: 'GET', url: `/api/organizations/${org.id}/logo`, as: reader })).statusCode).toBe(404);
  });

  it('an emptied list sent as multipart by the form kit (toFormData) removes the stored rows', async () => {
    const org = (await create(organization({ number: 'E-1' }))).json();
    expect(org.legal_imprints).toHaveLength(2);
    const values = { ...organization({ number: 'E-1' }), legal_imprints: [], invoice_emails: [], logo: new Blob([new Uint8Array(PNG)], { type: 'image/png' }) };
    const request = new Request('http://localhost/', { method: 'POST', body: toFormData('organization', values) });
    const body = { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
    const saved = await api.request({ method: 'PUT', url: `/api/organizations/${org.id}`, ...body, as: admin });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().legal_imprints).toEqual([]);
    expect(saved.json().invoice_emails).toEqual([]);
    expect(saved.json().logo_url).not.toBeNull();
    expect((await api.request({ method: 'GET', url: `/api/organizations/${org.id}`, as: admin })).json().legal_imprints).toEqual([]);
    expect((await api.request({ method: 'DELETE', url: `/api/organizations/${org.id}`, as: admin })).statusCode).toBeLessThan(300);
  });

  it('deletes an organization with its lists and logo; a signer cannot be deleted as a user', async () => {
    const form = await multipart(formFields(organization({ number: 'D-1' })), { data: PNG, type: 'image/png' });
    const org = (await api.request({ method: 'POST', url: '/api/organizations', ...form, as: admin })).json();
    expect(storedFiles()).toHaveLength(1);
    const inUse = await api.request({ method: 'DELETE', url: `/api/users/${signerA.id}`, as: admin });
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json()).toEqual({ errors: { base: ['in_use'] } });
    expect((await api.request({ method: 'DELETE', url: `/api/organizations/${org.id}`, as: admin })).statusCode).toBe(204);
    expect(storedFiles()).toHaveLength(0);
    expect(await api.db.selectFrom('organization_wbs_codes').select('id').where('organization_id', '=', org.id).execute()).toEqual([]);
    expect((await auditTrail(api.db, 'Organization', org.id)).map((t) => t.action)).toEqual(['create', 'destroy']);
  });

  it('lists searched, sorted and paged; init data names them; admins only', async () => {
    await api.db.deleteFrom('organizations').execute();
    await create(organization({ name: 'Zeta Ltd', number: 'Z', country_code: 'GB', currency: 'GBP', city: 'London' }));
    await create(organization({ name: 'Alpha GmbH', number: 'A' }));
    await create(organization({ name: 'Mid AG', number: 'M', country_code: 'CH', currency: 'CHF', city: 'Zürich' }));
    const list = (await api.request({ method: 'GET', url: '/api/organizations?sort_by=name&sort_direction=desc&s=2&p=1', as: admin })).json();
    expect(list).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(list.entries.map((o: { name: string }) => o.name)).toEqual(['Zeta Ltd', 'Mid AG']);
    expect((await api.request({ method: 'GET', url: '/api/organizations?q=london', as: admin })).json().entries.map((o: { name: string }) => o.name)).toEqual(['Zeta Ltd']);
    expect((await api.request({ method: 'GET', url: '/api/organizations?filter[currency]=CHF', as: admin })).json().total).toBe(1);
    expect((await api.request({ method: 'GET', url: '/api/organizations?sort_by=logo_key', as: admin })).json()).toEqual({ errors: { sort_by: ['invalid'] } });
    expect((await api.request({ method: 'GET', url: '/api/organizations?filter[name]=x', as: admin })).json()).toEqual({ errors: { 'filter[name]': ['invalid'] } });

    const user = await api.user(['payments']);
    const data = (await api.request({ method: 'GET', url: '/config/data', as: user })).json();
    expect(data.organizations.map((o: { name: string; country_code: string }) => [o.name, o.country_code])).toEqual([
      ['Alpha GmbH', 'DE'],
      ['Mid AG', 'CH'],
      ['Zeta Ltd', 'GB'],
    ]);
    expect((await api.request({ method: 'GET', url: '/api/organizations', as: user })).statusCode).toBe(403);
    expect((await api.request({ method: 'POST', url: '/api/organizations', payload: { organization: organization() }, as: user })).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: '/api/organizations' })).statusCode).toBe(401);
    expect((await api.request({ method: 'GET', url: '/api/organizations/999999', as: admin })).statusCode).toBe(404);
  });
});
