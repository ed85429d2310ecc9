import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TAG_COLOR } from '../../src/shared/validation/tags.js';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;

const create = (tag: Record<string, unknown>) => api.request({ method: 'POST', url: '/api/tags', payload: { tag }, as: admin });

beforeAll(async () => {
  admin = await api.user(['admin']);
});

describe('tags', () => {
  it('creates, reads, updates and deletes a tag with its linked-entry count, auditing each write', async () => {
    const created = await create({ name: ' Priority ', color: '#ff0000' });
    expect(created.statusCode).toBe(201);
    const tag = created.json();
    expect(tag).toEqual({ id: expect.any(Number), name: 'Priority', color: '#ff0000', count_linked_entries: 0, lock_version: 0, created_at: expect.any(String) });

    await api.db
      .insertInto('taggings')
      .values([
        { tag_id: tag.id, taggable_type: 'Vendor', taggable_id: 1 },
        { tag_id: tag.id, taggable_type: 'Contract', taggable_id: 1 },
      ])
      .execute();
    expect((await api.request({ method: 'GET', url: `/api/tags/${tag.id}`, as: admin })).json()).toMatchObject({ count_linked_entries: 2 });

    // the form sends the name only: the chip colour stays
    const renamed = await api.request({ method: 'PUT', url: `/api/tags/${tag.id}`, payload: { tag: { name: 'Urgent' } }, as: admin });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Urgent', color: '#ff0000', count_linked_entries: 2 });
    // a blank colour is the default one, never none
    const updated = await api.request({ method: 'PUT', url: `/api/tags/${tag.id}`, payload: { tag: { color: '' } }, as: admin });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Urgent', color: DEFAULT_TAG_COLOR });

    expect((await api.request({ method: 'DELETE', url: `/api/tags/${tag.id}`, as: admin })).statusCode).toBe(204);
    expect(await api.db.selectFrom('taggings').selectAll().where('tag_id', '=', tag.id).execute()).toEqual([]);
    const trail = await auditTrail(api.db, 'Tag', tag.id);
    expect(trail.map((t) => [t.action, t.audited_changes])).toEqual([
      ['create', { name: [null, 'Priority'], color: [null, '#ff0000'] }],
      ['update', { name: ['Priority', 'Urgent'] }],
      ['update', { color: ['#ff0000', DEFAULT_TAG_COLOR] }],
      ['destroy', { name: ['Urgent', null], color: [DEFAULT_TAG_COLOR, null] }],
    ]);
  });

  it('gives a tag created with its name only (as the form does) the default chip colour', async () => {
    const created = await create({ name: 'Colourless' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Colourless', color: DEFAULT_TAG_COLOR });
  });

  it('needs a unique name and a hex color when one is given', async () => {
    expect((await create({})).json()).toEqual({ errors: { name: ['blank'] } });
    expect((await create({ name: 'X', color: 'red' })).json()).toEqual({ errors: { color: ['invalid'] } });
    expect((await create({ name: 'Music', color: '#abc' })).statusCode).toBe(201);
    const dup = await create({ name: 'MUSIC' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ errors: { name: ['already_used'] } });
    const other = (await create({ name: 'Film' })).json();
    expect((await api.request({ method: 'PUT', url: `/api/tags/${other.id}`, payload: { tag: { name: 'music' } }, as: admin })).json()).toEqual({
      errors: { name: ['already_used'] },
    });
  });

  it('answers concurrent creates of one name with one 201 and 422s, never a 500', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => create({ name: 'Race' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
  });

  it('lists paged and sorted by the whitelisted columns, and looks tags up for any signed-in user', async () => {
    await api.db.deleteFrom('tags').execute();
    for (const name of ['Beta', 'Alpha', 'Gamma']) await create({ name });
    const page = (await api.request({ method: 'GET', url: '/api/tags?s=2&p=1&sort_by=name', as: admin })).json();
    expect(page).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(page.entries.map((t: { name: string }) => t.name)).toEqual(['Alpha', 'Beta']);
    const desc = (await api.request({ method: 'GET', url: '/api/tags?sort_by=id&sort_direction=desc', as: admin })).json();
    expect(desc.entries.map((t: { name: string }) => t.name)).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect((await api.request({ method: 'GET', url: '/api/tags?sort_by=count_linked_entries', as: admin })).json()).toEqual({ errors: { sort_by: ['invalid'] } });
    expect((await api.request({ method: 'GET', url: '/api/tags?filter[name]=x', as: admin })).json()).toEqual({ errors: { 'filter[name]': ['invalid'] } });
    expect((await api.request({ method: 'GET', url: '/api/tags?sort_direction=up', as: admin })).json()).toEqual({ errors: { sort_direction: ['invalid'] } });

    const contracts = await api.user(['contracts']);
    const lookup = await api.request({ method: 'GET', url: '/api/tags/lookup?q=AM', as: contracts });
    expect(lookup.json()).toEqual([{ id: expect.any(Number), name: 'Gamma', color: DEFAULT_TAG_COLOR }]);
    expect((await api.request({ method: 'GET', url: '/api/tags/lookup', as: contracts })).json()).toHaveLength(3);
    for (const [method, url] of [['GET', '/api/tags'], ['POST', '/api/tags'], ['DELETE', `/api/tags/${desc.entries[0].id}`]] as const) {
      expect((await api.request({ method, url, as: contracts })).statusCode).toBe(403);
    }
    expect((await api.request({ method: 'GET', url: '/api/tags' })).statusCode).toBe(401);
    expect((await api.request({ method: 'PUT', url: '/api/tags/0', payload: { tag: { name: 'x' } }, as: admin })).statusCode).toBe(404);
  });
});
