import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestUser } from '../support/api.js';

/** Dates no calendar has (year 0, year 10000, 30 February) are a 422 with the field, never a 500 (issue 25, item 6). */
const api = setupApi();
let admin: TestUser;

beforeAll(async () => {
  admin = await api.user(['admin']);
});

const BAD_DATES = ['0000-01-01', '10000-01-01', '2023-02-30', '-001-01-01', '+010000-01-01', '2023-13-01'];

describe('dates', () => {
  it('the unallocated revenues export answers 422 for a month no calendar has', async () => {
    for (const month of BAD_DATES) {
      const res = await api.request({ method: 'POST', url: '/api/unallocated_revenues/export', payload: { month }, as: admin });
      expect([month, res.statusCode, res.json()]).toEqual([month, 422, { errors: { month: ['invalid'] } }]);
    }
  });

  it('list filters on date and timestamp columns answer 422 with the filter', async () => {
    const cases = [
      ['/api/currency_rates', 'date'],
      ['/api/payouts', 'month'],
      ['/api/vendors', 'active_contract_month'],
      ['/api/users', 'created_at'],
      ['/api/payments', 'start_date'],
    ];
    for (const [url, name] of cases) {
      for (const value of [...BAD_DATES, '0000-01-01T00:00:00Z', '275760-09-14']) {
        for (const op of ['', '[gteq]', '[lteq]']) {
          const res = await api.request({ method: 'GET', url: `${url}?filter[${name}]${op}=${encodeURIComponent(value)}`, as: admin });
          expect([url, name, op, value, res.statusCode, Object.keys(res.json().errors)]).toEqual([url, name, op, value, 422, [`filter[${name}]${op}`]]);
          expect(res.body).not.toMatch(/FST_|ERR_/);
        }
      }
    }
  });

  it('date fields of forms answer 422 with the field', async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/currency_rates', { currency_rate: { base_currency: 'USD', target_currency: 'EUR', rate: '1.1', date: '' } }, 'date'],
      ['POST', '/api/payouts', { payout: { month: '', payout_types: ['adsense'] } }, 'month'],
      ['POST', '/api/vendor_files/create_all', { month: '', organization_ids: [1] }, 'month'],
    ];
    for (const [method, url, template, field] of cases) {
      for (const value of BAD_DATES) {
        const payload = JSON.parse(JSON.stringify(template).replace('""', JSON.stringify(value)));
        const res = await api.request({ method: method as 'POST', url, payload, as: admin });
        expect([url, value, res.statusCode]).toEqual([url, value, 422]);
        expect(JSON.stringify(res.json().errors)).toContain(field);
      }
    }
  });
});

describe('internal error codes', () => {
  it('no answer names a Fastify error code: malformed paths, too long parameters, bodies of the wrong type', async () => {
    const answers = [
      await api.request({ method: 'GET', url: '/api/vendors/%E0%A4%A', as: admin }),
      await api.request({ method: 'GET', url: `/api/vendors/${'9'.repeat(200)}`, as: admin }),
      await api.request({ method: 'POST', url: '/api/banks', headers: { 'content-type': 'application/json' }, payload: '{', as: admin }),
      await api.request({ method: 'POST', url: '/api/banks', headers: { 'content-type': 'text/x-unknown' }, payload: 'x', as: admin }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toMatch(/FST_|ERR_/);
    }
  });
});
