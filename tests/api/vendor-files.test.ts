import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { inferSchema, initParser } from 'udsv';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVendorFile, VENDOR_FILE_JOB } from '../../src/server/modules/vendor-files/job.js';
import { CSV_COLUMNS } from '../../src/server/modules/vendor-files/csv.js';
import { firstOfMonth } from '../../src/shared/validation/vendor-files.js';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;
let filesUser: TestUser;
let vendorsUser: TestUser;
let orgId: number;
let otherOrgId: number;
let bankId: number;
const month = firstOfMonth(new Date());

const PDF = Buffer.from('%PDF-1.4\n% confirmation\n%%EOF\n');

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

function vendor(name: string, email: string, overrides: Record<string, unknown> = {}) {
  return {
    organization_id: orgId,
    name,
    type: 'company',
    language: 'de',
    contacts: [{ first_name: 'Ana', last_name: 'Lopez', emails: [{ email, can_sign: true }], phone_numbers: [], skype_accounts: [], facebook_accounts: [] }],
    address: { country_code: 'DE', city: 'Köln', postal_code: '50667', street: 'Hohe Straße', street_number: '1' },
    tax_info: { eu_tax_id: 'DE136695976', vat_percentage: '19', is_personally_liable: false },
    payment_methods: [{ type: 'bank', is_sepa: true, account_holder: name, iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' }],
    ...overrides,
  };
}

async function createVendor(v: Record<string, unknown>) {
  const res = await api.request({ method: 'POST', url: '/api/vendors', payload: { vendor: v }, as: admin });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; full_number: string };
}

/** Confirms a vendor the way an admin does: a save with the confirmation document (a pdf). */
async function confirm(id: number) {
  const form = new FormData();
  form.append('vendor[valid_from]', month);
  form.append('vendor[confirmation_document]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'confirmation.pdf');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await api.request({
    method: 'PUT',
    url: `/api/vendors/${id}`,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
    as: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const createAll = (payload: unknown, as = filesUser) => api.request({ method: 'POST', url: '/api/vendor_files/create_all', payload: payload as Record<string, unknown>, as });
const list = (query = '', as = filesUser) => api.request({ method: 'GET', url: `/api/vendor_files${query}`, as });

/** CSV text into rows of fields (the file quotes only where needed; these values hold no quotes). */
const parseCsv = (text: string) => text.trimEnd().split('\r\n').map((line) => line.split(','));

let klangwerk: { id: number; full_number: string };
let payee: { id: number; full_number: string };

beforeAll(async () => {
  admin = await api.user(['admin']);
  filesUser = await api.user(['vendor_files']);
  vendorsUser = await api.user(['vendors']);
  orgId = await organization('VF-1');
  otherOrgId = await organization('VF-2');
  bankId = (
    await api.db
      .insertInto('banks')
      .values({ name: 'Sparkasse Köln', street: 'Hahnenstraße 57', postal_code: '50667', city: 'Köln', country_code: 'DE', bic: 'COLSDE33', bank_key: '37050198' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // In the month: a confirmed company (a confirmation document) and a new vendor with a non-SEPA account.
  klangwerk = await createVendor(vendor('Klangwerk GmbH', 'ana@klangwerk.example'));
  await confirm(klangwerk.id);
  payee = await createVendor(
    vendor('Nordlicht Verlag', 'nina@nordlicht.example', {
      payment_methods: [{ type: 'bank', is_sepa: false, account_holder: 'Nordlicht Verlag', account_number: '1234 5678', bank_id: bankId, sap_partner_type: 'ZB' }],
    }),
  );
  // Not in the file: a vendor of another organization, and one last changed a year ago.
  await createVendor(vendor('Elsewhere AG', 'e@elsewhere.example', { organization_id: otherOrgId }));
  const old = await createVendor(vendor('Altbestand KG', 'a@altbestand.example'));
  await sql`UPDATE vendors SET created_at = now() - interval '1 year', updated_at = now() - interval '1 year' WHERE id = ${old.id}`.execute(api.db);
});

describe('POST /api/vendor_files/create_all', () => {
  it('schedules one job per organization and writes the CSV and the confirmation documents', async () => {
    const res = await createAll({ month, organization_ids: [orgId, otherOrgId] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'scheduled', month, organization_ids: [orgId, otherOrgId] });
    await api.settled();

    const files = (await list(`?filter[organization_id]=${orgId}&filter[month]=${month}`)).json();
    expect(files).toMatchObject({ total: 1, jobs_pending: false, pending_organization_ids: [] });
    const file = files.entries[0];
    expect(file).toMatchObject({
      organization_id: orgId,
      organization: { id: orgId, name: 'Org VF-1', number: 'VF-1' },
      month,
      vendor_count: 2,
      file_url: `/api/vendor_files/${file.id}/file`,
      confirmation_documents_file_url: `/api/vendor_files/${file.id}/confirmation_documents`,
    });

    const csv = await api.request({ method: 'GET', url: file.file_url, as: filesUser });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="vendor-file-VF-1-${month.slice(0, 7)}.csv"`);
    // The digest is the SHA-256 of exactly the bytes downloaded.
    expect(file.digest).toBe(createHash('sha256').update(csv.rawPayload).digest('hex'));

    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual([...CSV_COLUMNS]);
    const byNumber = new Map(rows.map((r) => [r[0], Object.fromEntries(header.map((h, i) => [h, r[i]]))]));
    expect([...byNumber.keys()]).toEqual([klangwerk.full_number, payee.full_number]);
    expect(byNumber.get(klangwerk.full_number)).toMatchObject({
      name: 'Klangwerk GmbH',
      type: 'company',
      state: 'confirmed',
      valid_from: month,
      street: 'Hohe Straße',
      postal_code: '50667',
      city: 'Köln',
      country_code: 'DE',
      eu_tax_id: 'DE136695976',
      vat_percentage: '19',
      withholding_tax_percentage: '0',
      payment_method: 'bank',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      account_number: '',
    });
    expect(byNumber.get(payee.full_number)).toMatchObject({ state: 'new', iban: '', account_number: '12345678', bank_key: '37050198', sap_partner_type: 'ZB' });

    const zip = await api.request({ method: 'GET', url: file.confirmation_documents_file_url, as: filesUser });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(zip.rawPayload.includes(PDF)).toBe(true);
    expect(zip.rawPayload.toString('latin1')).toContain(`${klangwerk.full_number}-`);

    // The other organization's file holds its own vendor only, and no documents.
    const other = (await list(`?filter[organization_id]=${otherOrgId}`)).json().entries[0];
    expect(other).toMatchObject({ vendor_count: 1, confirmation_documents_file_url: null });
    expect((await api.request({ method: 'GET', url: `/api/vendor_files/${other.id}/confirmation_documents`, as: filesUser })).statusCode).toBe(404);

    const trail = await auditTrail(api.db, 'VendorFile', file.id);
    expect(trail[0]).toMatchObject({ action: 'create', user_id: filesUser.id });
  });

  it('makes one file per organization and month however often it runs', async () => {
    const before = (await list(`?filter[organization_id]=${orgId}&filter[month]=${month}`)).json().entries[0];
    expect((await createAll({ month, organization_ids: [orgId] })).statusCode).toBe(202);
    expect((await createAll({ month, organization_ids: [orgId] })).statusCode).toBe(202);
    await api.settled();
    // and the job's work run twice more directly (a retry after a crash)
    await makeVendorFile(api.ctx, { organization_id: orgId, month, user_id: null });
    const id = await makeVendorFile(api.ctx, { organization_id: orgId, month, user_id: null });
    const rows = await api.db.selectFrom('vendor_files').select(['id', 'digest', 'file_key']).where('organization_id', '=', orgId).where('month', '=', month).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(before.id);
    expect(id).toBe(before.id);
    // same vendors, same bytes
    expect(rows[0].digest).toBe(before.digest);
    // replaced files are gone: only the current CSV of this row is stored
    await expect(api.ctx.storage.read(rows[0].file_key)).resolves.toBeInstanceOf(Buffer);
    const jobs = await api.db.selectFrom('job_links').select('state').where('name', '=', VENDOR_FILE_JOB).execute();
    expect(jobs.every((j) => j.state === 'completed')).toBe(true);
  });

  it('refuses a future month, a day other than the first, no organization and an unknown one', async () => {
    const next = new Date();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const future = await createAll({ month: firstOfMonth(next), organization_ids: [orgId] });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toEqual({ errors: { month: ['in_future'] } });
    expect((await createAll({ month: `${month.slice(0, 8)}15`, organization_ids: [orgId] })).json()).toEqual({ errors: { month: ['invalid'] } });
    expect((await createAll({ month: '', organization_ids: [] })).json()).toEqual({ errors: { month: ['blank'], organization_ids: ['too_few'] } });
    expect((await createAll({ month, organization_ids: [orgId, 999_999] })).json()).toEqual({ errors: { organization_ids: ['invalid'] } });
    expect((await createAll({ month, organization_ids: 'x' })).statusCode).toBe(422);
    // wrapped under the resource name too
    expect((await createAll({ vendor_file: { month: '2020-01-05', organization_ids: [orgId] } })).json()).toEqual({ errors: { month: ['invalid'] } });
  });
});

describe('roles (spec 2, 6)', () => {
  it('lets vendor_files and admin list, create and download; only admin deletes', async () => {
    expect((await list('', vendorsUser)).statusCode).toBe(403);
    expect((await createAll({ month, organization_ids: [orgId] }, vendorsUser)).statusCode).toBe(403);
    expect((await list('', admin)).statusCode).toBe(200);
    const file = (await list(`?filter[organization_id]=${otherOrgId}`)).json().entries[0];
    expect((await api.request({ method: 'GET', url: file.file_url, as: vendorsUser })).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: `/api/vendor_files/${file.id}`, as: filesUser })).json()).toMatchObject({ id: file.id });
    expect((await api.request({ method: 'DELETE', url: `/api/vendor_files/${file.id}`, as: filesUser })).statusCode).toBe(403);

    const key = (await api.db.selectFrom('vendor_files').select('file_key').where('id', '=', file.id).executeTakeFirstOrThrow()).file_key;
    expect((await api.request({ method: 'DELETE', url: `/api/vendor_files/${file.id}`, as: admin })).statusCode).toBe(204);
    expect((await api.request({ method: 'GET', url: file.file_url, as: filesUser })).statusCode).toBe(404);
    await expect(api.ctx.storage.read(key)).rejects.toThrow();
    expect((await auditTrail(api.db, 'VendorFile', file.id)).at(-1)).toMatchObject({ action: 'destroy', user_id: admin.id });
  });
});

describe('GET /api/vendor_files', () => {
  it('sorts, pages, filters by month and says which organizations still have files being made', async () => {
    const sorted = (await list('?sort_by=organization&sort_direction=asc&s=1')).json();
    expect(sorted).toMatchObject({ page: 1, size: 1, total: 1 });
    expect((await list('?filter[month]=2020-01-01')).json()).toMatchObject({ total: 0, entries: [] });
    expect((await list('?sort_by=digest')).statusCode).toBe(422);

    // A job that has not run yet (held for an hour) makes its organization pending.
    await api.ctx.jobs.send(api.db, VENDOR_FILE_JOB, { organization_id: otherOrgId, month, user_id: null }, {
      entity: { type: 'VendorFileOrganization', id: otherOrgId },
      startAfter: new Date(Date.now() + 3_600_000),
    });
    expect((await list()).json()).toMatchObject({ jobs_pending: true, pending_organization_ids: [otherOrgId] });
    await sql`DELETE FROM pgboss.job WHERE name = ${VENDOR_FILE_JOB} AND state = 'created'`.execute(api.db);
    expect((await list()).json()).toMatchObject({ jobs_pending: false });
  });
});

describe('the CSV and spreadsheet formulas', () => {
  it('writes a vendor named like a formula as text, and keeps numbers numbers', async () => {
    const formula = '=HYPERLINK("http://evil.example","x")';
    const guardedOrgId = await organization('VF-3');
    const named = await createVendor(vendor(formula, 'f@formula.example', { organization_id: guardedOrgId }));
    expect((await createAll({ month, organization_ids: [guardedOrgId] })).statusCode).toBe(202);
    await api.settled();
    const file = (await list(`?filter[organization_id]=${guardedOrgId}`)).json().entries[0];
    const csv = await api.request({ method: 'GET', url: file.file_url, as: filesUser });
    const schema = inferSchema(csv.body);
    expect(schema.cols.map((c) => c.name)).toEqual([...CSV_COLUMNS]);
    const rows = initParser(schema).stringArrs(csv.body).map((r) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, r[i]])));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ number: named.full_number, name: `'${formula}`, account_holder: `'${formula}`, vat_percentage: '19' });
  });
});
