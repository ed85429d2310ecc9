import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestUser } from '../support/api.js';

/** Bad input of any kind is a 4xx with a reason, never a 500 (for every reference resource). */
const api = setupApi();
let admin: TestUser;

const RESOURCES: [string, string, string[]][] = [
  ['/api/banks', 'bank', ['name', 'street', 'postal_code', 'city', 'country_code', 'bic', 'bank_key']],
  ['/api/categories', 'category', ['name', 'type', 'parent_id', 'index']],
  ['/api/currency_rates', 'currency_rate', ['date', 'base_currency', 'target_currency', 'rate']],
  ['/api/organizations', 'organization', ['name', 'number', 'country_code', 'currency', 'payment_due_interval_length', 'vendor_sources', 'managing_directors', 'signers', 'wbs_codes', 'legal_imprints', 'invoice_emails', 'remove_logo']],
  ['/api/tags', 'tag', ['name', 'color']],
  ['/api/users', 'user', ['first_name', 'last_name', 'email', 'roles', 'disabled']],
  ['/api/vat_rates', 'vat_rate', ['country_code', 'rate']],
];

const JUNK: unknown[] = [null, true, 12, -1, 1e300, 'x'.repeat(5000), 'nul\u0000byte', [], [null], ['a', { b: 1 }], {}, { 0: { a: 1 } }, { nested: { deep: [1] } }];

beforeAll(async () => {
  admin = await api.user(['admin']);
});

describe('reference resources under bad input', () => {
  it('answer every malformed create with a 4xx', async () => {
    for (const [base, name, fields] of RESOURCES) {
      for (const body of ['text', [], { [name]: 'x' }, { [name]: [] }, { [name]: null }]) {
        const res = await api.request({ method: 'POST', url: base, payload: body as object, as: admin });
        expect(res.statusCode, `${base} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${base} ${JSON.stringify(body)}: ${res.body}`).toBeLessThan(500);
      }
      for (const field of fields) {
        for (const value of JUNK) {
          const res = await api.request({ method: 'POST', url: base, payload: { [name]: { [field]: value } }, as: admin });
          expect(res.statusCode, `${base} ${field}=${JSON.stringify(value)?.slice(0, 40)}: ${res.body.slice(0, 200)}`).toBe(422);
        }
      }
    }
  });

  it('answer malformed updates of a content owner with a 4xx', async () => {
    const { id } = await api.db
      .insertInto('content_owners')
      .values({ content_owner_id: 'robust', display_name: 'Robust', report_filename_part: 'robust' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const field of ['internal_country', 'report_filename_part', 'own', 'earnings_mapping_rules']) {
      for (const value of [...JUNK, [{ asset_type: 'all', rules: 'video_id' }], [{ asset_type: ['all'], rules: [['video_id']] }]]) {
        const res = await api.request({ method: 'PUT', url: `/api/cms/content_owners/${id}`, payload: { content_owner: { [field]: value } }, as: admin });
        expect([200, 422], `${field}=${JSON.stringify(value)?.slice(0, 40)}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      }
    }
  });

  it('answer malformed queries, lookups and ids with a 4xx', async () => {
    const urls = [
      '/api/banks?q=%00',
      '/api/banks?filter[country_code]=%00',
      '/api/banks?filter=x',
      '/api/banks?filter[country_code][gteq][x]=1',
      '/api/banks?s=-1',
      '/api/banks?s=1e3',
      '/api/banks?p=99999999999999999999',
      '/api/banks/lookup?q=%00',
      '/api/banks/lookup?q[]=a',
      '/api/tags/lookup?q=%00',
      '/api/users/lookup?q=%00',
      '/api/users?filter[created_at][gteq]=yesterday',
      '/api/users?filter[roles][]=admin&filter[roles][]=%00',
      '/api/currency_rates?filter[payout_id]=1.5',
      '/api/categories/tree?type[]=youtube_vertical',
      '/api/cms/content_owners/%00',
      '/api/organizations/99999999999999999999',
      '/api/organizations/1/logo',
    ];
    for (const url of urls) {
      const res = await api.request({ method: 'GET', url, as: admin });
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });
});
