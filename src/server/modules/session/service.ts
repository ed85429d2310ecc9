import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { digest, newToken } from '../../lib/tokens.js';
import { verifyPassword } from './passwords.js';
import { clearFailures, recordOutcome, reserveAccountAttempt, reserveAddressAttempt } from './sign-in-limits.js';
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
  const attemptId = await reserveAddressAttempt(db, config, { email, ip: input.ip, method: 'password' });
  if (attemptId === null) return { ok: false, reason: 'rate_limited' };

  const user = await db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  // Only an attempt reserved on an unlocked account has its password checked; the others spend the
  // same time on a dummy, so a locked or unknown account does not show.
  const reserved = user ? await reserveAccountAttempt(db, config, user.id) : false;
  const valid = await verifyPassword(reserved ? user!.password_digest : null, input.password);
  let reason = 'success';
  if (!user) reason = 'unknown_email';
  else if (!reserved) reason = 'locked';
  else if (!valid) reason = 'wrong_password';
  else if (user.disabled) reason = 'disabled';

  await recordOutcome(db, attemptId, reason);
  if (!user || reason !== 'success') return { ok: false, reason };
  await clearFailures(db, user.id);
  return { ok: true, user };
}
