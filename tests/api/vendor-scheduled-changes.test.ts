import { beforeAll, describe, expect, it } from 'vitest';
import { vendorFileContent } from '../../src/server/modules/vendor-files/queries.js';
import { APPLY_ACTION, applyDueChanges } from '../../src/server/modules/vendors/scheduled-changes.js';
import { addInterval, dateIn } from '../../src/shared/time-zone.js';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';
import { organizationValues } from '../support/records.js';

/**
 * Issue 24, item 2 (DOMAIN.md "Vendors": the changes apply from `valid_from`): a change confirmed with a
 * `valid_from` after today waits for that day. Until then the vendor keeps its data (payments and the
 * month's vendor file read it) and is read-only; on that day, where its organization is, the change
 * applies, audited by the admin who confirmed it, and the vendor file of that month carries it with its
 * confirmation document.
 */
const api = setupApi();
let admin: TestUser;
let staff: TestUser;
let orgId: number;

const PDF = Buffer.from('%PDF-1.4\n% confirmation\n%%EOF\n');
const OLD_IBAN = 'DE89370400440532013000';
const NEW_IBAN = 'GB29NWBK60161331926819';
// Today and the first day of next month where the organization is (Europe/Berlin, the default).
const today = dateIn('Europe/Berlin');
const thisMonth = `${today.slice(0, 8)}01`;
const nextMonth = addInterval(thisMonth, 1, 'm');
// 00:30 on the first of next month in Berlin (UTC+1 in winter, +2 in summer): still the month before in UTC.
const nextMonthInBerlin = new Date(Date.parse(`${nextMonth}T00:30:00+01:00`) - (isSummer(nextMonth) ? 3_600_000 : 0));

function isSummer(day: string): boolean {
  const noon = new Date(`${day}T12:00:00Z`);
  return new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'short' }).format(noon).includes('GMT+2');
}

async function multipart(fields: [string, string][], pdf = true) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  if (pdf) form.append(fields[0]?.[0].startsWith('vendor[') ? 'vendor[confirmation_document]' : 'confirmation_document', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'confirmation.pdf');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

const put = (id: number, v: Record<string, unknown>, as = staff) => api.request({ method: 'PUT', url: `/api/vendors/${id}`, payload: { vendor: v }, as });
const get = async (id: number) => (await api.request({ method: 'GET', url: `/api/vendors/${id}`, as: staff })).json();
const confirmRequest = async (id: number, validFrom: string) =>
  api.request({ method: 'POST', url: `/api/vendors/${id}/change_request/confirm`, ...(await multipart([['valid_from', validFrom]])), as: admin });

