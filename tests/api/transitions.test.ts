import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

/** Transitions (`POST {base}/{id}/{action}`) and bulk actions (`POST {base}/{action}`) on the write path. */
const api = setupApi();
let admin: TestUser;

const BANK = { street: 'Weg 1', postal_code: '10115', city: 'Berlin', country_code: 'DE', bic: '', bank_key: '10090000' };

const disabledOf = async (ids: number[]) =>
  (await api.db.selectFrom('users').select(['id', 'disabled']).where('id', 'in', ids).orderBy('id').execute()).map((u) => u.disabled);

beforeAll(async () => {
  admin = await api.user(['admin']);
});

describe('transitions', () => {
  it('disables and enables a user, answering the record and auditing under the action', async () => {
    const user = await api.user(['vendors']);
    const disabled = await api.request({ method: 'POST', url: `/api/users/${user.id}/disable`, as: admin });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: user.id, disabled: true, lock_version: 1 });
    // Disabling ends the user's sessions.
    expect((await api.request({ method: 'GET', url: '/api/tags', as: user })).statusCode).toBe(401);

    // The flag is false now: a second disable is refused and changes nothing.
    const again = await api.request({ method: 'POST', url: `/api/users/${user.id}/disable`, as: admin });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { base: ['ineligible'] } });

    expect((await api.request({ method: 'POST', url: `/api/users/${user.id}/enable`, as: admin })).json()).toMatchObject({ disabled: false });
    const trail = await auditTrail(api.db, 'User', user.id);
    expect(trail.map((t) => [t.action, t.audited_changes, t.user_id])).toEqual([
      ['disable', { disabled: [false, true] }, admin.id],
      ['enable', { disabled: [true, false] }, admin.id],
    ]);
  });

  it('happens once when its flag turns false between two concurrent calls', async () => {
    for (let round = 0; round < 10; round += 1) {
      const user = await api.user(['vendors']);
      const answers = await Promise.all([1, 2].map(() => api.request({ method: 'POST', url: `/api/users/${user.id}/disable`, as: admin })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
      expect((await auditTrail(api.db, 'User', user.id)).map((t) => t.action)).toEqual(['disable']);
    }
  });

  it('keeps roles, the guard and unknown records', async () => {
    const vendors = await api.user(['vendors']);
    const user = await api.user(['vendors']);
    expect((await api.request({ method: 'POST', url: `/api/users/${user.id}/disable`, as: vendors })).statusCode).toBe(403);
    expect((await api.request({ method: 'POST', url: `/api/users/${admin.id}/disable`, as: admin })).statusCode).toBe(403);
    expect((await api.request({ method: 'POST', url: '/api/users/99999999/disable', as: admin })).statusCode).toBe(404);
    expect((await api.request({ method: 'POST', url: '/api/users/abc/disable', as: admin })).statusCode).toBe(404);
  });
});

describe('bulk actions', () => {
  it('changes all or none, naming the ineligible ids', async () => {
    const a = await api.user(['vendors']);
    const b = await api.user(['vendors'], { disabled: true });
    const c = await api.user(['vendors']);
    const refused = await api.request({ method: 'POST', url: '/api/users/disable', payload: { ids: [c.id, b.id, a.id, admin.id, 99999999] }, as: admin });
    expect(refused.statusCode).toBe(422);
    // b is disabled already, the admin's own account is guarded, 99999999 does not exist.
    expect(refused.json()).toEqual({ errors: { ids: ['ineligible'] }, ineligible_ids: [admin.id, b.id, 99999999].sort((x, y) => x - y) });
    expect(await disabledOf([a.id, b.id, c.id])).toEqual([false, true, false]);
    expect(await auditTrail(api.db, 'User', a.id)).toEqual([]);

    const done = await api.request({ method: 'POST', url: '/api/users/disable', payload: { ids: [c.id, a.id] }, as: admin });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ids: [a.id, c.id] });
    expect(await disabledOf([a.id, b.id, c.id])).toEqual([true, true, true]);
    expect((await auditTrail(api.db, 'User', c.id)).map((t) => t.action)).toEqual(['disable']);
  });

  it('refuses malformed selections with a 422', async () => {
    for (const payload of [{}, { ids: [] }, { ids: 'x' }, { ids: [1, 'two'] }, { ids: [1.5] }, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }]) {
      const res = await api.request({ method: 'POST', url: '/api/banks/delete', payload, as: admin });
      expect({ payload: Object.keys(payload), status: res.statusCode }).toEqual({ payload: Object.keys(payload), status: 422 });
      expect(Object.keys(res.json().errors)).toEqual(['ids']);
    }
  });

  it('deletes the selected banks in one request, or none when one is gone', async () => {
    const ids: number[] = [];
    for (const name of ['Bulk A', 'Bulk B', 'Bulk C']) {
      ids.push((await api.request({ method: 'POST', url: '/api/banks', payload: { bank: { ...BANK, name } }, as: admin })).json().id);
    }
    await api.request({ method: 'DELETE', url: `/api/banks/${ids[2]}`, as: admin });
    const refused = await api.request({ method: 'POST', url: '/api/banks/delete', payload: { ids }, as: admin });
    expect(refused.json()).toEqual({ errors: { ids: ['ineligible'] }, ineligible_ids: [ids[2]] });
    expect((await api.request({ method: 'GET', url: `/api/banks/${ids[0]}`, as: admin })).statusCode).toBe(200);

    const done = await api.request({ method: 'POST', url: '/api/banks/delete', payload: { ids: ids.slice(0, 2) }, as: admin });
    expect(done.json()).toEqual({ ids: ids.slice(0, 2) });
    for (const id of ids.slice(0, 2)) {
      expect((await api.request({ method: 'GET', url: `/api/banks/${id}`, as: admin })).statusCode).toBe(404);
      expect((await auditTrail(api.db, 'Bank', id)).map((t) => [t.action, t.user_id])).toEqual([
        ['create', admin.id],
        ['destroy', admin.id],
      ]);
    }
  });

  it('acts on all records matching the list filter', async () => {
    for (const name of ['Filtered One', 'Filtered Two', 'Kept Three']) {
      await api.request({ method: 'POST', url: '/api/banks', payload: { bank: { ...BANK, name } }, as: admin });
    }
    const done = await api.request({ method: 'POST', url: '/api/banks/delete', payload: { filter: { name: 'filtered' } }, as: admin });
    expect(done.statusCode).toBe(200);
    expect(done.json().ids).toHaveLength(2);
    const left = (await api.request({ method: 'GET', url: '/api/banks?q=Three', as: admin })).json();
    expect(left.entries.map((b: { name: string }) => b.name)).toEqual(['Kept Three']);
    expect((await api.request({ method: 'POST', url: '/api/banks/delete', payload: { filter: { nope: 'x' } }, as: admin })).statusCode).toBe(422);
  });
});
