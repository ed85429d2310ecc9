import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../src/server/http/list-query.js';
import { audit, changedAttributes } from '../../src/server/modules/audit/audit.js';
import { registerAuditedType } from '../../src/server/modules/audit/routes.js';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
const TYPE = 'AuditTestThing';
let author: TestUser;
let reader: TestUser;
let outsider: TestUser;
let admin: TestUser;

beforeAll(async () => {
  registerAuditedType(TYPE, ['vendors']);
  author = await api.user(['vendors'], { email: 'author@test.local', first_name: 'Ada', last_name: 'Author' });
  reader = await api.user(['vendors']);
  outsider = await api.user(['payments']);
  admin = await api.user(['admin']);
});

const write = (id: number, action: string, changes: Record<string, unknown>, userId: number | null = author.id) =>
  api.db.transaction().execute((trx) => audit(trx, { action, type: TYPE, id, changes, userId }));

describe('audit()', () => {
  it('counts versions 1, 2, 3 per record', async () => {
    await write(1, 'create', { name: [null, 'Acme'] });
    await write(1, 'update', { name: ['Acme', 'Acme Ltd'] });
    await write(2, 'create', { name: [null, 'Other'] });
    await write(1, 'destroy', {});
    const one = await auditTrail(api.db, TYPE, 1);
    expect(one.map((e) => [e.action, e.version])).toEqual([
      ['create', 1],
      ['update', 2],
      ['destroy', 3],
    ]);
    expect(one[1]).toMatchObject({ audited_changes: { name: ['Acme', 'Acme Ltd'] }, user_id: author.id });
    expect((await auditTrail(api.db, TYPE, 2)).map((e) => e.version)).toEqual([1]);
  });

  it('writes in the caller transaction: a rolled-back change leaves no entry', async () => {
    await expect(
      api.db.transaction().execute(async (trx) => {
        await audit(trx, { action: 'create', type: TYPE, id: 10, changes: { name: [null, 'Gone'] }, userId: author.id });
        throw new Error('the change failed after its audit entry');
      }),
    ).rejects.toThrow('the change failed');
    expect(await auditTrail(api.db, TYPE, 10)).toEqual([]);
    await write(10, 'create', { name: [null, 'Kept'] });
    expect((await auditTrail(api.db, TYPE, 10)).map((e) => e.version)).toEqual([1]);
  });

  it('gives concurrent writers of one record distinct versions', async () => {
    await Promise.all(Array.from({ length: 4 }, (_, i) => write(20, 'update', { step: [i, i + 1] })));
    expect((await auditTrail(api.db, TYPE, 20)).map((e) => e.version)).toEqual([1, 2, 3, 4]);
  });

  it('changedAttributes lists what differs, ignoring bookkeeping columns', () => {
    expect(
      changedAttributes(
        { name: 'a', rate: '1.0', tags: ['x'], updated_at: 1, lock_version: 1, same: 1 },
        { name: 'b', rate: '1.0', tags: ['x', 'y'], updated_at: 2, lock_version: 2, same: 1, added: true },
      ),
    ).toEqual({ name: ['a', 'b'], tags: [['x'], ['x', 'y']], added: [null, true] });
    expect(changedAttributes(null, { name: 'a' })).toEqual({ name: [null, 'a'] });
    expect(changedAttributes({ name: 'a' }, null)).toEqual({ name: ['a', null] });
  });
});

