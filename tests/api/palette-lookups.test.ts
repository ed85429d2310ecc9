import { beforeAll, describe, expect, it } from 'vitest';
import { insertPayment, paymentParty, type PaymentParty } from '../support/payment-fixtures.js';
import { setupApi, type TestUser } from '../support/api.js';

// GET /api/{payments,vendors,contracts}/palette (issue 27): the palette's bounded lookups find a record by
// each field they search and answer at most five rows.
const api = setupApi();
let party: PaymentParty;
let staff: TestUser;
const payments: number[] = [];
const vendors: number[] = [];
const contracts: number[] = [];

beforeAll(async () => {
  staff = await api.user(['payments']);
  party = await paymentParty(api.db, { orgName: 'Palettenwerk Search GmbH', vendorName: 'Ulla Paletti' });
  for (let i = 0; i < 7; i++) payments.push(await insertPayment(api.db, party, { amount: `${i + 1}.00` }));
  for (let i = 0; i < 7; i++) {
    const v = await api.db
      .insertInto('vendors')
      .values({ organization_id: party.org, number: 424240 + i, name: `Zorabel Quintessa ${i}`, type: 'company' })
      .returning('id')
      .executeTakeFirstOrThrow();
    vendors.push(v.id);
  }
  for (let i = 0; i < 6; i++) {
    const c = await api.db
      .insertInto('contracts')
      .values({ organization_id: party.org, contract_type: 'drm', currency: 'EUR', start_date: '2021-01-01', state: 'draft', credit_note_type: 'short' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    contracts.push(c.id);
  }
  await api.db.insertInto('contract_vendors').values({ contract_id: contracts[0], vendor_id: vendors[3], share_percentage: '100' }).execute();
});

const find = async <T extends { id: number }>(kind: string, q: string, as = staff): Promise<T[]> => {
  const res = await api.request({ method: 'GET', url: `/api/${kind}/palette?q=${encodeURIComponent(q)}`, as });
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json() as T[];
  expect(rows.length).toBeLessThanOrEqual(5);
  return rows;
};
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('GET /api/payments/palette', () => {
  it('finds a payment by id, reference, its number, the start and a part of the reference; five at most', async () => {
    const { reference } = await api.db.selectFrom('payments').select('reference').where('id', '=', payments[2]).executeTakeFirstOrThrow();
    expect(await find('payments', reference.toLowerCase())).toEqual([
      { id: payments[2], reference, total_amount: '3.00', currency: 'EUR', vendor: { id: party.vendor, name: 'Ulla Paletti' } },
    ]);
    expect(ids(await find('payments', reference.replace(/^P0*/, '')))[0]).toBe(payments[2]);
    expect(ids(await find('payments', String(payments[2])))).toContain(payments[2]);
    const start = await find<{ id: number; reference: string }>('payments', reference.slice(0, -1));
    expect(start.every((p) => p.reference.startsWith(reference.slice(0, -1)))).toBe(true);
    expect(ids(await find('payments', reference.slice(-4)))).toContain(payments[2]);
    // Seven payments and more start with `P0`: five answer.
    expect(await find('payments', 'P0')).toHaveLength(5);
  });
});

describe('GET /api/vendors/palette', () => {
  it('finds a vendor by id, number, full number, the start of its name (any case) and a part of it; five at most', async () => {
    const [byId] = await find<{ id: number; full_number: string }>('vendors', String(vendors[1]));
    expect(byId.id).toBe(vendors[1]);
    expect(ids(await find('vendors', '424241'))).toEqual([vendors[1]]);
    expect(byId.full_number).toBe('300424241');
    expect(ids(await find('vendors', '300424241'))).toEqual([vendors[1]]);
    expect(ids(await find('vendors', 'zorabel quintessa 4'))).toEqual([vendors[4]]);
    expect(ids(await find('vendors', 'ZO'))).toEqual(vendors.slice(0, 5));
    expect(ids(await find('vendors', 'uintessa 6'))).toEqual([vendors[6]]);
    expect(ids(await find('vendors', '42424'))).toHaveLength(5);
    expect(await find('vendors', 'nobody by that name')).toEqual([]);
  });
});

describe('GET /api/contracts/palette', () => {
  it('finds a contract by id (also as #id), by its organization and by its vendors, newest first; five at most', async () => {
    const [byId] = await find<{ id: number; label: string; organization: { name: string } }>('contracts', `#${contracts[2]}`);
    expect(byId).toMatchObject({ id: contracts[2], label: `#${contracts[2]} Palettenwerk Search GmbH (drm, 2021-01-01)`, organization: { name: 'Palettenwerk Search GmbH' } });
    expect(ids(await find('contracts', String(contracts[2])))[0]).toBe(contracts[2]);
    expect(ids(await find('contracts', 'palettenwerk'))).toEqual([...contracts].reverse().slice(0, 5));
    expect(ids(await find('contracts', 'Zorabel Quintessa 3'))).toEqual([contracts[0]]);
    expect(ids(await find('contracts', 'Ulla Pal'))).toEqual([party.contract]);
  });
});

describe('palette lookups', () => {
  it('answer nothing for empty text, refuse a NUL, and need a role of the kind', async () => {
    const outsider = await api.user(['payouts']);
    for (const kind of ['payments', 'vendors', 'contracts']) {
      expect(await find(kind, '')).toEqual([]);
      expect((await api.request({ method: 'GET', url: `/api/${kind}/palette?q=%00`, as: staff })).statusCode).toBe(422);
      expect((await api.request({ method: 'GET', url: `/api/${kind}/palette?q=ab`, as: outsider })).statusCode).toBe(403);
      expect((await api.request({ method: 'GET', url: `/api/${kind}/palette?q=ab` })).statusCode).toBe(401);
    }
  });
});
