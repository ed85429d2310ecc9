import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;

const RATE = { date: '2025-01-31', base_currency: 'USD', target_currency: 'EUR', rate: '0.9612345678' };
const create = (currency_rate: Record<string, unknown>) => api.request({ method: 'POST', url: '/api/currency_rates', payload: { currency_rate }, as: admin });

beforeAll(async () => {
  admin = await api.user(['admin']);
});

describe('currency rates', () => {
  it('creates, reads, updates and deletes a rate with exact decimals, auditing each write', async () => {
    const created = await create(RATE);
    expect(created.statusCode).toBe(201);
    const rate = created.json();
    expect(rate).toEqual({ id: expect.any(Number), ...RATE, payout_id: null, lock_version: 0, created_at: expect.any(String) });
    expect((await api.request({ method: 'GET', url: `/api/currency_rates/${rate.id}`, as: admin })).json()).toEqual(rate);
    const updated = await api.request({ method: 'PUT', url: `/api/currency_rates/${rate.id}`, payload: { currency_rate: { ...RATE, rate: '1234567890.0000000001' } }, as: admin });
    expect(updated.json()).toMatchObject({ rate: '1234567890.0000000001' });
    expect((await api.request({ method: 'DELETE', url: `/api/currency_rates/${rate.id}`, as: admin })).statusCode).toBe(204);
    const trail = await auditTrail(api.db, 'CurrencyRate', rate.id);
    expect(trail.map((t) => t.action)).toEqual(['create', 'update', 'destroy']);
    expect(trail[1].audited_changes).toEqual({ rate: ['0.9612345678', '1234567890.0000000001'] });
  });

  it('validates dates, currencies and rates', async () => {
    expect((await create({})).json()).toEqual({ errors: { date: ['blank'], base_currency: ['blank'], target_currency: ['blank'], rate: ['blank'] } });
    expect((await create({ ...RATE, date: '2025-02-30', base_currency: 'XYZ', rate: '-1' })).json()).toEqual({
      errors: { date: ['invalid'], base_currency: ['invalid'], rate: ['greater_than_or_equal_to'] },
    });
    expect((await create({ ...RATE, rate: '12345678901' })).json()).toEqual({ errors: { rate: ['invalid'] } });
    expect((await create({ ...RATE, target_currency: 'usd' })).json()).toEqual({ errors: { target_currency: ['invalid'] } });
    expect((await create({ ...RATE, rate: '0' })).statusCode).toBe(201);
    expect((await create({ ...RATE, rate: '2' })).json()).toEqual({ errors: { target_currency: ['already_used'] } });
  });

  it('lists with payout ids, paging, sorting and filters', async () => {
    await api.db.deleteFrom('currency_rates').execute();
    // A payout's rate points at its payout (migration 0020's foreign key).
    await api.db.insertInto('payouts').values({ id: 42, month: '2025-03-01', payout_types: ['adsense'] }).execute();
    await api.db.insertInto('currency_rates').values({ ...RATE, date: '2025-03-31', target_currency: 'GBP', rate: '0.8', payout_id: 42 }).execute();
    for (const [date, target_currency] of [['2025-01-31', 'EUR'], ['2025-02-28', 'CHF']]) await create({ ...RATE, date, target_currency });
    const list = (await api.request({ method: 'GET', url: '/api/currency_rates', as: admin })).json();
    expect(list.entries.map((r: { date: string; payout_id: number | null }) => [r.date, r.payout_id])).toEqual([
      ['2025-03-31', 42],
      ['2025-02-28', null],
      ['2025-01-31', null],
    ]);
    const paged = (await api.request({ method: 'GET', url: '/api/currency_rates?sort_by=target_currency&s=2&p=2', as: admin })).json();
    expect(paged).toMatchObject({ total: 3, page: 2, size: 2, entries: [{ target_currency: 'GBP' }] });
    const ranged = (await api.request({ method: 'GET', url: '/api/currency_rates?filter[date][gteq]=2025-02-01&filter[date][lteq]=2025-02-28', as: admin })).json();
    expect(ranged.entries.map((r: { target_currency: string }) => r.target_currency)).toEqual(['CHF']);
    const ofPayout = (await api.request({ method: 'GET', url: '/api/currency_rates?filter[payout_id]=42', as: admin })).json();
    expect(ofPayout.total).toBe(1);
    expect((await api.request({ method: 'GET', url: '/api/currency_rates?sort_by=foo', as: admin })).json()).toEqual({ errors: { sort_by: ['invalid'] } });
    expect((await api.request({ method: 'GET', url: '/api/currency_rates?filter[date][like]=x', as: admin })).json()).toEqual({ errors: { 'filter[date][like]': ['invalid'] } });
    expect((await api.request({ method: 'GET', url: '/api/currency_rates?p=0', as: admin })).json()).toEqual({ errors: { p: ['invalid'] } });
  });

  it('is for admins only', async () => {
    const user = await api.user(['payouts']);
    expect((await api.request({ method: 'GET', url: '/api/currency_rates', as: user })).statusCode).toBe(403);
    expect((await api.request({ method: 'PUT', url: '/api/currency_rates/1', payload: { currency_rate: RATE }, as: user })).statusCode).toBe(403);
    expect((await api.request({ method: 'DELETE', url: '/api/currency_rates/1' })).statusCode).toBe(401);
    expect((await api.request({ method: 'GET', url: '/api/currency_rates/x1', as: admin })).statusCode).toBe(404);
  });
});
