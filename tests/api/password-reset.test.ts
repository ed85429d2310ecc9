import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/modules/session/passwords.js';
import { auditTrail } from '../support/audit.js';
import { setupApi } from '../support/api.js';

const api = setupApi({ env: { PUBLIC_URL: 'https://remit.example.com', SIGN_IN_RATE_LIMIT: '1000' } });

afterEach(() => {
  vi.useRealTimers();
});

async function userWithPassword(email: string, password: string, attrs: { disabled?: boolean } = {}) {
  const row = await api.db
    .insertInto('users')
    .values({ email, first_name: 'Rosa', last_name: 'Reset', roles: ['vendors'], disabled: attrs.disabled ?? false, password_digest: await hashPassword(password) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The text of a raw mail, quoted-printable decoded. */
function decode(raw: string): string {
  const body = /content-transfer-encoding: quoted-printable/i.test(raw)
    ? raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
  return Buffer.from(body, 'latin1').toString('utf8');
}

/** The mails sent so far to one address, decoded. */
async function mailsTo(email: string): Promise<string[]> {
  return (await api.outbox()).map(decode).filter((m) => new RegExp(`^To: ${email}$`, 'mi').test(m));
}

/** Asks for a reset link and waits for the job that mails it. */
async function requestReset(email: string) {
  const res = await api.request({ method: 'POST', url: '/users/password.json', payload: { user: { email } } });
  await api.settled();
  return res;
}

async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(204);
  const mails = await mailsTo(email);
  const link = /https:\/\/remit\.example\.com\/users\/password\/edit\?reset_password_token=([A-Za-z0-9_%-]+)/.exec(mails.at(-1) ?? '');
  expect(link, 'the mail holds the link').not.toBeNull();
  return decodeURIComponent(link![1]);
}

const reset = (token: string, password: string, confirmation = password) =>
  api.request({ method: 'PUT', url: '/users/password.json', payload: { user: { reset_password_token: token, password, password_confirmation: confirmation } } });

const signIn = (email: string, password: string) =>
  api.request({ method: 'POST', url: '/users/sign_in.json', payload: { user: { email, password } } });

describe('POST /users/password.json', () => {
  it('answers 204 for known and unknown addresses alike and mails only the known one', async () => {
    await userWithPassword('known@test.local', 'old password 123');
    const before = (await api.outbox()).length;
    const known = await requestReset('Known@Test.local');
    const unknown = await requestReset('unknown@test.local');
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(known.body).toBe('');
    expect(unknown.body).toBe('');
    const mails = (await api.outbox()).slice(before).map(decode);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^To: known@test\.local$/m);
    expect(mails[0]).toContain('https://remit.example.com/users/password/edit?reset_password_token=');
    expect(mails[0]).toContain('Hello Rosa');
  });

  it('does the same work for a known and an unknown address: one job each, which resolves the address', async () => {
    await userWithPassword('same-work@test.local', 'old password 123');
    const jobsSent = async () =>
      (await sql<{ data: unknown }>`SELECT data FROM pgboss.job WHERE name = 'session.password-reset-mail' ORDER BY created_on`.execute(api.db)).rows.map((r) => r.data);
    const before = (await jobsSent()).length;
    const tokensBefore = await api.db.selectFrom('password_tokens').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    // Both requests did the same: one job each, carrying only the address.
    const known = await api.request({ method: 'POST', url: '/users/password.json', payload: { user: { email: 'Same-Work@test.local' } } });
    const unknown = await api.request({ method: 'POST', url: '/users/password.json', payload: { user: { email: 'nobody@test.local' } } });
    expect([known.statusCode, unknown.statusCode]).toEqual([204, 204]);
    expect((await jobsSent()).slice(before)).toEqual([{ email: 'same-work@test.local' }, { email: 'nobody@test.local' }]);
    await api.settled();
    const tokensAfter = await api.db.selectFrom('password_tokens').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(tokensAfter.n - tokensBefore.n).toBe(1);
    expect(await mailsTo('same-work@test.local')).toHaveLength(1);
  });

  it('keeps the limit of three links an hour under concurrent requests', async () => {
    await userWithPassword('concurrent@test.local', 'old password 123');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.request({ method: 'POST', url: '/users/password.json', payload: { user: { email: 'concurrent@test.local' } } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(204));
    await api.settled();
    expect(await mailsTo('concurrent@test.local')).toHaveLength(3);
  });

  it('mails one account at most three links an hour, answering 204 every time', async () => {
    await userWithPassword('flooded@test.local', 'old password 123');
    for (let i = 0; i < 5; i++) expect((await requestReset('flooded@test.local')).statusCode).toBe(204);
    expect(await mailsTo('flooded@test.local')).toHaveLength(3);
  });

  it('mails nobody for a disabled account, and still answers 204', async () => {
    await userWithPassword('disabled@test.local', 'old password 123', { disabled: true });
    const res = await requestReset('disabled@test.local');
    expect(res.statusCode).toBe(204);
    expect(await mailsTo('disabled@test.local')).toEqual([]);
  });

  it('refuses a missing or malformed address with 422', async () => {
    expect((await api.request({ method: 'POST', url: '/users/password.json', payload: { user: {} } })).json()).toEqual({ errors: { email: ['blank'] } });
    expect((await requestReset('not-an-address')).json()).toEqual({ errors: { email: ['invalid'] } });
  });

  it('stores only a digest of the token, valid for 6 hours', async () => {
    const id = await userWithPassword('digest@test.local', 'old password 123');
    const token = await resetToken('digest@test.local');
    const rows = await api.db.selectFrom('password_tokens').selectAll().where('user_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].digest).not.toContain(token);
    const hours = (rows[0].expires_at.getTime() - rows[0].created_at.getTime()) / 3600_000;
    expect(hours).toBeCloseTo(6, 1);
  });
});

describe('PUT /users/password.json', () => {
  it('sets an argon2id password with a token that works once, which then signs in', async () => {
    const id = await userWithPassword('once@test.local', 'old password 123');
    const token = await resetToken('once@test.local');
    const res = await reset(token, 'brand new password 1');
    expect(res.statusCode).toBe(204);
    const { password_digest } = await api.db.selectFrom('users').select('password_digest').where('id', '=', id).executeTakeFirstOrThrow();
    expect(password_digest).toMatch(/^\$argon2id\$/);
    expect((await signIn('once@test.local', 'brand new password 1')).statusCode).toBe(200);
    expect((await signIn('once@test.local', 'old password 123')).statusCode).toBe(401);

    const again = await reset(token, 'another password 22');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { reset_password_token: ['invalid'] } });
    expect((await signIn('once@test.local', 'brand new password 1')).statusCode).toBe(200);
    // Audited once, with the user as the actor, and without the password.
    expect(await auditTrail(api.db, 'User', id)).toEqual([{ action: 'set_password', version: 1, audited_changes: {}, user_id: id }]);
  });

  it('ends every session of the user and every other outstanding link', async () => {
    const u = await api.user(['vendors'], { email: 'sessions@test.local' });
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(200);
    const first = await resetToken('sessions@test.local');
    const second = await resetToken('sessions@test.local');
    expect((await reset(second, 'brand new password 2')).statusCode).toBe(204);
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(401);
    expect((await reset(first, 'brand new password 3')).statusCode).toBe(422);
  });

  it('unlocks a locked account', async () => {
    const id = await userWithPassword('locked@test.local', 'old password 123');
    await api.db.updateTable('users').set({ failed_attempts: 5, locked_until: new Date(Date.now() + 3600_000) }).where('id', '=', id).execute();
    expect((await signIn('locked@test.local', 'old password 123')).statusCode).toBe(401);
    expect((await reset(await resetToken('locked@test.local'), 'brand new password 4')).statusCode).toBe(204);
    expect((await signIn('locked@test.local', 'brand new password 4')).statusCode).toBe(200);
  });

  it('a link expires after 6 hours', async () => {
    await userWithPassword('expiry@test.local', 'old password 123');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const early = await resetToken('expiry@test.local');
    const late = await resetToken('expiry@test.local');
    vi.setSystemTime(start + 6 * 3600_000 + 60_000);
    const expired = await reset(late, 'brand new password 5');
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ errors: { reset_password_token: ['invalid'] } });
    vi.setSystemTime(start + 6 * 3600_000 - 60_000);
    expect((await reset(early, 'brand new password 6')).statusCode).toBe(204);
  });

  it('names a wrong confirmation, a short password and a missing or unknown token, without using the token', async () => {
    await userWithPassword('checks@test.local', 'old password 123');
    const token = await resetToken('checks@test.local');
    const mismatch = await reset(token, 'brand new password 7', 'brand new password 8');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({ errors: { password_confirmation: ['invalid'] } });
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ errors: { password: ['too_short'] } });
    expect((await reset(token, '12345678901')).json()).toEqual({ errors: { password: ['too_short'] } });
    const blank = await api.request({ method: 'PUT', url: '/users/password.json', payload: { user: {} } });
    expect(blank.json()).toEqual({ errors: { reset_password_token: ['blank'], password: ['blank'], password_confirmation: ['blank'] } });
    expect((await reset('not-a-token-at-all-but-long-enough', 'brand new password 9')).json()).toEqual({ errors: { reset_password_token: ['invalid'] } });
    // Refusals did not use the link.
    expect((await reset(token, '123456789012')).statusCode).toBe(204);
  });
});