describe('GET /api/audit_logs/{type}/{id}', () => {
  beforeAll(async () => {
    await write(100, 'create', { name: [null, 'Listed'] });
    for (let i = 1; i <= 11; i++) await write(100, 'update', { n: [i - 1, i] });
    await write(100, 'update', { n: [11, 12] }, null);
  });

  it('answers the entries newest first, with the user and the changes', async () => {
    const res = await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100`, as: reader });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 13, page: 1, size: 10 });
    expect(body.entries).toHaveLength(10);
    expect(body.entries.map((e: { version: number }) => e.version)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(body.entries[0]).toMatchObject({ action: 'update', version: 13, audited_changes: { n: [11, 12] }, user: null });
    expect(body.entries[1]).toMatchObject({
      action: 'update',
      version: 12,
      audited_changes: { n: [10, 11] },
      user: { id: author.id, email: 'author@test.local', first_name: 'Ada', last_name: 'Author' },
    });
    expect(typeof body.entries[0].created_at).toBe('string');
    expect(body.entries[0].user).toBeNull();
  });

  it('pages with page/size or p/s, and sorts oldest first on request', async () => {
    const second = (await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100?page=2&size=10`, as: reader })).json();
    expect(second.entries.map((e: { version: number }) => e.version)).toEqual([3, 2, 1]);
    expect(second).toMatchObject({ total: 13, page: 2, size: 10 });
    const small = (await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100?p=3&s=5`, as: reader })).json();
    expect(small.entries.map((e: { version: number }) => e.version)).toEqual([3, 2, 1]);
    const oldest = (await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100?sort_by=version&sort_direction=asc&s=2`, as: reader })).json();
    expect(oldest.entries.map((e: { version: number }) => e.version)).toEqual([1, 2]);
    expect(oldest.entries[0]).toMatchObject({ action: 'create', audited_changes: { name: [null, 'Listed'] } });
  });

  it('pages by the after cursor like every list, and caps the count', async () => {
    const first = (await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100?s=5`, as: reader })).json();
    expect(first.entries.map((e: { version: number }) => e.version)).toEqual([13, 12, 11, 10, 9]);
    expect(first.next).toEqual(expect.any(String));
    const versions: number[] = [];
    let next: string | undefined = first.next;
    while (next) {
      const page = (await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100?s=5&after=${encodeURIComponent(next)}`, as: reader })).json();
      versions.push(...page.entries.map((e: { version: number }) => e.version));
      next = page.next;
    }
    expect(versions).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    const asc = (await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100?s=5&sort_direction=asc&sort_by=version`, as: reader })).json();
    const ascNext = (await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100?s=5&sort_direction=asc&sort_by=version&after=${encodeURIComponent(asc.next)}`, as: reader })).json();
    expect(ascNext.entries.map((e: { version: number }) => e.version)).toEqual([6, 7, 8, 9, 10]);
    expect((await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100?after=garbage`, as: reader })).statusCode).toBe(422);

    // A record with more entries than the count cap: the total stops there and says so.
    await sql`INSERT INTO audit_logs (action, auditable_type, auditable_id, version)
      SELECT 'update', ${TYPE}, 101, g FROM generate_series(1, ${COUNT_CAP + 5}) AS g`.execute(api.db);
    const big = (await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/101?s=2`, as: reader })).json();
    expect(big).toMatchObject({ total: COUNT_CAP, total_capped: true });
    expect(big.entries.map((e: { version: number }) => e.version)).toEqual([COUNT_CAP + 5, COUNT_CAP + 4]);
  });

  it('still names the actor after their account is deleted', async () => {
    const leaver = await api.user(['admin'], { email: 'leaver@test.local', first_name: 'Lee', last_name: 'Ver' });
    const tag = (await api.request({ method: 'POST', url: '/api/tags', payload: { tag: { name: 'Left behind' } }, as: leaver })).json();
    expect((await api.request({ method: 'DELETE', url: `/api/users/${leaver.id}`, as: admin })).statusCode).toBe(204);
    const trail = (await api.request({ method: 'GET', url: `/api/audit_logs/Tag/${tag.id}`, as: admin })).json();
    expect(trail.entries).toMatchObject([{ action: 'create', user: { id: leaver.id, email: 'leaver@test.local', first_name: null, last_name: null } }]);
    // The deletion itself names the admin who made it.
    const userTrail = (await api.request({ method: 'GET', url: `/api/audit_logs/User/${leaver.id}`, as: admin })).json();
    expect(userTrail.entries[0]).toMatchObject({ action: 'destroy', user: { id: admin.id, email: admin.email } });
  });

  it('answers an empty list for a record without entries', async () => {
    const res = await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/999`, as: reader });
    expect(res.json()).toEqual({ entries: [], total: 0, page: 1, size: 10 });
  });

  it('admits admins, refuses users without the type roles (403) and strangers (401)', async () => {
    expect((await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100`, as: admin })).statusCode).toBe(200);
    const forbidden = await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100`, as: outsider });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toBe('');
    expect((await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100` })).statusCode).toBe(401);
  });

  it('answers 404 for a type nobody registered', async () => {
    const res = await api.request({ method: 'GET', url: '/api/audit_logs/Nothing/100', as: admin });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('');
  });

  it('refuses a malformed id or query with 422', async () => {
    expect((await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/abc`, as: reader })).statusCode).toBe(422);
    const badSort = await api.request({ method: 'GET', url: `/api/audit_logs/${TYPE}/100?sort_by=user_id`, as: reader });
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json()).toEqual({ errors: { sort_by: ['invalid'] } });
  });
});
