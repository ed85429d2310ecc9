import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { digest, newToken } from '../../lib/tokens.js';
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
): Promise<void> {
  const token = await issuePasswordToken(ctx.db, user.id);
  const link = `${ctx.config.publicUrl}/users/password/edit?reset_password_token=${encodeURIComponent(token)}`;
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

/** Answers the same whatever the address: whether an account exists is never revealed. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('disabled', '=', false)
    .executeTakeFirst();
  if (!user) return;
  // At most a few links an hour per account: asking again and again must not flood the mailbox.
  const { n } = await ctx.db
    .selectFrom('password_tokens')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', user.id)
    .where('created_at', '>', new Date(Date.now() - 3600_000))
    .executeTakeFirstOrThrow();
  if (n >= RESET_MAILS_PER_HOUR) return;
  await sendPasswordMail(ctx, user, 'reset');
}

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
    return true;
  });
}
