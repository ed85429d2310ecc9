import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

/** The one write path of `resourceRoutes`: row lock, merge over the locked row, lock_version, guard on the locked row. */
const api = setupApi();
let admin: TestUser;

const BANK = { name: 'Volksbank', street: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin', country_code: 'DE', bic: '', bank_key: '10090000' };

const put = (id: number, bank: Record<string, unknown>) => api.request({ method: 'PUT', url: `/api/banks/${id}`, payload: { bank }, as: admin });

beforeAll(async () => {
  admin = await api.user(['admin']);
});

describe('write path', () => {
  it('loses no change of 20 rounds of concurrent partial updates on different fields', async () => {
    const bank = (await api.request({ method: 'POST', url: '/api/banks', payload: { bank: BANK }, as: admin })).json();
    for (let round = 0; round < 20; round += 1) {
      const [a, b] = await Promise.all([put(bank.id, { name: `Name ${round}` }), put(bank.id, { city: `City ${round}` })]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const now = (await api.request({ method: 'GET', url: `/api/banks/${bank.id}`, as: admin })).json();
      expect({ round, name: now.name, city: now.city }).toEqual({ round, name: `Name ${round}`, city: `City ${round}` });
    }
    const trail = await auditTrail(api.db, 'Bank', bank.id);
    // Each update is audited against the row it changed: 40 updates, each naming only its own field.
    expect(trail).toHaveLength(41);
    expect(trail.slice(1).every((t) => Object.keys(t.audited_changes).length === 1)).toBe(true);
  });

  it('answers the version and refuses a stale lock_version with 409 and the current record', async () => {
    const created = (await api.request({ method: 'POST', url: '/api/banks', payload: { bank: { ...BANK, name: 'Stale' } }, as: admin })).json();
    expect(created.lock_version).toBe(0);

    const first = await put(created.id, { name: 'Fresh', lock_version: 0 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Fresh', lock_version: 1 });

    const stale = await put(created.id, { city: 'Hamburg', lock_version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ id: created.id, name: 'Fresh', city: 'Berlin', lock_version: 1 });
    expect((await api.request({ method: 'GET', url: `/api/banks/${created.id}`, as: admin })).json()).toMatchObject({ city: 'Berlin', lock_version: 1 });

    // Without a version the client takes the last write; a version that is not one is a 422.
    expect((await put(created.id, { city: 'Hamburg' })).json()).toMatchObject({ city: 'Hamburg', lock_version: 2 });
    const bad = await put(created.id, { city: 'Kiel', lock_version: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { lock_version: ['invalid'] } });

    // An update that changes nothing keeps the version and writes no audit entry.
    expect((await put(created.id, { city: 'Hamburg', lock_version: 2 })).json()).toMatchObject({ lock_version: 2 });
    expect(await auditTrail(api.db, 'Bank', created.id)).toHaveLength(3);

    // List entries carry the version too, so a record opened from a list can be saved back with it.
    const list = (await api.request({ method: 'GET', url: '/api/banks?s=100', as: admin })).json();
    expect(list.entries.find((b: { id: number }) => b.id === created.id)).toMatchObject({ city: 'Hamburg', lock_version: 2 });
  });

  it('lets only one of two concurrent deletes succeed, the other is a 404', async () => {
    const bank = (await api.request({ method: 'POST', url: '/api/banks', payload: { bank: { ...BANK, name: 'Twice' } }, as: admin })).json();
    const answers = await Promise.all([1, 2].map(() => api.request({ method: 'DELETE', url: `/api/banks/${bank.id}`, as: admin })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404]);
    expect((await auditTrail(api.db, 'Bank', bank.id)).map((t) => t.action)).toEqual(['create', 'destroy']);
  });

  it('checks the guard on the locked row as the viewer sees it', async () => {
    // A user may not edit or delete their own account: the guard sees `current_user` for the viewer.
    const self = await api.request({ method: 'PUT', url: `/api/users/${admin.id}`, payload: { user: { first_name: 'Me' } }, as: admin });
    expect(self.statusCode).toBe(403);
    expect((await api.request({ method: 'DELETE', url: `/api/users/${admin.id}`, as: admin })).statusCode).toBe(403);
  });
});
