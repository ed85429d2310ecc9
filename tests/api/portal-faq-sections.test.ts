import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;
let portal: TestUser;
let vendors: TestUser;

const BASE = '/portal-faq-sections';
const create = (section: Record<string, unknown>, as = portal) => api.request({ method: 'POST', url: BASE, payload: { portal_faq_section: section }, as });
const list = (query = '', as = portal) => api.request({ method: 'GET', url: `${BASE}${query}`, as });

beforeAll(async () => {
  admin = await api.user(['admin']);
  portal = await api.user(['portal_admin']);
  vendors = await api.user(['vendors', 'youtube_whitelisted_channels']);
});

async function faqIn(sectionId: number, locale: string) {
  await api.db.insertInto('portal_faqs').values({ portal_faq_section_id: sectionId, locale, title: 'Q', body: '<p>A</p>' }).execute();
}

describe('portal FAQ sections', () => {
  it('creates, reads, updates and deletes a section, auditing each write', async () => {
    const created = await create({ name: '  Payments ', locale: 'en' });
    expect(created.statusCode).toBe(201);
    const section = created.json();
    expect(section).toEqual({ id: expect.any(Number), name: 'Payments', locale: 'en', lock_version: 0, created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });

    const read = await api.request({ method: 'GET', url: `${BASE}/${section.id}`, as: portal });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(section);

    const updated = await api.request({ method: 'PUT', url: `${BASE}/${section.id}`, payload: { portal_faq_section: { name: 'Zahlungen', locale: 'de' } }, as: portal });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...section, name: 'Zahlungen', locale: 'de', lock_version: 1 });

    // Saving unchanged values writes no audit entry.
    await api.request({ method: 'PUT', url: `${BASE}/${section.id}`, payload: { portal_faq_section: { name: 'Zahlungen', locale: 'de' } }, as: portal });

    const deleted = await api.request({ method: 'DELETE', url: `${BASE}/${section.id}`, as: portal });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await api.request({ method: 'GET', url: `${BASE}/${section.id}`, as: portal })).statusCode).toBe(404);

    const trail = await auditTrail(api.db, 'PortalFaqSection', section.id);
    expect(trail.map((t) => [t.action, t.user_id])).toEqual([
      ['create', portal.id],
      ['update', portal.id],
      ['destroy', portal.id],
    ]);
    expect(trail[0].audited_changes).toEqual({ name: [null, 'Payments'], locale: [null, 'en'] });
    expect(trail[1].audited_changes).toEqual({ name: ['Payments', 'Zahlungen'], locale: ['en', 'de'] });
    expect(trail[2].audited_changes).toEqual({ name: ['Zahlungen', null], locale: ['de', null] });

    // The audit trail is readable by the role that edits sections.
    const logs = await api.request({ method: 'GET', url: `/api/audit_logs/PortalFaqSection/${section.id}`, as: portal });
    expect(logs.statusCode).toBe(200);
    expect(logs.json().total).toBe(3);
  });

  it('names every missing or malformed field', async () => {
    const blank = await create({ name: ' ', locale: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: { name: ['blank'], locale: ['blank'] } });

    expect((await api.request({ method: 'POST', url: BASE, payload: {}, as: portal })).json()).toEqual({ errors: { name: ['blank'], locale: ['blank'] } });
    expect((await create({ name: 'X', locale: 'xx' })).json()).toEqual({ errors: { locale: ['invalid'] } });
    expect((await create({ name: 42, locale: 'EN' })).json()).toEqual({ errors: { name: ['invalid'], locale: ['invalid'] } });
  });

  it('allows a name once per locale, whatever its case, also when two requests race', async () => {
    expect((await create({ name: 'Account', locale: 'en' })).statusCode).toBe(201);
    const duplicate = await create({ name: 'ACCOUNT', locale: 'en' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({ errors: { name: ['already_used'] } });
    expect((await create({ name: 'Account', locale: 'fr' })).statusCode).toBe(201);

    const other = (await create({ name: 'Other', locale: 'en' })).json();
    const renamed = await api.request({ method: 'PUT', url: `${BASE}/${other.id}`, payload: { portal_faq_section: { name: 'account', locale: 'en' } }, as: portal });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toEqual({ errors: { name: ['already_used'] } });

    const race = await Promise.all([create({ name: 'Race', locale: 'it' }), create({ name: 'Race', locale: 'it' }), create({ name: 'race', locale: 'it' })]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    for (const r of race.filter((x) => x.statusCode === 422)) expect(r.json()).toEqual({ errors: { name: ['already_used'] } });
  });

  it('refuses to delete a section that holds FAQs, or to move it to another locale', async () => {
    const section = (await create({ name: 'With FAQs', locale: 'nl' })).json();
    await faqIn(section.id, 'nl');

    const deleted = await api.request({ method: 'DELETE', url: `${BASE}/${section.id}`, as: portal });
    expect(deleted.statusCode).toBe(422);
    expect(deleted.json()).toEqual({ errors: { base: ['has_children'] } });

    const moved = await api.request({ method: 'PUT', url: `${BASE}/${section.id}`, payload: { portal_faq_section: { name: 'With FAQs', locale: 'pl' } }, as: portal });
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toEqual({ errors: { locale: ['has_children'] } });

    // Renaming within the locale is fine.
    const renamed = await api.request({ method: 'PUT', url: `${BASE}/${section.id}`, payload: { portal_faq_section: { name: 'Still with FAQs' } }, as: portal });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Still with FAQs', locale: 'nl' });

    const trail = await auditTrail(api.db, 'PortalFaqSection', section.id);
    expect(trail.map((t) => t.action)).toEqual(['create', 'update']);
    expect((await api.request({ method: 'GET', url: `${BASE}/${section.id}`, as: portal })).statusCode).toBe(200);
  });

  it('answers 404 without a body for unknown ids', async () => {
    for (const [method, url] of [
      ['GET', `${BASE}/999999`],
      ['GET', `${BASE}/abc`],
      ['PUT', `${BASE}/999999`],
      ['DELETE', `${BASE}/999999`],
    ] as const) {
      const res = await api.request({ method, url, payload: method === 'PUT' ? { portal_faq_section: { name: 'x', locale: 'en' } } : undefined, as: portal });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).toBe('');
    }
  });

  it('needs a session and the role portal_admin (or admin)', async () => {
    const anonymous = await api.request({ method: 'GET', url: BASE });
    expect(anonymous.statusCode).toBe(401);

    for (const [method, url] of [
      ['GET', BASE],
      ['GET', `${BASE}/1`],
      ['GET', `${BASE}/lookup?locale=en`],
      ['POST', BASE],
      ['PUT', `${BASE}/1`],
      ['DELETE', `${BASE}/1`],
    ] as const) {
      const res = await api.request({ method, url, payload: method === 'POST' || method === 'PUT' ? { portal_faq_section: { name: 'x', locale: 'en' } } : undefined, as: vendors });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.body).toBe('');
    }
    expect((await api.db.selectFrom('portal_faq_sections').select('id').where('name', '=', 'x').execute()).length).toBe(0);

    expect((await create({ name: 'By admin', locale: 'es' }, admin)).statusCode).toBe(201);
    expect((await list('', admin)).statusCode).toBe(200);
  });
});

