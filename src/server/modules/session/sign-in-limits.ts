import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import './tables.js';

/**
 * The two sign-in limits, each decided atomically before any password is checked, so concurrent
 * attempts cannot all pass a count that none of them has written yet.
 */

/**
 * Logs a sign-in attempt as `pending` and returns its id, or null when the address has used up its
 * attempts in the window (then logged as `rate_limited`). The count lives in the database, so it holds
 * across processes; a transaction-scoped advisory lock per address makes count-and-insert one step.
 */
export async function reserveAddressAttempt(
  db: Db,
  config: Config,
  attempt: { email: string; ip: string | undefined; method: string },
): Promise<number | null> {
  const values = { email: attempt.email.slice(0, 320), ip: attempt.ip ?? null, method: attempt.method };
  return db.transaction().execute(async (trx) => {
    if (attempt.ip) {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sign_in_address:${attempt.ip}`}, 0))`.execute(trx);
      const { n } = await trx
        .selectFrom('sign_in_attempts')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('ip', '=', attempt.ip)
        .where('created_at', '>', new Date(Date.now() - config.signInRateLimit.windowMs))
        .executeTakeFirstOrThrow();
      if (n >= config.signInRateLimit.max) {
        await trx.insertInto('sign_in_attempts').values({ ...values, outcome: 'rate_limited' }).execute();
        return null;
      }
    }
    const row = await trx.insertInto('sign_in_attempts').values({ ...values, outcome: 'pending' }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function recordOutcome(db: Db, attemptId: number, outcome: string): Promise<void> {
  await db.updateTable('sign_in_attempts').set({ outcome }).where('id', '=', attemptId).execute();
}

/**
 * Counts an attempt on the account as a failure up front, in one conditional update: the row lock
 * orders concurrent attempts, the one that reaches the limit sets the lock, and a locked account
 * reserves nothing (false: its password must not be checked). A success then clears the count.
 */
export async function reserveAccountAttempt(db: Db, config: Config, userId: number): Promise<boolean> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - config.lockout.windowMinutes * 60_000);
  const lockUntil = new Date(now.getTime() + config.lockout.lockMinutes * 60_000);
  // In SET every column still means the row before the update.
  const fresh = sql<boolean>`(first_failed_at IS NULL OR first_failed_at < ${windowStart})`;
  const failures = sql<number>`CASE WHEN ${fresh} THEN 1 ELSE failed_attempts + 1 END`;
  const reserved = await db
    .updateTable('users')
    .set({
      failed_attempts: failures,
      first_failed_at: sql<Date>`CASE WHEN ${fresh} THEN ${now}::timestamptz ELSE first_failed_at END`,
      locked_until: sql<Date | null>`CASE WHEN ${failures} >= ${config.lockout.maxFailures} THEN ${lockUntil}::timestamptz ELSE NULL END`,
    })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('id')
    .executeTakeFirst();
  return reserved !== undefined;
}

export async function clearFailures(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ failed_attempts: 0, first_failed_at: null, locked_until: null }).where('id', '=', userId).execute();
}
