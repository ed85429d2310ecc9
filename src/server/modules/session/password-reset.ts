import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { digest, newToken } from '../../lib/tokens.js';
import { defineJob, type InTransaction } from '../../jobs/queue.js';
import { audit } from '../audit/audit.js';
import { hashPassword } from './passwords.js';
import { revokeUserSessions } from './service.js';
import './tables.js';

const TOKEN_HOURS = 6;

/** A one-time link to set a password, valid 6 hours, stored only as a digest. */
export async function issuePasswordToken(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('password_tokens')
    .values({ user_id: userId, digest: digest(token), expires_at: new Date(Date.now() + TOKEN_HOURS * 3600_000) })
    .execute();
  return token;
}

/** Mails a set-password link: `welcome` for a new account, `reset` when asked or when an admin resets it. */
export async function sendPasswordMail(
  ctx: AppContext,
  user: { id: number; email: string; first_name: string },
  kind: 'welcome' | 'reset',
  token?: string,
): Promise<void> {
  const link = `${ctx.config.publicUrl}/users/password/edit?reset_password_token=${encodeURIComponent(token ?? (await issuePasswordToken(ctx.db, user.id)))}`;
  const subject = kind === 'welcome' ? 'Your Remit account' : 'Set your Remit password';
  const intro =
    kind === 'welcome'
      ? 'an account has been created for you in Remit.'
      : 'someone asked to set a new password for your Remit account. If it was not you, ignore this mail.';
  await ctx.mailer.send({
    to: user.email,
    subject,
    text: `Hello ${user.first_name},\n\n${intro}\n\nSet your password here (the link works once, for ${TOKEN_HOURS} hours):\n${link}\n`,
  });
}

/**
 * The forgot-password form: the same work whatever the address (one job in one transaction), so
 * neither the answer nor its timing tells whether an account exists. The job resolves the address.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  await ctx.jobs.send(ctx.db, RESET_MAIL_JOB, { email: email.trim().toLowerCase() });
}

const RESET_MAIL_JOB = 'session.password-reset-mail';

/** Mails a reset link to an enabled account with this address, at most a few an hour per account. */
export const resetMailJob = defineJob<{ email: string }>({
  name: RESET_MAIL_JOB,
  async run(job, ctx) {
    // Sent by an earlier attempt that failed after the mail went out: not again.
    if (job.resumed?.done === 1) return;
    const issued = await ctx.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'email', 'first_name'])
        .where(sql`lower(email)`, '=', job.data.email)
        .where('disabled', '=', false)
        .executeTakeFirst();
      if (!user) return undefined;
      // Counted under a lock per account, so concurrent jobs cannot pass the limit together.
      await sql`SELECT pg_advisory_xact_lock(hashtext('remit:password-reset'), ${user.id}::int)`.execute(trx);
      const { n } = await trx
        .selectFrom('password_tokens')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', user.id)
        .where('created_at', '>', new Date(Date.now() - 3600_000))
        .executeTakeFirstOrThrow();
      // At most a few links an hour per account: asking again and again must not flood the mailbox.
      if (n >= RESET_MAILS_PER_HOUR) return undefined;
      return { user, token: await issuePasswordToken(trx, user.id) };
    });
    if (!issued) return;
    await sendPasswordMail(ctx, issued.user, 'reset', issued.token);
    await job.progress(1, 1, 'mailed');
  },
});

const PASSWORD_MAIL_JOB = 'session.password-mail';

/**
 * Sends a welcome (new account) or reset (an admin asked) mail from inside the caller's write: the job
 * exists exactly when the user write committed, so a rolled-back create mails nothing, and a mail
 * server that is down delays the mail (retries) instead of failing or slowing the request.
 */
export function sendPasswordMailJob(ctx: AppContext, w: InTransaction, userId: number, kind: 'welcome' | 'reset'): Promise<string | null> {
  return ctx.jobs.send(w, PASSWORD_MAIL_JOB, { user_id: userId, kind }, { entity: { type: 'User', id: userId } });
}

export const passwordMailJob = defineJob<{ user_id: number; kind: 'welcome' | 'reset' }>({
  name: PASSWORD_MAIL_JOB,
  async run(job, ctx) {
    // Sent by an earlier attempt that failed after the mail went out: not again.
    if (job.resumed?.done === 1) return;
    // Read when it runs: the address as it is now; a user deleted meanwhile gets nothing.
    const user = await ctx.db.selectFrom('users').select(['id', 'email', 'first_name']).where('id', '=', job.data.user_id).executeTakeFirst();
    if (!user) return;
    await sendPasswordMail(ctx, user, job.data.kind);
    await job.progress(1, 1, 'mailed');
  },
});

export const sessionJobs = [resetMailJob, passwordMailJob];

export const RESET_MAILS_PER_HOUR = 3;

/** Uses a token once; false when it is unknown, used or expired. */
export async function resetPassword(db: Db, token: string, password: string): Promise<boolean> {
  const passwordDigest = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('password_tokens')
      .set({ used_at: new Date() })
      .where('digest', '=', digest(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .updateTable('users')
      .set({ password_digest: passwordDigest, failed_attempts: 0, first_failed_at: null, locked_until: null, updated_at: new Date() })
      .where('id', '=', row.user_id)
      .execute();
    // Other outstanding links and every session end with the new password.
    await trx.updateTable('password_tokens').set({ used_at: new Date() }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
    await revokeUserSessions(trx, row.user_id);
    // The holder of the link is the actor; the password itself is never in the trail.
    await audit(trx, { action: 'set_password', type: 'User', id: row.user_id, changes: {}, userId: row.user_id });
    return true;
  });
}
