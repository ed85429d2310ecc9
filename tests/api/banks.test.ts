import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;
let vendors: TestUser;

const BANK = { name: 'Sparkasse Köln', street: 'Hahnenstraße 57', postal_code: '50667', city: 'Köln', country_code: 'DE', bic: 'colsde33', bank_key: '37050198' };

const create = (bank: Record<string, unknown>, as = admin) => api.request({ method: 'POST', url: '/api/banks', payload: { bank }, as });

beforeAll(async () => {
  admin = await api.user(['admin']);
  vendors = await api.user(['vendors']);
});

describe('banks', () => {
  it('creates, reads, updates and deletes a bank, auditing each write', async () => {
    const created = await create(BANK);
    expect(created.statusCode).toBe(201);
    const bank = created.json();
    expect(bank).toEqual({
      id: expect.any(Number),
      lock_version: 0,
      name: 'Sparkasse Köln',
      country_code: 'DE',
      postal_code: '50667',
      city: 'Köln',
      street: 'Hahnenstraße 57',
      full_address: 'Hahnenstraße 57, 50667 Köln, Germany',
      bic: 'COLSDE33',
      bank_key: '37050198',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const read = await api.request({ method: 'GET', url: `/api/banks/${bank.id}`, as: admin });
    expect(read.json()).toEqual(bank);

    const updated = await api.request({ method: 'PUT', url: `/api/banks/${bank.id}`, payload: { bank: { ...BANK, city: 'Cologne', bic: '' } }, as: admin });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: bank.id, city: 'Cologne', bic: null, full_address: 'Hahnenstraße 57, 50667 Cologne, Germany' });

    // A partial payload changes only what it names.
    const partial = await api.request({ method: 'PUT', url: `/api/banks/${bank.id}`, payload: { bank: { name: 'Sparkasse KölnBonn' } }, as: admin });
    expect(partial.json()).toMatchObject({ name: 'Sparkasse KölnBonn', city: 'Cologne', bank_key: '37050198' });

    const deleted = await api.request({ method: 'DELETE', url: `/api/banks/${bank.id}`, as: admin });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await api.request({ method: 'GET', url: `/api/banks/${bank.id}`, as: admin })).statusCode).toBe(404);

    const trail = await auditTrail(api.db, 'Bank', bank.id);
    expect(trail.map((t) => t.action)).toEqual(['create', 'update', 'update', 'destroy']);
    expect(trail.every((t) => t.user_id === admin.id)).toBe(true);
    expect(trail[0].audited_changes).toMatchObject({ name: [null, 'Sparkasse Köln'], bic: [null, 'COLSDE33'] });
    expect(trail[1].audited_changes).toEqual({ city: ['Köln', 'Cologne'], bic: ['COLSDE33', null] });
    expect(trail[3].audited_changes).toMatchObject({ name: ['Sparkasse KölnBonn', null] });
    const history = await api.request({ method: 'GET', url: `/api/audit_logs/Bank/${bank.id}`, as: admin });
    expect(history.json()).toMatchObject({ total: 4, entries: [{ action: 'destroy', version: 4, user: { id: admin.id } }, {}, {}, {}] });
    expect((await api.request({ method: 'GET', url: `/api/audit_logs/Bank/${bank.id}`, as: vendors })).statusCode).toBe(403);
  });

  it('names every missing or malformed field', async () => {
    const blank = await create({ bic: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({
      errors: { name: ['blank'], street: ['blank'], postal_code: ['blank'], city: ['blank'], country_code: ['blank'], bank_key: ['blank'] },
    });
    const malformed = await create({ ...BANK, country_code: 'XX', bic: 'NOT A BIC' });
    expect(malformed.json()).toEqual({ errors: { country_code: ['invalid'], bic: ['invalid'] } });
    const notWrapped = await api.request({ method: 'POST', url: '/api/banks', payload: BANK, as: admin });
    expect(notWrapped.statusCode).toBe(422);
    const update = await create(BANK);
    const wrong = await api.request({ method: 'PUT', url: `/api/banks/${update.json().id}`, payload: { bank: { name: '  ' } }, as: admin });
    expect(wrong.json()).toEqual({ errors: { name: ['blank'] } });
  });

  it('is for admins only; a missing record or a malformed id is a 404 without body', async () => {
    const { id } = (await create(BANK)).json();
    expect((await api.request({ method: 'GET', url: '/api/banks' })).statusCode).toBe(401);
    for (const [method, url] of [['GET', '/api/banks'], ['GET', `/api/banks/${id}`], ['POST', '/api/banks'], ['PUT', `/api/banks/${id}`], ['DELETE', `/api/banks/${id}`]] as const) {
      const res = await api.request({ method, url, payload: method === 'POST' || method === 'PUT' ? { bank: BANK } : undefined, as: vendors });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.body).toBe('');
    }
    for (const url of ['/api/banks/999999', '/api/banks/abc', '/api/banks/1e3']) {
      const res = await api.request({ method: 'GET', url, as: admin });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe('');
    }
    expect((await api.request({ method: 'PUT', url: '/api/banks/999999', payload: { bank: BANK }, as: admin })).statusCode).toBe(404);
    expect((await api.request({ method: 'DELETE', url: '/api/banks/999999', as: admin })).statusCode).toBe(404);
  });

  it('lists with paging, whitelisted sorting, filters and search', async () => {
    await api.db.deleteFrom('banks').execute();
    for (const [name, country_code, bank_key] of [['Alpha Bank', 'GR', '011'], ['Barclays', 'GB', '200000'], ['Commerzbank', 'DE', '10040000']]) {
      await create({ ...BANK, name, country_code, bank_key, bic: '' });
    }
    const page = await api.request({ method: 'GET', url: '/api/banks?s=2&p=2&sort_by=name&sort_direction=desc', as: admin });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(body.entries.map((b: { name: string }) => b.name)).toEqual(['Alpha Bank']);
    expect(body.entries[0]).toHaveProperty('full_address');

    const byKey = await api.request({ method: 'GET', url: '/api/banks?sort_by=bank_key', as: admin });
    expect(byKey.json().entries.map((b: { bank_key: string }) => b.bank_key)).toEqual(['011', '10040000', '200000']);
    const filtered = await api.request({ method: 'GET', url: '/api/banks?filter[country_code]=DE', as: admin });
    expect(filtered.json().entries.map((b: { name: string }) => b.name)).toEqual(['Commerzbank']);
    const searched = await api.request({ method: 'GET', url: '/api/banks?q=barc', as: admin });
    expect(searched.json()).toMatchObject({ total: 1, entries: [{ name: 'Barclays' }] });

    const badSort = await api.request({ method: 'GET', url: '/api/banks?sort_by=street', as: admin });
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json()).toEqual({ errors: { sort_by: ['invalid'] } });
    const badFilter = await api.request({ method: 'GET', url: '/api/banks?filter[street]=x', as: admin });
    expect(badFilter.json()).toEqual({ errors: { 'filter[street]': ['invalid'] } });
  });

  it('pages by keyset: a full page answers the next cursor, the last page none; a bad cursor is a 422', async () => {
    await api.db.deleteFrom('banks').execute();
    for (const name of ['Alpha Bank', 'Barclays', 'Commerzbank']) await create({ ...BANK, name });
    const first = (await api.request({ method: 'GET', url: '/api/banks?s=2&sort_by=name', as: admin })).json();
    expect(first.entries.map((b: { name: string }) => b.name)).toEqual(['Alpha Bank', 'Barclays']);
    const second = (await api.request({ method: 'GET', url: `/api/banks?s=2&sort_by=name&after=${first.next}`, as: admin })).json();
    expect(second).toMatchObject({ total: 3, entries: [{ name: 'Commerzbank' }] });
    expect(second).not.toHaveProperty('next');
    const bad = await api.request({ method: 'GET', url: '/api/banks?after=nonsense!', as: admin });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { after: ['invalid'] } });
  });

  it('looks banks up by name, BIC or bank key for any signed-in user', async () => {
    await create({ ...BANK, name: 'Lookup Volksbank', bic: 'GENODEF1S04', bank_key: '99999999' });
    const byName = await api.request({ method: 'GET', url: '/api/banks/lookup?q=lookup volks', as: vendors });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual([expect.objectContaining({ name: 'Lookup Volksbank', bic: 'GENODEF1S04', bank_key: '99999999', street: BANK.street })]);
    expect((await api.request({ method: 'GET', url: '/api/banks/lookup?q=genodef1', as: vendors })).json()).toHaveLength(1);
    expect((await api.request({ method: 'GET', url: '/api/banks/lookup?q=%25', as: vendors })).json()).toEqual([]);
    expect((await api.request({ method: 'GET', url: '/api/banks/lookup?q=x' })).statusCode).toBe(401);
  });
});
