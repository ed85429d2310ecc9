import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/modules/session/passwords.js';
import { setupApi } from '../support/api.js';

const api = setupApi({ env: { LOCKOUT_MAX_FAILURES: '3', SIGN_IN_RATE_LIMIT: '1000' } });

async function userWithPassword(email: string, password: string, attrs: { disabled?: boolean; roles?: string[] } = {}) {
  await api.db
    .insertInto('users')
    .values({ email, first_name: 'Ada', last_name: 'Lovelace', roles: attrs.roles ?? ['vendors'], disabled: attrs.disabled ?? false, password_digest: await hashPassword(password) })
    .execute();
}

const signIn = (email: string, password: string, ip = '10.0.0.1') =>
  api.app.inject({ method: 'POST', url: '/users/sign_in.json', payload: { user: { email, password } }, remoteAddress: ip });

describe('sign-in', () => {
  it('answers the current user with a token that authenticates later calls', async () => {
    await userWithPassword('ada@test.local', 'correct horse battery');
    const res = await signIn('ADA@test.local', 'correct horse battery');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: 'ada@test.local', first_name: 'Ada', last_name: 'Lovelace', roles: ['vendors'] });
    expect(body.api_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await api.db.selectFrom('sessions').select('token_digest').execute();
    expect(stored.map((s) => s.token_digest)).not.toContain(body.api_token);

    const check = await api.app.inject({
      method: 'GET',
      url: '/users/sessions.json',
      headers: { authorization: `Bearer ${body.api_token}`, uid: 'ada@test.local', client: 'web' },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ email: 'ada@test.local', roles: ['vendors'] });
  });

  it('answers 401 without detail for a wrong password and for an unknown e-mail', async () => {
    await userWithPassword('bob@test.local', 'correct horse battery');
    const wrong = await signIn('bob@test.local', 'nope nope nope');
    const unknown = await signIn('nobody@test.local', 'whatever it is');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe('');
    expect(unknown.body).toBe('');
  });

  it('names blank fields with 422', async () => {
    const res = await api.app.inject({ method: 'POST', url: '/users/sign_in.json', payload: { user: { email: '' } } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: ['blank'], password: ['blank'] } });
  });

  it('locks an account after repeated failures, even for the right password, and logs every attempt', async () => {
    await userWithPassword('carol@test.local', 'correct horse battery');
    for (let i = 0; i < 3; i++) expect((await signIn('carol@test.local', 'bad password!')).statusCode).toBe(401);
    expect((await signIn('carol@test.local', 'correct horse battery')).statusCode).toBe(401);
    const attempts = await api.db.selectFrom('sign_in_attempts').select('outcome').where('email', '=', 'carol@test.local').orderBy('id').execute();
    expect(attempts.map((a) => a.outcome)).toEqual(['wrong_password', 'wrong_password', 'wrong_password', 'locked']);
  });

  it('refuses a disabled user', async () => {
    await userWithPassword('dave@test.local', 'correct horse battery', { disabled: true });
    expect((await signIn('dave@test.local', 'correct horse battery')).statusCode).toBe(401);
  });
});

describe('session', () => {
  it('needs a bearer token and the matching uid', async () => {
    const u = await api.user(['vendors']);
    expect((await api.request({ method: 'GET', url: '/users/sessions.json' })).statusCode).toBe(401);
    const mismatched = await api.request({ method: 'GET', url: '/users/sessions.json', headers: { ...u.headers, uid: 'someone@else.local' } });
    expect(mismatched.statusCode).toBe(401);
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(200);
  });

  it('sign-out revokes the token on the server', async () => {
    const u = await api.user([]);
    expect((await api.request({ method: 'DELETE', url: '/users/sign_out.json', as: u })).statusCode).toBe(204);
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(401);
  });

  it('an expired token is a 401', async () => {
    const u = await api.user([]);
    await api.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', u.id).execute();
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(401);
  });

  /** Sets the session's last activity `seconds` before the database's now; answers that instant. */
  async function lastSeen(userId: number, seconds: number): Promise<Date> {
    const row = await api.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
      .where('user_id', '=', userId)
      .returning('last_seen_at')
      .executeTakeFirstOrThrow();
    return row.last_seen_at;
  }
  const seenAt = async (userId: number) =>
    (await api.db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', userId).executeTakeFirstOrThrow()).last_seen_at;

  it('a session unused longer than the idle timeout (8 hours) is a 401', async () => {
    const u = await api.user([]);
    await lastSeen(u.id, 8 * 3600 + 60);
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(401);
  });

  it('a request refreshes the last activity when it is older than a minute, and only then', async () => {
    const u = await api.user([]);
    const recent = await lastSeen(u.id, 30);
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(200);
    expect(await seenAt(u.id)).toEqual(recent);

    const old = await lastSeen(u.id, 8 * 3600 - 60);
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(200);
    const refreshed = await seenAt(u.id);
    expect(refreshed.getTime()).toBeGreaterThan(old.getTime() + 8 * 3600 * 1000 - 120_000);
    // Still signed in well past the idle timeout counted from the first activity.
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(200);
  });

  it('a disabled user loses its sessions', async () => {
    const u = await api.user([]);
    await api.db.updateTable('users').set({ disabled: true }).where('id', '=', u.id).execute();
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(401);
  });
});

describe('rate limit', () => {
  it('answers the same 401 once an address has tried too often', async () => {
    await userWithPassword('erin@test.local', 'correct horse battery');
    // Fill this address's window (the limit in this file is 1000; write the attempts directly).
    await api.db
      .insertInto('sign_in_attempts')
      .values(Array.from({ length: 1000 }, () => ({ email: 'x@test.local', ip: '10.9.9.9', method: 'password', outcome: 'wrong_password' })))
      .execute();
    const res = await signIn('erin@test.local', 'correct horse battery', '10.9.9.9');
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('');
    expect((await signIn('erin@test.local', 'correct horse battery', '10.9.9.8')).statusCode).toBe(200);
  });
});

describe('a configured idle timeout', () => {
  const short = setupApi({ env: { SESSION_IDLE_SECONDS: '600' } });

  it('ends a session unused for SESSION_IDLE_SECONDS', async () => {
    const u = await short.user([]);
    const idle = async (seconds: number) => {
      await short.db.updateTable('sessions').set({ last_seen_at: sql<Date>`now() - make_interval(secs => ${seconds})` }).where('user_id', '=', u.id).execute();
    };
    await idle(540);
    expect((await short.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(200);
    await idle(660);
    expect((await short.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(401);
  });
});
