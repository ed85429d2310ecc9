import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;
let portal: TestUser;
let other: TestUser;

const BASE = '/portal-pages';
const PAGE = { locale: 'en', name: 'imprint', title: 'Imprint', body: '<h2>Remit Media GmbH</h2><p>Köln</p>' };
const create = (page: Record<string, unknown>, as = portal) => api.request({ method: 'POST', url: BASE, payload: { portal_page: page }, as });
const update = (id: number, page: Record<string, unknown>, as = portal) => api.request({ method: 'PUT', url: `${BASE}/${id}`, payload: { portal_page: page }, as });
const list = (query = '', as = portal) => api.request({ method: 'GET', url: `${BASE}${query}`, as });

beforeAll(async () => {
  admin = await api.user(['admin']);
  portal = await api.user(['portal_admin']);
  other = await api.user(['payments', 'youtube_whitelisted_channels']);
});

describe('portal pages', () => {
  it('creates, reads, updates and deletes a page, auditing each write', async () => {
    const created = await create(PAGE);
    expect(created.statusCode).toBe(201);
    const page = created.json();
    expect(page).toEqual({ id: expect.any(Number), ...PAGE, lock_version: 0, created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect((await api.request({ method: 'GET', url: `${BASE}/${page.id}`, as: portal })).json()).toEqual(page);

    const updated = await update(page.id, { ...PAGE, title: 'Legal notice', body: '<h2>Remit Media GmbH</h2><p>Cologne</p>' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...page, title: 'Legal notice', body: '<h2>Remit Media GmbH</h2><p>Cologne</p>', lock_version: 1 });

    // A partial payload changes only what it names.
    const partial = await update(page.id, { name: 'legal' });
    expect(partial.json()).toEqual({ ...updated.json(), name: 'legal', lock_version: 2 });

    const deleted = await api.request({ method: 'DELETE', url: `${BASE}/${page.id}`, as: portal });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await api.request({ method: 'GET', url: `${BASE}/${page.id}`, as: portal })).statusCode).toBe(404);

    const trail = await auditTrail(api.db, 'PortalPage', page.id);
    expect(trail.map((t) => [t.action, t.user_id])).toEqual([
      ['create', portal.id],
      ['update', portal.id],
      ['update', portal.id],
      ['destroy', portal.id],
    ]);
    expect(trail[0].audited_changes).toEqual({ locale: [null, 'en'], name: [null, 'imprint'], title: [null, 'Imprint'], body: [null, PAGE.body] });
    expect(trail[1].audited_changes).toEqual({ title: ['Imprint', 'Legal notice'], body: [PAGE.body, '<h2>Remit Media GmbH</h2><p>Cologne</p>'] });
    expect(trail[2].audited_changes).toEqual({ name: ['imprint', 'legal'] });
  });

  it('names every missing or malformed field', async () => {
    const blank = await create({ locale: '', name: ' ', title: '', body: '<p> </p>' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: { locale: ['blank'], name: ['blank'], title: ['blank'], body: ['blank'] } });
    expect((await api.request({ method: 'POST', url: BASE, payload: { page: PAGE }, as: portal })).json()).toEqual({
      errors: { locale: ['blank'], name: ['blank'], title: ['blank'], body: ['blank'] },
    });
    expect((await create({ ...PAGE, locale: 'pt' })).json()).toEqual({ errors: { locale: ['invalid'] } });
    expect((await create({ ...PAGE, body: '<iframe src="https://evil.example"></iframe><p><br></p>' })).json()).toEqual({ errors: { body: ['blank'] } });
    expect((await create({ ...PAGE, name: { a: 1 }, body: ['<p>x</p>'] })).json()).toEqual({ errors: { name: ['invalid'], body: ['invalid'] } });
  });

  it('allows a name once per locale, whatever its case, also when two requests race', async () => {
    expect((await create({ ...PAGE, name: 'payment-terms', title: 'Payment terms' })).statusCode).toBe(201);
    const duplicate = await create({ ...PAGE, name: 'Payment-Terms', title: 'Other' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({ errors: { name: ['already_used'] } });
    expect((await create({ ...PAGE, locale: 'de', name: 'payment-terms', title: 'Zahlungsbedingungen' })).statusCode).toBe(201);

    const race = await Promise.all([1, 2, 3].map(() => create({ ...PAGE, locale: 'pl', name: 'race' })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    for (const r of race.filter((x) => x.statusCode === 422)) expect(r.json()).toEqual({ errors: { name: ['already_used'] } });
    expect((await api.db.selectFrom('portal_pages').select('id').where('name', '=', 'race').execute()).length).toBe(1);
  });

  it('answers 404 without a body for unknown ids', async () => {
    for (const [method, url] of [
      ['GET', `${BASE}/999999`],
      ['GET', `${BASE}/1.5`],
      ['PUT', `${BASE}/999999`],
      ['DELETE', `${BASE}/0`],
    ] as const) {
      const res = await api.request({ method, url, payload: method === 'PUT' ? { portal_page: PAGE } : undefined, as: portal });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).toBe('');
    }
  });

  it('needs a session and the role portal_admin (or admin)', async () => {
    expect((await api.request({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const page = (await create({ ...PAGE, locale: 'it', name: 'roles' })).json();
    for (const [method, url] of [
      ['GET', BASE],
      ['GET', `${BASE}/${page.id}`],
      ['POST', BASE],
      ['PUT', `${BASE}/${page.id}`],
      ['DELETE', `${BASE}/${page.id}`],
    ] as const) {
      const payload = method === 'POST' || method === 'PUT' ? { portal_page: { ...PAGE, locale: 'it', name: 'hijack' } } : undefined;
      const res = await api.request({ method, url, payload, as: other });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.body).toBe('');
    }
    expect((await api.request({ method: 'GET', url: `${BASE}/${page.id}`, as: portal })).json().name).toBe('roles');
    expect((await api.request({ method: 'DELETE', url: `${BASE}/${page.id}`, as: admin })).statusCode).toBe(204);
  });
});

describe('portal page list', () => {
  beforeAll(async () => {
    await api.db.deleteFrom('portal_pages').execute();
    await api.db
      .insertInto('portal_pages')
      .values([
        { locale: 'en', name: 'imprint', title: 'Imprint', body: '<p>a</p>', created_at: '2024-03-01T00:00:00Z' },
        { locale: 'de', name: 'imprint', title: 'Impressum', body: '<p>b</p>', created_at: '2024-03-02T00:00:00Z' },
        { locale: 'en', name: 'payment-terms', title: 'Payment terms', body: '<p>c</p>', created_at: '2024-03-03T00:00:00Z' },
        { locale: 'de', name: 'payment-terms', title: 'Zahlungsbedingungen', body: '<p>d</p>', created_at: '2024-03-04T00:00:00Z' },
        { locale: 'es', name: 'privacy', title: 'Privacidad', body: '<p>e</p>', created_at: '2024-03-05T00:00:00Z' },
      ])
      .execute();
  });

  const titles = (res: { json(): { entries: { title: string }[] } }) => res.json().entries.map((e) => e.title);

  it('lists pages by name, then id', async () => {
    const res = await list();
    expect(res.json()).toMatchObject({ total: 5, page: 1, size: 10 });
    expect(titles(res)).toEqual(['Imprint', 'Impressum', 'Payment terms', 'Zahlungsbedingungen', 'Privacidad']);
    expect(res.json().entries[0]).toEqual({ id: expect.any(Number), locale: 'en', name: 'imprint', title: 'Imprint', body: '<p>a</p>', created_at: '2024-03-01T00:00:00.000Z', lock_version: 0 });
  });

  it('sorts by id, name, locale, title and created_at only', async () => {
    expect(titles(await list('?sort_by=title'))).toEqual(['Impressum', 'Imprint', 'Payment terms', 'Privacidad', 'Zahlungsbedingungen']);
    expect(titles(await list('?sort_by=created_at&sort_direction=desc&s=2'))).toEqual(['Privacidad', 'Zahlungsbedingungen']);
    expect(titles(await list('?sort_by=locale'))).toEqual(['Impressum', 'Zahlungsbedingungen', 'Imprint', 'Payment terms', 'Privacidad']);
    expect(titles(await list('?sort_by=id&sort_direction=desc&s=1'))).toEqual(['Privacidad']);
    expect((await list('?sort_by=body')).json()).toEqual({ errors: { sort_by: ['invalid'] } });
  });

  it('searches names and titles and filters by locale', async () => {
    expect(titles(await list('?q=terms'))).toEqual(['Payment terms', 'Zahlungsbedingungen']);
    expect(titles(await list('?q=impr'))).toEqual(['Imprint', 'Impressum']);
    expect(titles(await list('?q=impr&filter[locale]=de'))).toEqual(['Impressum']);
    expect(titles(await list('?filter[locale]=es'))).toEqual(['Privacidad']);
    expect((await list('?filter[locale]=')).json().total).toBe(5);
    expect((await list('?filter[locale]=de-DE')).json()).toEqual({ errors: { 'filter[locale]': ['invalid'] } });
    expect((await list('?filter[created_at]=2024-03-01')).json()).toEqual({ errors: { 'filter[created_at]': ['invalid'] } });
  });
});
