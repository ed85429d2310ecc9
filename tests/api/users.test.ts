import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;

const create = (user: Record<string, unknown>) => api.request({ method: 'POST', url: '/api/users', payload: { user }, as: admin });
const put = (id: number, user: Record<string, unknown>, as = admin) => api.request({ method: 'PUT', url: `/api/users/${id}`, payload: { user }, as });
const mailsTo = async (email: string) => (await api.outbox()).filter((m) => m.toLowerCase().includes(`to: ${email.toLowerCase()}`));

beforeAll(async () => {
  admin = await api.user(['admin'], { email: 'admin@test.local', first_name: 'Ada', last_name: 'Admin' });
});

describe('users', () => {
  it('creates a user, mails a set-password link, and never shows the password digest', async () => {
    const res = await create({ first_name: 'Nina', last_name: 'Neu', email: ' Nina@Test.local ', roles: ['vendors', 'contracts', 'vendors'] });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      lock_version: 0,
      first_name: 'Nina',
      last_name: 'Neu',
      email: 'Nina@Test.local',
      roles: ['vendors', 'contracts'],
      disabled: false,
      authentications: [],
      created_at: expect.any(String),
      last_sign_in_at: null,
      current_user: false,
      can_be_edited: true,
      can_be_deleted: true,
    });
    // The mail is a job sent with the create: it lands in the outbox once the job ran.
    const jobs = await sql<{ state: string }>`
      SELECT j.state FROM job_links l JOIN pgboss.job j ON j.name = l.name AND j.id = l.job_id
      WHERE l.name = 'session.password-mail' AND l.entity_type = 'User' AND l.entity_id = ${user.id}`.execute(api.db);
    expect(jobs.rows).toHaveLength(1);
    await api.settled();
    const mails = await mailsTo('Nina@Test.local');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/Your Remit account/);
    expect(mails[0]).toMatch(/reset_password_token=/);
    const [create0] = await auditTrail(api.db, 'User', user.id);
    expect(create0).toMatchObject({ action: 'create', user_id: admin.id });
    expect(create0.audited_changes).toMatchObject({ email: [null, 'Nina@Test.local'], roles: [null, ['vendors', 'contracts']] });
    expect(JSON.stringify(create0.audited_changes)).not.toMatch(/password/);
  });

  it('sends no password mail when staff sign in by single sign-on only', async () => {
    const methods = api.config.loginMethods;
    api.config.loginMethods = ['azure'];
    try {
      expect((await create({ first_name: 'S', last_name: 'So', email: 'sso-only@test.local' })).statusCode).toBe(201);
    } finally {
      api.config.loginMethods = methods;
    }
    await api.settled();
    expect(await mailsTo('sso-only@test.local')).toEqual([]);
  });

  it('updates roles and names; disabling ends the sessions at once', async () => {
    const target = await api.user(['vendors']);
    await api.db.insertInto('user_authentications').values({ user_id: target.id, provider: 'entra_id', uid: 'oid-1' }).execute();
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: target })).statusCode).toBe(200);
    const res = await put(target.id, { roles: ['payments', 'admin'], last_name: 'Changed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roles: ['payments', 'admin'], last_name: 'Changed', authentications: [{ provider: 'entra_id' }] });
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: target })).statusCode).toBe(200);
    expect((await put(target.id, { disabled: true })).json()).toMatchObject({ disabled: true });
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: target })).statusCode).toBe(401);
    // Revoked, not merely refused while disabled: enabling the account again does not bring them back.
    expect((await put(target.id, { disabled: false })).statusCode).toBe(200);
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: target })).statusCode).toBe(401);
    const trail = await auditTrail(api.db, 'User', target.id);
    expect(trail.map((t) => t.audited_changes)).toEqual([{ roles: [['vendors'], ['payments', 'admin']], last_name: [expect.any(String), 'Changed'] }, { disabled: [false, true] }, { disabled: [true, false] }]);
  });

  it('marks the own row and refuses to edit or delete it', async () => {
    const own = (await api.request({ method: 'GET', url: `/api/users/${admin.id}`, as: admin })).json();
    expect(own).toMatchObject({ current_user: true, can_be_edited: false, can_be_deleted: false });
    const list = (await api.request({ method: 'GET', url: '/api/users?filter[email]=admin@test', as: admin })).json();
    expect(list.entries).toEqual([expect.objectContaining({ id: admin.id, current_user: true })]);
    const edit = await put(admin.id, { first_name: 'Self' });
    expect(edit.statusCode).toBe(403);
    expect(edit.body).toBe('');
    expect((await api.request({ method: 'DELETE', url: `/api/users/${admin.id}`, as: admin })).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: `/api/users/${admin.id}`, as: admin })).json().first_name).toBe('Ada');
  });

  it('validates names, e-mail, roles and their exclusion, and keeps e-mails unique in any case', async () => {
    expect((await create({})).json()).toEqual({ errors: { first_name: ['blank'], last_name: ['blank'], email: ['blank'] } });
    expect((await create({ first_name: 'A', last_name: 'B', email: 'not-an-email', roles: ['vendors', 'king'] })).json()).toEqual({
      errors: { email: ['invalid'], roles: { 1: ['invalid'] } },
    });
    expect((await create({ first_name: 'A', last_name: 'B', email: 'x@test.local', roles: ['contracts', 'approve_contracts'] })).json()).toEqual({
      errors: { roles: ['exclusive'] },
    });
    expect((await create({ first_name: 'A', last_name: 'B', email: 'x@test.local', disabled: 'maybe' })).json()).toEqual({ errors: { disabled: ['invalid'] } });
    const dup = await create({ first_name: 'A', last_name: 'B', email: 'ADMIN@test.local' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ errors: { email: ['already_used'] } });
    const other = await api.user([]);
    expect((await put(other.id, { email: 'Admin@Test.Local' })).json()).toEqual({ errors: { email: ['already_used'] } });
    const race = await Promise.all([1, 2, 3].map(() => create({ first_name: 'R', last_name: 'R', email: 'race@test.local' })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
  });

  it('deletes another user and audits it', async () => {
    const victim = await api.user(['vendors']);
    expect((await api.request({ method: 'DELETE', url: `/api/users/${victim.id}`, as: admin })).statusCode).toBe(204);
    expect((await api.request({ method: 'GET', url: `/api/users/${victim.id}`, as: admin })).statusCode).toBe(404);
    expect((await auditTrail(api.db, 'User', victim.id)).map((t) => t.action)).toEqual(['destroy']);
    expect((await api.request({ method: 'DELETE', url: `/api/users/${victim.id}`, as: admin })).statusCode).toBe(404);
  });

  it('mails a reset link on request of an admin', async () => {
    const target = await api.user(['vendors'], { email: 'forgetful@test.local' });
    const res = await api.request({ method: 'POST', url: `/api/users/${target.id}/reset_password`, as: admin });
    expect(res.statusCode).toBe(204);
    await api.settled();
    const mails = await mailsTo('forgetful@test.local');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/Set your Remit password/);
    expect((await auditTrail(api.db, 'User', target.id)).map((t) => t.action)).toEqual(['reset_password']);
    expect((await api.request({ method: 'POST', url: '/api/users/999999/reset_password', as: admin })).statusCode).toBe(404);
    expect((await api.request({ method: 'POST', url: `/api/users/${target.id}/reset_password`, as: target })).statusCode).toBe(403);
  });

  it('a user create that rolls back sends no welcome mail: the job is part of the write', async () => {
    const jobCount = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'session.password-mail'`.execute(api.db)).rows[0].n;
    // Fails the create at commit, after the user row was written and its mail job sent.
    await sql`CREATE FUNCTION test_refuse_user() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test' USING ERRCODE = 'check_violation'; END $$`.execute(api.db);
    await sql`CREATE CONSTRAINT TRIGGER test_refuse_user AFTER INSERT ON users DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.email = 'rolled-back@test.local') EXECUTE FUNCTION test_refuse_user()`.execute(api.db);
    try {
      const before = await jobCount();
      const res = await create({ first_name: 'Rolf', last_name: 'Back', email: 'rolled-back@test.local' });
      expect(res.statusCode).toBe(422);
      expect(await api.db.selectFrom('users').select('id').where('email', '=', 'rolled-back@test.local').execute()).toEqual([]);
      expect(await jobCount()).toBe(before);
      await api.settled();
      expect(await mailsTo('rolled-back@test.local')).toEqual([]);
    } finally {
      await sql`DROP TRIGGER test_refuse_user ON users`.execute(api.db);
      await sql`DROP FUNCTION test_refuse_user()`.execute(api.db);
    }
    // The same create without the refusal: one job, one mail.
    const before = await jobCount();
    expect((await create({ first_name: 'Rolf', last_name: 'Back', email: 'rolled-back@test.local' })).statusCode).toBe(201);
    expect(await jobCount()).toBe(before + 1);
    await api.settled();
    expect(await mailsTo('rolled-back@test.local')).toHaveLength(1);
  });

  it('filters by text, roles, disabled and date ranges; sorts and pages by whitelisted columns', async () => {
    await api.db.deleteFrom('users').where('id', '!=', admin.id).execute();
    const a = await api.user(['vendors', 'contracts'], { email: 'alice@filter.local', first_name: 'Alice', last_name: 'Archer' });
    const b = await api.user(['payments'], { email: 'bob@filter.local', first_name: 'Bob', last_name: 'Baker', disabled: true });
    await api.user(['vendors'], { email: 'carol@filter.local', first_name: 'Carol', last_name: 'Cook' });
    await sql`UPDATE users SET created_at = '2024-01-15T10:00:00Z', last_sign_in_at = '2024-06-30T22:00:00Z' WHERE id = ${a.id}`.execute(api.db);
    await sql`UPDATE users SET created_at = '2024-03-01T10:00:00Z', last_sign_in_at = NULL WHERE id = ${b.id}`.execute(api.db);
    const emails = async (query: string) => {
      const res = await api.request({ method: 'GET', url: `/api/users?${query}`, as: admin });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return res.json().entries.map((u: { email: string }) => u.email);
    };
    expect(await emails('filter[email]=FILTER&sort_by=email')).toEqual(['alice@filter.local', 'bob@filter.local', 'carol@filter.local']);
    expect(await emails('filter[first_name]=car')).toEqual(['carol@filter.local']);
    expect(await emails('filter[last_name]=bak')).toEqual(['bob@filter.local']);
    expect(await emails('filter[roles][]=payments&filter[roles][]=contracts&sort_by=email')).toEqual(['alice@filter.local', 'bob@filter.local']);
    expect(await emails('filter[roles]=vendors&sort_by=email&sort_direction=desc')).toEqual(['carol@filter.local', 'alice@filter.local']);
    expect(await emails('filter[disabled]=yes')).toEqual(['bob@filter.local']);
    expect(await emails('filter[disabled]=no&filter[email]=filter&sort_by=id')).toEqual(['alice@filter.local', 'carol@filter.local']);
    expect(await emails('filter[created_at][gteq]=2024-01-01&filter[created_at][lteq]=2024-01-15')).toEqual(['alice@filter.local']);
    expect(await emails('filter[last_sign_in_at][lteq]=2024-06-30&sort_by=email')).toEqual(['alice@filter.local']);
    expect(await emails('q=carol')).toEqual(['carol@filter.local']);
    const paged = (await api.request({ method: 'GET', url: '/api/users?sort_by=last_name&s=2&p=2', as: admin })).json();
    expect(paged).toMatchObject({ total: 4, page: 2, size: 2 });
    expect(paged.entries.map((u: { last_name: string }) => u.last_name)).toEqual(['Baker', 'Cook']);
    const lastNames = (await api.request({ method: 'GET', url: '/api/users?sort_by=last_name&s=10', as: admin })).json().entries.map((u: { last_name: string }) => u.last_name);
    expect(lastNames).toEqual([...lastNames].sort());
    expect((await api.request({ method: 'GET', url: '/api/users?filter[password_digest]=x', as: admin })).json()).toEqual({ errors: { 'filter[password_digest]': ['invalid'] } });
    expect((await api.request({ method: 'GET', url: '/api/users?filter[roles]=king', as: admin })).json()).toEqual({ errors: { 'filter[roles]': ['invalid'] } });
    expect((await api.request({ method: 'GET', url: '/api/users?filter[disabled]=perhaps', as: admin })).json()).toEqual({ errors: { 'filter[disabled]': ['invalid'] } });
    expect((await api.request({ method: 'GET', url: '/api/users?sort_by=password_digest', as: admin })).json()).toEqual({ errors: { sort_by: ['invalid'] } });
  });

  it('looks up enabled users by e-mail or name for the roles that pick users; everything else is for admins', async () => {
    const vendors = await api.user(['vendors'], { email: 'lookup-me@test.local', first_name: 'Lou', last_name: 'Kup' });
    await api.user([], { email: 'lookup-disabled@test.local', disabled: true });
    const res = await api.request({ method: 'GET', url: '/api/users/lookup?q=lookup', as: vendors });
    expect(res.json()).toEqual([{ id: vendors.id, email: 'lookup-me@test.local', first_name: 'Lou', last_name: 'Kup' }]);
    expect((await api.request({ method: 'GET', url: '/api/users/lookup?q=lou kup', as: vendors })).json()).toHaveLength(1);
    expect((await api.request({ method: 'GET', url: '/api/users', as: vendors })).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: `/api/users/${vendors.id}`, as: vendors })).statusCode).toBe(403);
    expect((await api.request({ method: 'POST', url: '/api/users', payload: { user: {} }, as: vendors })).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: '/api/users/lookup' })).statusCode).toBe(401);
    // Names and e-mails only for screens that choose a user: account managers, signers.
    for (const roles of [[], ['payments'], ['content_owners'], ['portal_admin']]) {
      const other = await api.user(roles);
      expect((await api.request({ method: 'GET', url: '/api/users/lookup?q=lookup', as: other })).statusCode, roles.join()).toBe(403);
    }
    for (const roles of [['vendors_admin'], ['contracts'], ['contracts_admin'], ['admin']]) {
      const picker = await api.user(roles);
      expect((await api.request({ method: 'GET', url: '/api/users/lookup?q=lookup', as: picker })).json(), roles.join()).toHaveLength(1);
    }
    expect((await api.request({ method: 'GET', url: '/api/users/-1', as: admin })).statusCode).toBe(404);
  });
});
