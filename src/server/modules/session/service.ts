import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { digest, newToken } from '../../lib/tokens.js';
import { verifyPassword } from './passwords.js';
import './tables.js';

export interface SessionUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  roles: string[];
}

export function sessionBody(user: SessionUser, token: string) {
  return {
    email: user.email,
    api_token: token,
    first_name: user.first_name,
    last_name: user.last_name,
    roles: user.roles,
  };
}

export async function createSession(
  db: Db,
  config: Config,
  userId: number,
  meta: { client?: string; ip?: string },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_digest: digest(token),
      client: meta.client?.slice(0, 40) ?? null,
      ip: meta.ip ?? null,
      expires_at: new Date(Date.now() + config.sessionTtlSeconds * 1000),
    })
    .execute();
  await db.updateTable('users').set({ last_sign_in_at: new Date() }).where('id', '=', userId).execute();
  return token;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
}

/** Ends every session of a user (disabled, deleted or password changed). */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

async function logAttempt(db: Db, email: string, ip: string | undefined, method: string, outcome: string) {
  await db.insertInto('sign_in_attempts').values({ email: email.slice(0, 320), ip: ip ?? null, method, outcome }).execute();
}

export type SignInOutcome = { ok: true; user: SessionUser } | { ok: false; reason: string };

/**
 * Password sign-in. Every refusal (wrong e-mail, wrong password, disabled, locked, rate limited) looks
 * the same to the caller; the reason is only logged.
 */
export async function signInWithPassword(
  db: Db,
  config: Config,
  input: { email: string; password: string; ip?: string },
): Promise<SignInOutcome> {
  const email = input.email.trim();
  const since = new Date(Date.now() - config.signInRateLimit.windowMs);
  if (input.ip) {
    const { n } = await db
      .selectFrom('sign_in_attempts')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('ip', '=', input.ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (n >= config.signInRateLimit.max) {
      await logAttempt(db, email, input.ip, 'password', 'rate_limited');
      return { ok: false, reason: 'rate_limited' };
    }
  }

  const user = await db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  const valid = await verifyPassword(user?.password_digest ?? null, input.password);
  let reason = 'success';
  if (!user) reason = 'unknown_email';
  else if (user.locked_until && user.locked_until > new Date()) reason = 'locked';
  else if (!valid) reason = 'wrong_password';
  else if (user.disabled) reason = 'disabled';

  if (user && reason === 'wrong_password') {
    const windowStart = new Date(Date.now() - config.lockout.windowMinutes * 60_000);
    const fresh = !user.first_failed_at || user.first_failed_at < windowStart;
    const failures = fresh ? 1 : user.failed_attempts + 1;
    await db
      .updateTable('users')
      .set({
        failed_attempts: failures,
        first_failed_at: fresh ? new Date() : user.first_failed_at,
        locked_until: failures >= config.lockout.maxFailures ? new Date(Date.now() + config.lockout.lockMinutes * 60_000) : null,
      })
      .where('id', '=', user.id)
      .execute();
  }
  await logAttempt(db, email, input.ip, 'password', reason);
  if (!user || reason !== 'success') return { ok: false, reason };
  await db
    .updateTable('users')
    .set({ failed_attempts: 0, first_failed_at: null, locked_until: null })
    .where('id', '=', user.id)
    .execute();
  return { ok: true, user };
}