async function confirmedVendor(name: string) {
  const created = await api.request({
    method: 'POST',
    url: '/api/vendors',
    as: staff,
    payload: {
      vendor: {
        organization_id: orgId,
        name,
        type: 'company',
        language: 'de',
        contacts: [{ first_name: 'Ana', last_name: 'Lopez', emails: [{ email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`, can_sign: true }], phone_numbers: [], skype_accounts: [], facebook_accounts: [] }],
        address: { country_code: 'DE', city: 'Köln', postal_code: '50667', street: 'Hohe Straße', street_number: '1' },
        tax_info: { eu_tax_id: 'DE136695976', vat_percentage: '19', is_personally_liable: false },
        payment_methods: [{ type: 'bank', is_sepa: true, account_holder: name, iban: OLD_IBAN, bic: 'COBADEFFXXX' }],
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const confirmed = await api.request({ method: 'PUT', url: `/api/vendors/${id}`, ...(await multipart([['vendor[valid_from]', '2026-01-01']])), as: admin });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json();
}

/** Asks for a new IBAN from `validFrom`: a change request, pending. */
async function requestNewIban(v: { id: number; payment_methods: { id: number }[] }, validFrom: string) {
  const res = await put(v.id, { payment_methods: [{ ...v.payment_methods[0], iban: NEW_IBAN, bic: 'NWBKGB2L' }], valid_from: validFrom });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().change_request_changes).toMatchObject({ agreement_status: 'pending', valid_from: validFrom });
}

beforeAll(async () => {
  admin = await api.user(['admin']);
  staff = await api.user(['vendors']);
  const org = await api.db
    .insertInto('organizations')
    .values(organizationValues({ name: 'Org scheduled', number: 'SCH-1', vendor_source_prefix_external: '100', vendor_source_prefix_internal: '200', vendor_source_prefix_network: '300' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  orgId = org.id;
});

describe('a change confirmed for a later day', () => {
  it('waits for its day: the vendor keeps its data, is read-only and off the confirmation tab; then it applies, audited', async () => {
    const v = await confirmedVendor('Studio Later');
    await requestNewIban(v, nextMonth);
    const confirmed = await confirmRequest(v.id, nextMonth);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      readonly: true,
      valid_from: '2026-01-01',
      change_request_changes: { agreement_status: 'confirmed', valid_from: nextMonth },
      payment_methods: [{ iban: OLD_IBAN }],
    });
    expect(confirmed.json().documents).toHaveLength(2);

    // Confirmed already, and still read-only; nobody has to act on it meanwhile.
    expect((await confirmRequest(v.id, nextMonth)).json()).toEqual({ errors: { base: ['ineligible'] } });
    expect((await put(v.id, { name: 'Edited meanwhile' })).json()).toEqual({ errors: { base: ['read_only'] } });
    const pending = (await api.request({ method: 'GET', url: '/api/vendors?list=confirmation_pending&s=100', as: staff })).json();
    expect(pending.entries.map((e: { id: number }) => e.id)).not.toContain(v.id);

    // This month's vendor file has the vendor's data as it is, not the change, nor its document.
    const now = await vendorFileContent(api.db, orgId, thisMonth);
    expect(now.vendors.find((x) => x.name === 'Studio Later')?.payment_methods.map((m) => m.iban)).toEqual([OLD_IBAN]);
    expect(now.documents).toHaveLength(1);

    // Not before its day where the organization is; on it (still the day before in UTC), once.
    expect(await applyDueChanges(api.db, new Date(nextMonthInBerlin.getTime() - 3_600_000), [v.id])).toEqual({ applied: 0, failed: 0 });
    // Two workers at once (the hourly job and a payment run's): one applies it, the other finds it done.
    const both = await Promise.all([applyDueChanges(api.db, nextMonthInBerlin, [v.id]), applyDueChanges(api.db, nextMonthInBerlin, [v.id])]);
    expect(both.map((r) => r.applied).sort()).toEqual([0, 1]);
    expect(both.map((r) => r.failed)).toEqual([0, 0]);
    expect(await applyDueChanges(api.db, nextMonthInBerlin, [v.id])).toEqual({ applied: 0, failed: 0 });

    const after = await get(v.id);
    expect(after).toMatchObject({ readonly: false, valid_from: nextMonth, change_request_changes: null, payment_methods: [{ id: v.payment_methods[0].id, iban: NEW_IBAN }] });
    const trail = await auditTrail(api.db, 'Vendor', v.id);
    const last = trail.at(-1)!;
    expect(last).toMatchObject({ action: APPLY_ACTION, user_id: admin.id });
    expect(trail.filter((t) => t.action === APPLY_ACTION)).toHaveLength(1);
    expect(JSON.stringify(last.audited_changes)).toContain(NEW_IBAN);

    // Next month's vendor file carries the change with its confirmation document.
    const then = await vendorFileContent(api.db, orgId, nextMonth);
    expect(then.vendors.find((x) => x.name === 'Studio Later')).toMatchObject({ valid_from: nextMonth, payment_methods: [{ iban: NEW_IBAN }] });
    expect(then.documents).toHaveLength(1);
  });

  it('applies at once when its day has come, as before', async () => {
    const v = await confirmedVendor('Studio Today');
    await requestNewIban(v, today);
    const confirmed = await confirmRequest(v.id, today);
    expect(confirmed.json()).toMatchObject({ readonly: false, valid_from: today, change_request_changes: null, payment_methods: [{ iban: NEW_IBAN }] });
  });

  it('an admin saving with a document and a later day schedules the change; cancelling it keeps the vendor as it was', async () => {
    const v = await confirmedVendor('Studio Direct');
    const saved = await api.request({ method: 'PUT', url: `/api/vendors/${v.id}`, ...(await multipart([['vendor[name]', 'Studio Direct Renamed'], ['vendor[valid_from]', nextMonth]])), as: admin });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Studio Direct', readonly: true, change_request_changes: { agreement_status: 'confirmed', valid_from: nextMonth, changes: { name: ['Studio Direct', 'Studio Direct Renamed'] } } });

    const cancelled = await api.request({ method: 'DELETE', url: `/api/vendors/${v.id}/change_request`, as: staff });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ name: 'Studio Direct', readonly: false, change_request_changes: null });
    expect(await applyDueChanges(api.db, nextMonthInBerlin, [v.id])).toEqual({ applied: 0, failed: 0 });
    expect((await get(v.id)).name).toBe('Studio Direct');
  });

  it('a change that can no longer be written stays waiting and the others apply', async () => {
    const bank = await api.db.insertInto('banks').values({ name: 'Gone Bank', street: 'Weg 1', postal_code: '10115', city: 'Berlin', country_code: 'DE', bank_key: '99999999' }).returning('id').executeTakeFirstOrThrow();
    const a = await confirmedVendor('Studio Clash A');
    const moved = await put(a.id, { payment_methods: [{ type: 'bank', is_sepa: false, account_holder: 'A', account_number: '12345678', bank_id: bank.id }], valid_from: nextMonth });
    expect(moved.json().change_request_changes).toMatchObject({ agreement_status: 'pending' });
    expect((await confirmRequest(a.id, nextMonth)).statusCode).toBe(200);
    // Meanwhile the bank of the new account is deleted: the change cannot be written on its day.
    await api.db.deleteFrom('banks').where('id', '=', bank.id).execute();
    const c = await confirmedVendor('Studio Clash C');
    const saved = await api.request({ method: 'PUT', url: `/api/vendors/${c.id}`, ...(await multipart([['vendor[name]', 'Studio Clash C2'], ['vendor[valid_from]', nextMonth]])), as: admin });
    expect(saved.statusCode).toBe(200);

    expect(await applyDueChanges(api.db, nextMonthInBerlin, [a.id, c.id])).toEqual({ applied: 1, failed: 1 });
    expect(await get(a.id)).toMatchObject({ readonly: true, change_request_changes: { agreement_status: 'confirmed' }, payment_methods: [{ iban: OLD_IBAN }] });
    expect((await get(c.id)).name).toBe('Studio Clash C2');
  });
});