describe('portal FAQ section list and lookup', () => {
  let ids: Record<string, number>;

  beforeAll(async () => {
    await api.db.deleteFrom('portal_faqs').execute();
    await api.db.deleteFrom('portal_faq_sections').execute();
    const rows = await api.db
      .insertInto('portal_faq_sections')
      .values([
        { name: 'Payments', locale: 'en', created_at: '2024-01-01T10:00:00Z' },
        { name: 'Account', locale: 'en', created_at: '2024-01-02T10:00:00Z' },
        { name: 'Zahlungen', locale: 'de', created_at: '2024-01-03T10:00:00Z' },
        { name: 'Konto', locale: 'de', created_at: '2024-01-04T10:00:00Z' },
        { name: 'Paiements', locale: 'fr', created_at: '2024-01-05T10:00:00Z' },
      ])
      .returning(['id', 'name'])
      .execute();
    ids = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  });

  const names = (res: { json(): { entries: { name: string }[] } }) => res.json().entries.map((e) => e.name);

  it('lists by name by default, pages, and answers the envelope', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      entries: expect.any(Array),
      total: 5,
      page: 1,
      size: 10,
    });
    expect(names(res)).toEqual(['Account', 'Konto', 'Paiements', 'Payments', 'Zahlungen']);
    expect(res.json().entries[0]).toEqual({ id: ids.Account, name: 'Account', locale: 'en', created_at: '2024-01-02T10:00:00.000Z', lock_version: 0 });

    const page2 = await list('?p=2&s=2');
    expect(page2.json()).toMatchObject({ total: 5, page: 2, size: 2 });
    expect(names(page2)).toEqual(['Paiements', 'Payments']);
  });

  it('sorts by the whitelisted columns only', async () => {
    expect(names(await list('?sort_by=created_at&sort_direction=desc'))).toEqual(['Paiements', 'Konto', 'Zahlungen', 'Account', 'Payments']);
    expect(names(await list('?sort_by=locale&sort_direction=asc'))).toEqual(['Zahlungen', 'Konto', 'Payments', 'Account', 'Paiements']);
    expect(names(await list('?sort_by=id&sort_direction=desc'))).toEqual(['Paiements', 'Konto', 'Zahlungen', 'Account', 'Payments']);
    expect(names(await list('?sort_by=name&sort_direction=desc'))).toEqual(['Zahlungen', 'Payments', 'Paiements', 'Konto', 'Account']);

    const unknown = await list('?sort_by=title');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { sort_by: ['invalid'] } });
    expect((await list('?sort_by=name&sort_direction=sideways')).statusCode).toBe(422);
  });

  it('searches names and filters by locale', async () => {
    expect(names(await list('?q=pay'))).toEqual(['Payments']);
    expect(names(await list('?q=n'))).toEqual(['Account', 'Konto', 'Paiements', 'Payments', 'Zahlungen']);
    expect(names(await list('?filter[locale]=de'))).toEqual(['Konto', 'Zahlungen']);
    expect(names(await list('?filter[locale][]=de&filter[locale][]=fr'))).toEqual(['Konto', 'Paiements', 'Zahlungen']);
    expect(names(await list('?filter[locale]=de&q=zahl'))).toEqual(['Zahlungen']);
    expect(names(await list('?q=%25'))).toEqual([]);

    const badLocale = await list('?filter[locale]=xx');
    expect(badLocale.statusCode).toBe(422);
    expect(badLocale.json()).toEqual({ errors: { 'filter[locale]': ['invalid'] } });
    const unknownFilter = await list('?filter[name]=Payments');
    expect(unknownFilter.statusCode).toBe(422);
    expect(unknownFilter.json()).toEqual({ errors: { 'filter[name]': ['invalid'] } });
  });

  it('looks up the sections of one locale as id and name', async () => {
    const de = await api.request({ method: 'GET', url: `${BASE}/lookup?locale=de`, as: portal });
    expect(de.statusCode).toBe(200);
    expect(de.json()).toEqual([
      { id: ids.Konto, name: 'Konto' },
      { id: ids.Zahlungen, name: 'Zahlungen' },
    ]);
    expect((await api.request({ method: 'GET', url: `${BASE}/lookup?locale=pl`, as: portal })).json()).toEqual([]);

    const missing = await api.request({ method: 'GET', url: `${BASE}/lookup`, as: portal });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: { locale: ['blank'] } });
    const invalid = await api.request({ method: 'GET', url: `${BASE}/lookup?locale=klingon`, as: portal });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: { locale: ['invalid'] } });
  });
});
