import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;

type Category = { id: number; name: string; parent_id: number | null; index: number; depth: number; children_count: number };

async function create(category: Record<string, unknown>) {
  return api.request({ method: 'POST', url: '/api/categories', payload: { category: { type: 'youtube_vertical', ...category } }, as: admin });
}
async function add(name: string, parent_id: number | null, index: number): Promise<Category> {
  const res = await create({ name, parent_id, index });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const tree = async () => (await api.request({ method: 'GET', url: '/api/categories/tree?type=youtube_vertical', as: admin })).json() as Category[];
const names = (list: Category[]) => list.map((c) => `${'-'.repeat(c.depth)}${c.name}:${c.index}`);

beforeAll(async () => {
  admin = await api.user(['admin']);
});

describe('categories', () => {
  it('keeps a tree: index places a category among its siblings, depth and children_count follow', async () => {
    const music = await add('Music', null, 0);
    expect(music).toEqual({
      id: expect.any(Number),
      lock_version: 0,
      type: 'youtube_vertical',
      name: 'Music',
      parent_id: null,
      index: 0,
      depth: 0,
      children_count: 0,
      created_at: expect.any(String),
    });
    const rock = await add('Rock', music.id, 0);
    await add('Pop', music.id, 0); // at the beginning
    await add('Jazz', music.id, 99); // past the end: last
    const gaming = await add('Gaming', null, 0);
    await add('Education', null, 1);
    expect(names(await tree())).toEqual(['Gaming:0', 'Education:1', 'Music:2', '-Pop:0', '-Rock:1', '-Jazz:2']);
    expect(rock).toMatchObject({ depth: 1, parent_id: music.id });
    const read = await api.request({ method: 'GET', url: `/api/categories/${music.id}`, as: admin });
    expect(read.json()).toMatchObject({ children_count: 3, index: 2 });

    // Move Rock under Gaming, then to the front of the root level; the siblings it left close up.
    const moved = await api.request({ method: 'PUT', url: `/api/categories/${rock.id}`, payload: { category: { parent_id: gaming.id, index: 0 } }, as: admin });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ parent_id: gaming.id, depth: 1, index: 0 });
    expect(names(await tree())).toEqual(['Gaming:0', '-Rock:0', 'Education:1', 'Music:2', '-Pop:0', '-Jazz:1']);
    await api.request({ method: 'PUT', url: `/api/categories/${rock.id}`, payload: { category: { parent_id: null, index: 0 } }, as: admin });
    expect(names(await tree())).toEqual(['Rock:0', 'Gaming:1', 'Education:2', 'Music:3', '-Pop:0', '-Jazz:1']);

    const list = await api.request({ method: 'GET', url: '/api/categories?filter[type]=youtube_vertical&s=50', as: admin });
    expect(names(list.json().entries)).toEqual(names(await tree()));

    const trail = await auditTrail(api.db, 'Category', rock.id);
    expect(trail.map((t) => t.action)).toEqual(['create', 'update', 'update']);
    expect(trail[1].audited_changes).toEqual({ parent_id: [music.id, gaming.id], index: [1, 0] });
  });

  it('refuses a parent that is missing, the category itself or one of its descendants', async () => {
    const a = await add('A-root', null, 0);
    const b = await add('B-child', a.id, 0);
    const c = await add('C-grandchild', b.id, 0);
    for (const parent_id of [999999, a.id, c.id]) {
      const res = await api.request({ method: 'PUT', url: `/api/categories/${a.id}`, payload: { category: { parent_id } }, as: admin });
      expect(res.statusCode, String(parent_id)).toBe(422);
      expect(res.json()).toEqual({ errors: { parent_id: ['invalid'] } });
    }
    expect((await create({ name: 'Orphan', parent_id: 999999, index: 0 })).json()).toEqual({ errors: { parent_id: ['invalid'] } });
    expect((await create({ name: 'b-child', parent_id: a.id, index: 0 })).json()).toEqual({ errors: { name: ['already_used'] } });
  });

  it('refuses to delete a category with children, and closes the gap a deleted one leaves', async () => {
    const parent = await add('Parent', null, 0);
    const first = await add('First', parent.id, 0);
    const second = await add('Second', parent.id, 1);
    const refused = await api.request({ method: 'DELETE', url: `/api/categories/${parent.id}`, as: admin });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { base: ['has_children'] } });
    expect((await api.request({ method: 'DELETE', url: `/api/categories/${first.id}`, as: admin })).statusCode).toBe(204);
    expect((await api.request({ method: 'GET', url: `/api/categories/${second.id}`, as: admin })).json()).toMatchObject({ index: 0 });
    expect((await auditTrail(api.db, 'Category', first.id)).map((t) => t.action)).toEqual(['create', 'destroy']);
  });

  it('validates the form', async () => {
    const res = await api.request({ method: 'POST', url: '/api/categories', payload: { category: { name: ' ' } }, as: admin });
    expect(res.json()).toEqual({ errors: { name: ['blank'], type: ['blank'], index: ['blank'] } });
    expect((await create({ name: 'X', type: 'music', index: -1 })).json()).toEqual({ errors: { type: ['invalid'], index: ['greater_than_or_equal_to'] } });
    expect((await create({ name: 'X', index: 'first' })).json()).toEqual({ errors: { index: ['invalid'] } });
    // An empty parent (the picker's "none") makes a top-level category.
    expect((await create({ name: 'Top level', parent_id: '', index: '0' })).json()).toMatchObject({ parent_id: null, depth: 0, index: 0 });
  });

  it('answers the tree only for a known type, lists with whitelists, and is for admins only', async () => {
    expect((await api.request({ method: 'GET', url: '/api/categories/tree', as: admin })).json()).toEqual({ errors: { type: ['blank'] } });
    expect((await api.request({ method: 'GET', url: '/api/categories/tree?type=x', as: admin })).json()).toEqual({ errors: { type: ['invalid'] } });
    expect((await api.request({ method: 'GET', url: '/api/categories?filter[type]=x', as: admin })).json()).toEqual({ errors: { 'filter[type]': ['invalid'] } });
    expect((await api.request({ method: 'GET', url: '/api/categories?sort_by=index', as: admin })).json()).toEqual({ errors: { sort_by: ['invalid'] } });
    const byDepth = await api.request({ method: 'GET', url: '/api/categories?sort_by=depth&sort_direction=desc&s=1', as: admin });
    expect(byDepth.json().entries[0].depth).toBeGreaterThan(0);
    const byName = (await api.request({ method: 'GET', url: '/api/categories?sort_by=name&s=3&p=1', as: admin })).json();
    expect(byName.entries.map((c: Category) => c.name)).toEqual([...byName.entries.map((c: Category) => c.name)].sort());
    expect(byName.entries).toHaveLength(3);

    const user = await api.user(['revenue_sources']);
    expect((await api.request({ method: 'GET', url: '/api/categories', as: user })).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: '/api/categories/tree?type=youtube_vertical', as: user })).statusCode).toBe(403);
    expect((await api.request({ method: 'POST', url: '/api/categories', payload: { category: {} }, as: user })).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: '/api/categories' })).statusCode).toBe(401);
    expect((await api.request({ method: 'GET', url: '/api/categories/nope', as: admin })).statusCode).toBe(404);
    expect((await api.request({ method: 'DELETE', url: '/api/categories/999999', as: admin })).statusCode).toBe(404);
  });

  it('offers the youtube verticals in the init data, in tree order with depth', async () => {
    const data = (await api.request({ method: 'GET', url: '/config/data', as: admin })).json();
    const expected = (await tree()).map(({ id, name, depth }) => ({ id, name, depth }));
    expect(data.youtube_verticals.map(({ id, name, depth }: Category) => ({ id, name, depth }))).toEqual(expected);
  });
});
