import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;

const create = (vat_rate: Record<string, unknown>) => api.request({ method: 'POST', url: '/api/vat_rates', payload: { vat_rate }, as: admin });

beforeAll(async () => {
  admin = await api.user(['admin']);
});

describe('VAT rates', () => {
  it('creates, reads, updates and deletes a rate as a decimal string, auditing each write', async () => {
    const created = await create({ country_code: 'de', rate: '19' });
    expect(created.statusCode).toBe(201);
    const rate = created.json();
    expect(rate).toEqual({ id: expect.any(Number), country_code: 'DE', rate: '19.0000', lock_version: 0, created_at: expect.any(String) });
    expect((await api.request({ method: 'GET', url: `/api/vat_rates/${rate.id}`, as: admin })).json()).toEqual(rate);
    const updated = await api.request({ method: 'PUT', url: `/api/vat_rates/${rate.id}`, payload: { vat_rate: { rate: 7.5 } }, as: admin });
    expect(updated.json()).toMatchObject({ country_code: 'DE', rate: '7.5000' });
    expect((await api.request({ method: 'DELETE', url: `/api/vat_rates/${rate.id}`, as: admin })).statusCode).toBe(204);
    const trail = await auditTrail(api.db, 'VatRate', rate.id);
    expect(trail.map((t) => [t.action, t.audited_changes])).toEqual([
      ['create', { country_code: [null, 'DE'], rate: [null, '19.0000'] }],
      ['update', { rate: ['19.0000', '7.5000'] }],
      ['destroy', { country_code: ['DE', null], rate: ['7.5000', null] }],
    ]);
  });

  it('keeps rates from 0 to 100, one of each per country', async () => {
    expect((await create({})).json()).toEqual({ errors: { country_code: ['blank'], rate: ['blank'] } });
    expect((await create({ country_code: 'DE', rate: '-0.5' })).json()).toEqual({ errors: { rate: ['greater_than_or_equal_to'] } });
    expect((await create({ country_code: 'DE', rate: '100.01' })).json()).toEqual({ errors: { rate: ['less_than_or_equal_to'] } });
    expect((await create({ country_code: 'ZZ', rate: 'ten' })).json()).toEqual({ errors: { country_code: ['invalid'], rate: ['invalid'] } });
    expect((await create({ country_code: 'FR', rate: '0' })).statusCode).toBe(201);
    expect((await create({ country_code: 'FR', rate: '100' })).statusCode).toBe(201);
    expect((await create({ country_code: 'FR', rate: '20' })).statusCode).toBe(201);
    expect((await create({ country_code: 'FR', rate: '20.000' })).json()).toEqual({ errors: { rate: ['already_used'] } });
    expect((await create({ country_code: 'BE', rate: '20' })).statusCode).toBe(201);
  });

  it('lists with whitelists and fills the countries of the init data', async () => {
    await api.db.deleteFrom('vat_rates').execute();
    for (const [country_code, rate] of [['AT', '20'], ['DE', '19'], ['DE', '7'], ['LU', '17']]) await create({ country_code, rate });
    const list = (await api.request({ method: 'GET', url: '/api/vat_rates?sort_by=rate&sort_direction=desc&s=3', as: admin })).json();
    expect(list).toMatchObject({ total: 4, page: 1, size: 3 });
    expect(list.entries.map((r: { rate: string }) => r.rate)).toEqual(['20.0000', '19.0000', '17.0000']);
    const de = (await api.request({ method: 'GET', url: '/api/vat_rates?filter[country_code]=DE&sort_by=rate', as: admin })).json();
    expect(de.entries.map((r: { rate: string }) => r.rate)).toEqual(['7.0000', '19.0000']);
    expect((await api.request({ method: 'GET', url: '/api/vat_rates?sort_by=updated_at', as: admin })).statusCode).toBe(422);
    expect((await api.request({ method: 'GET', url: '/api/vat_rates?filter[rate]=7', as: admin })).json()).toEqual({ errors: { 'filter[rate]': ['invalid'] } });
    const data = (await api.request({ method: 'GET', url: '/config/data', as: admin })).json();
    const germany = data.countries.find((c: { code: string }) => c.code === 'DE');
    expect(germany.vat_rates.map((r: { rate: string }) => r.rate)).toEqual(['19.0000', '7.0000']);
  });

  it('is for admins only', async () => {
    const user = await api.user(['vendors']);
    expect((await api.request({ method: 'GET', url: '/api/vat_rates', as: user })).statusCode).toBe(403);
    expect((await api.request({ method: 'POST', url: '/api/vat_rates', payload: { vat_rate: { country_code: 'DE', rate: '1' } }, as: user })).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: '/api/vat_rates' })).statusCode).toBe(401);
    expect((await api.request({ method: 'GET', url: '/api/vat_rates/123456', as: admin })).statusCode).toBe(404);
  });
});
