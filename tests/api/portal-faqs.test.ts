import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;
let portal: TestUser;
let other: TestUser;
let en: { id: number; name: string };
let en2: { id: number; name: string };
let de: { id: number; name: string };

const BASE = '/portal-faqs';
const create = (faq: Record<string, unknown>, as = portal) => api.request({ method: 'POST', url: BASE, payload: { portal_faq: faq }, as });
const update = (id: number, faq: Record<string, unknown>, as = portal) => api.request({ method: 'PUT', url: `${BASE}/${id}`, payload: { portal_faq: faq }, as });
const list = (query = '', as = portal) => api.request({ method: 'GET', url: `${BASE}${query}`, as });

async function section(name: string, locale: string) {
  return api.db.insertInto('portal_faq_sections').values({ name, locale }).returning(['id', 'name']).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  admin = await api.user(['admin']);
  portal = await api.user(['portal_admin']);
  other = await api.user(['vendors', 'contracts', 'revenue_sources']);
  en = await section('Payments', 'en');
  en2 = await section('Account', 'en');
  de = await section('Zahlungen', 'de');
});

describe('portal FAQs', () => {
  it('creates, reads, updates and deletes a FAQ with its section, auditing each write', async () => {
    const created = await create({ locale: 'en', portal_faq_section_id: en.id, title: ' When do I get paid? ', body: '<p>Once a <b>month</b>.</p>' });
    expect(created.statusCode).toBe(201);
    const faq = created.json();
    expect(faq).toEqual({
      id: expect.any(Number),
      lock_version: 0,
      title: 'When do I get paid?',
      body: '<p>Once a <strong>month</strong>.</p>',
      locale: 'en',
      portal_faq_section_id: en.id,
      portal_faq_section: { id: en.id, name: 'Payments', locale: 'en' },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await api.request({ method: 'GET', url: `${BASE}/${faq.id}`, as: portal })).json()).toEqual(faq);

    const moved = await update(faq.id, { locale: 'en', portal_faq_section_id: en2.id, title: 'When am I paid?', body: faq.body });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ ...faq, lock_version: 1, title: 'When am I paid?', portal_faq_section_id: en2.id, portal_faq_section: { id: en2.id, name: 'Account', locale: 'en' } });

    const deleted = await api.request({ method: 'DELETE', url: `${BASE}/${faq.id}`, as: portal });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await api.request({ method: 'GET', url: `${BASE}/${faq.id}`, as: portal })).statusCode).toBe(404);

    const trail = await auditTrail(api.db, 'PortalFaq', faq.id);
    expect(trail.map((t) => [t.action, t.user_id])).toEqual([
      ['create', portal.id],
      ['update', portal.id],
      ['destroy', portal.id],
    ]);
    expect(trail[0].audited_changes).toEqual({
      title: [null, 'When do I get paid?'],
      body: [null, '<p>Once a <strong>month</strong>.</p>'],
      locale: [null, 'en'],
      portal_faq_section_id: [null, en.id],
    });
    expect(trail[1].audited_changes).toEqual({ title: ['When do I get paid?', 'When am I paid?'], portal_faq_section_id: [en.id, en2.id] });
    expect(trail[2].audited_changes).toMatchObject({ title: ['When am I paid?', null], portal_faq_section_id: [en2.id, null] });
  });

  it('takes the locale from the section and refuses a section of another locale', async () => {
    const derived = await create({ portal_faq_section_id: String(de.id), title: 'Wann?', body: '<p>Monatlich.</p>' });
    expect(derived.statusCode).toBe(201);
    expect(derived.json()).toMatchObject({ locale: 'de', portal_faq_section_id: de.id, portal_faq_section: { id: de.id, name: 'Zahlungen', locale: 'de' } });

    const mismatch = await create({ locale: 'en', portal_faq_section_id: de.id, title: 'When?', body: '<p>Monthly.</p>' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({ errors: { portal_faq_section_id: ['invalid'] } });

    // Moving a FAQ to a section of another locale needs that locale too.
    const id = derived.json().id;
    expect((await update(id, { portal_faq_section_id: en.id })).json()).toEqual({ errors: { portal_faq_section_id: ['invalid'] } });
    const relocated = await update(id, { locale: 'en', portal_faq_section_id: en.id });
    expect(relocated.statusCode).toBe(200);
    expect(relocated.json()).toMatchObject({ locale: 'en', portal_faq_section: { id: en.id, locale: 'en' } });
  });

  it('names every missing or malformed field', async () => {
    const blank = await create({ locale: '', portal_faq_section_id: '', title: '', body: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: { portal_faq_section_id: ['blank'], title: ['blank'], body: ['blank'] } });

    expect((await api.request({ method: 'POST', url: BASE, payload: { portal_faq: null }, as: portal })).json()).toEqual({
      errors: { portal_faq_section_id: ['blank'], title: ['blank'], body: ['blank'] },
    });
    // An empty editor and a body with nothing allowed in it are blank too.
    expect((await create({ portal_faq_section_id: en.id, title: 'T', body: '<p><br></p>' })).json()).toEqual({ errors: { body: ['blank'] } });
    expect((await create({ portal_faq_section_id: en.id, title: 'T', body: '<script>alert(1)</script><img src=x>' })).json()).toEqual({ errors: { body: ['blank'] } });

    expect((await create({ locale: 'xx', portal_faq_section_id: 'first', title: 'T', body: '<p>B</p>' })).json()).toEqual({
      errors: { locale: ['invalid'], portal_faq_section_id: ['invalid'] },
    });
    expect((await create({ portal_faq_section_id: -3, title: 'T', body: '<p>B</p>' })).json()).toEqual({ errors: { portal_faq_section_id: ['invalid'] } });
    expect((await create({ portal_faq_section_id: 99999999, title: 'T', body: '<p>B</p>' })).json()).toEqual({ errors: { portal_faq_section_id: ['invalid'] } });
    expect((await create({ portal_faq_section_id: 1e20, title: 'T', body: '<p>B</p>' })).json()).toEqual({ errors: { portal_faq_section_id: ['invalid'] } });
    expect((await create({ portal_faq_section_id: en.id, title: ['T'], body: 7 })).json()).toEqual({ errors: { title: ['invalid'], body: ['invalid'] } });
  });

  it('answers 404 without a body for unknown ids', async () => {
    for (const [method, url] of [
      ['GET', `${BASE}/999999`],
      ['GET', `${BASE}/new`],
      ['PUT', `${BASE}/999999`],
      ['DELETE', `${BASE}/999999`],
    ] as const) {
      const res = await api.request({ method, url, payload: method === 'PUT' ? { portal_faq: { title: 'x' } } : undefined, as: portal });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).toBe('');
    }
  });

  it('needs a session and the role portal_admin (or admin)', async () => {
    expect((await api.request({ method: 'GET', url: BASE })).statusCode).toBe(401);
    expect((await api.request({ method: 'POST', url: BASE, payload: { portal_faq: {} } })).statusCode).toBe(401);

    const faq = (await create({ portal_faq_section_id: en.id, title: 'Mine', body: '<p>x</p>' })).json();
    for (const [method, url] of [
      ['GET', BASE],
      ['GET', `${BASE}/${faq.id}`],
      ['POST', BASE],
      ['PUT', `${BASE}/${faq.id}`],
      ['DELETE', `${BASE}/${faq.id}`],
    ] as const) {
      const payload = method === 'POST' || method === 'PUT' ? { portal_faq: { portal_faq_section_id: en.id, title: 'Theirs', body: '<p>y</p>' } } : undefined;
      const res = await api.request({ method, url, payload, as: other });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.body).toBe('');
    }
    expect((await api.request({ method: 'GET', url: `${BASE}/${faq.id}`, as: portal })).json().title).toBe('Mine');

    const byAdmin = await update(faq.id, { title: 'Admin edit' }, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().title).toBe('Admin edit');
  });
});

