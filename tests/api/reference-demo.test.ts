import { describe, expect, it } from 'vitest';
import { demoReferenceData } from '../../src/server/db/demo/reference.js';
import { demoUsers } from '../../src/server/db/demo/users.js';
import { validateOrganization } from '../../src/shared/validation/organizations.js';
import { setupApi } from '../support/api.js';

const api = setupApi();

describe('reference demo data', () => {
  it('loads, and the API accepts it back unchanged', async () => {
    await api.db.transaction().execute(async (trx) => {
      await demoUsers.run(trx);
      await demoReferenceData.run(trx);
    });
    const admin = await api.user(['admin']);
    const list = async (base: string) => (await api.request({ method: 'GET', url: `${base}?s=100`, as: admin })).json();

    expect((await list('/api/banks')).total).toBe(4);
    expect((await list('/api/tags')).total).toBe(5);
    expect((await list('/api/cms/content_owners')).total).toBe(3);
    const rates = (await list('/api/currency_rates')).entries.map((r: { base_currency: string; target_currency: string }) => `${r.base_currency}/${r.target_currency}`);
    expect(rates.sort()).toEqual(['USD/CHF', 'USD/EUR', 'USD/GBP']);
    const vat = (await list('/api/vat_rates')).entries as { country_code: string; rate: string }[];
    expect(new Set(vat.map((v) => v.country_code)).size).toBe(27);
    expect(vat.find((v) => v.country_code === 'FI')?.rate).toBe('25.5000');

    const tree = (await api.request({ method: 'GET', url: '/api/categories/tree?type=youtube_vertical', as: admin })).json();
    expect(tree.slice(0, 3).map((c: { name: string; depth: number }) => [c.name, c.depth])).toEqual([
      ['Music', 0],
      ['Pop', 1],
      ['Rock', 1],
    ]);

    // Saving a demo organization unchanged passes validation: the demo data obeys the form's rules.
    const orgs = (await list('/api/organizations')).entries;
    expect(orgs.map((o: { name: string }) => o.name)).toEqual(['Remit Media GmbH', 'Remit Media Ltd']);
    for (const org of orgs) {
      expect(org.wbs_codes).toHaveLength(15);
      expect(validateOrganization(org)).toMatchObject({ ok: true });
      const saved = await api.request({ method: 'PUT', url: `/api/organizations/${org.id}`, payload: { organization: org }, as: admin });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual(org);
    }
    for (const owner of (await list('/api/cms/content_owners')).entries) {
      const saved = await api.request({ method: 'PUT', url: `/api/cms/content_owners/${owner.id}`, payload: { content_owner: owner }, as: admin });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });
});
