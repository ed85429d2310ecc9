import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/modules/session/passwords.js';
import { setupApi } from '../support/api.js';

// The defaults: 5 failures lock an account, 20 attempts a minute per address.
const api = setupApi();
const RIGHT = 'correct horse battery';

async function userWithPassword(email: string) {
  const row = await api.db
    .insertInto('users')
    .values({ email, first_name: 'Ada', last_name: 'Lovelace', roles: ['vendors'], password_digest: await hashPassword(RIGHT) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const signIn = (email: string, password: string, ip: string) =>
  api.app.inject({ method: 'POST', url: '/users/sign_in.json', payload: { user: { email, password } }, remoteAddress: ip });

async function outcomes(where: { email?: string; ip?: string }) {
  let q = api.db.selectFrom('sign_in_attempts').select('outcome');
  if (where.email) q = q.where('email', '=', where.email);
  if (where.ip) q = q.where('ip', '=', where.ip);
  return (await q.execute()).map((r) => r.outcome);
}

describe('sign-in limits under concurrency', () => {
  it('100 concurrent attempts, the right password as number 61, lock the account; passwords are checked only up to the limit', async () => {
    const id = await userWithPassword('target@test.local');
    // From 100 addresses, so the per-address limit plays no part.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn('target@test.local', i === 60 ? RIGHT : `wrong password ${i}`, `10.1.${Math.floor(i / 50)}.${i % 50}`)),
    );
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 401)).toBe(true);
    const admitted = answers[60].statusCode === 200;
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(admitted ? 1 : 0);

    const user = await api.db.selectFrom('users').select(['failed_attempts', 'locked_until']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(user.failed_attempts).toBe(5);
    expect(user.locked_until!.getTime()).toBeGreaterThan(Date.now());
    const logged = await outcomes({ email: 'target@test.local' });
    expect(logged).toHaveLength(100);
    const checked = logged.filter((o) => o === 'wrong_password' || o === 'success').length;
    // The right password is admitted only when its attempt came before the limit (a success clears the count).
    expect(checked).toBeLessThanOrEqual(admitted ? 10 : 5);
    expect(logged.filter((o) => o === 'locked')).toHaveLength(100 - checked);

    // Once locked, the right password is never checked, however many try at once.
    const locked = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn('target@test.local', RIGHT, `10.2.0.${i}`)));
    expect(locked.map((a) => a.statusCode)).toEqual(Array(20).fill(401));
    expect((await outcomes({ email: 'target@test.local' })).filter((o) => o === 'locked')).toHaveLength(120 - checked);
  });

  it('100 concurrent attempts from one address: exactly 20 are looked at, the rest refused unseen', async () => {
    await userWithPassword('victim@test.local');
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(`nobody${i}@test.local`, 'guess', '10.3.3.3')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(401));
    const logged = await outcomes({ ip: '10.3.3.3' });
    expect(logged.filter((o) => o === 'unknown_email')).toHaveLength(20);
    expect(logged.filter((o) => o === 'rate_limited')).toHaveLength(80);
    expect((await signIn('victim@test.local', RIGHT, '10.3.3.3')).statusCode).toBe(401);
    expect((await signIn('victim@test.local', RIGHT, '10.3.3.4')).statusCode).toBe(200);
    expect(await outcomes({ email: 'victim@test.local' })).toEqual(['rate_limited', 'success']);
  });
});