describe('portal FAQ list', () => {
  beforeAll(async () => {
    await api.db.deleteFrom('portal_faqs').execute();
    const fr = await section('Paiements', 'fr');
    await api.db
      .insertInto('portal_faqs')
      .values([
        { portal_faq_section_id: en.id, locale: 'en', title: 'When do I get paid?', body: '<p>a</p>', created_at: '2024-02-01T00:00:00Z' },
        { portal_faq_section_id: en2.id, locale: 'en', title: 'How do I change my bank?', body: '<p>b</p>', created_at: '2024-02-02T00:00:00Z' },
        { portal_faq_section_id: de.id, locale: 'de', title: 'Wann werde ich bezahlt?', body: '<p>c</p>', created_at: '2024-02-03T00:00:00Z' },
        { portal_faq_section_id: fr.id, locale: 'fr', title: 'Quand suis-je payé ?', body: '<p>d</p>', created_at: '2024-02-04T00:00:00Z' },
      ])
      .execute();
  });

  const titles = (res: { json(): { entries: { title: string }[] } }) => res.json().entries.map((e) => e.title);

  it('lists FAQs by title with their section', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 4, page: 1, size: 10 });
    expect(titles(res)).toEqual(['How do I change my bank?', 'Quand suis-je payé ?', 'Wann werde ich bezahlt?', 'When do I get paid?']);
    expect(res.json().entries[0]).toEqual({
      id: expect.any(Number),
      title: 'How do I change my bank?',
      body: '<p>b</p>',
      locale: 'en',
      portal_faq_section_id: en2.id,
      portal_faq_section: { id: en2.id, name: 'Account', locale: 'en' },
      created_at: '2024-02-02T00:00:00.000Z',
      lock_version: 0,
    });
  });

  it('sorts by id, title, locale, section and created_at only', async () => {
    expect(titles(await list('?sort_by=created_at&sort_direction=desc'))).toEqual([
      'Quand suis-je payé ?',
      'Wann werde ich bezahlt?',
      'How do I change my bank?',
      'When do I get paid?',
    ]);
    expect(titles(await list('?sort_by=portal_faq_section'))).toEqual(['How do I change my bank?', 'Quand suis-je payé ?', 'When do I get paid?', 'Wann werde ich bezahlt?']);
    // Ties are broken by id in the same direction.
    expect(titles(await list('?sort_by=locale&sort_direction=desc'))).toEqual(['Quand suis-je payé ?', 'How do I change my bank?', 'When do I get paid?', 'Wann werde ich bezahlt?']);
    expect(titles(await list('?sort_by=id&s=1&p=2'))).toEqual(['How do I change my bank?']);
    for (const bad of ['?sort_by=body', '?sort_by=name', '?sort_by=portal_faq_sections.name']) {
      const res = await list(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json()).toEqual({ errors: { sort_by: ['invalid'] } });
    }
  });

  it('searches titles and filters by locale and section', async () => {
    expect(titles(await list('?q=PAID'))).toEqual(['When do I get paid?']);
    expect(titles(await list('?filter[locale]=en'))).toEqual(['How do I change my bank?', 'When do I get paid?']);
    expect(titles(await list(`?filter[portal_faq_section_id]=${en.id}`))).toEqual(['When do I get paid?']);
    expect(titles(await list(`?filter[locale]=de&q=bezahlt`))).toEqual(['Wann werde ich bezahlt?']);
    expect((await list('?filter[locale]=english')).json()).toEqual({ errors: { 'filter[locale]': ['invalid'] } });
    expect((await list('?filter[portal_faq_section_id]=one')).json()).toEqual({ errors: { 'filter[portal_faq_section_id]': ['invalid'] } });
    expect((await list('?filter[title]=x')).json()).toEqual({ errors: { 'filter[title]': ['invalid'] } });
  });
});
