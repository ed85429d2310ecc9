import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { defineJob, type InTransaction } from '../../jobs/queue.js';
import { digest, newToken } from '../../lib/tokens.js';
import '../vendors/tables.js';
import { portalText } from './texts.js';
import './tables.js';

export const CONFIRMATION_MAIL_JOB = 'vendor_portal.confirmation-mail';

/** The portal user of an address: one per address (case-insensitive), made on first use. */
async function portalUserFor(trx: Db, email: string): Promise<number> {
  const row = await trx
    .insertInto('portal_users')
    .values({ email })
    .onConflict((oc) => oc.constraint('portal_users_email_key').doUpdateSet({ email: (eb) => eb.ref('portal_users.email') }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Marks the confirmation as sent and sends the mail's job in the caller's transaction: a rolled-back
 * write mails nothing. The job issues the link, so the token never sits in the queue's tables.
 */
export async function sendConfirmation(ctx: Pick<AppContext, 'jobs'>, w: InTransaction, emailId: number): Promise<void> {
  await w.trx.updateTable('vendor_contact_emails').set({ confirmation_sent_at: new Date() }).where('id', '=', emailId).execute();
  await ctx.jobs.send(w, CONFIRMATION_MAIL_JOB, { email_id: emailId });
}

/**
 * After a vendor write (DOMAIN.md "Vendors"): each contact email that may access the portal and has
 * no portal user yet gets one and a confirmation mail. An address whose access was taken away keeps
 * its portal user, but is no longer pending and cannot be signed in as.
 */
export async function grantPortalAccess(ctx: Pick<AppContext, 'jobs'>, w: InTransaction, vendorId: number): Promise<void> {
  // A database whose job queue is not installed yet (the demo data of a first start, written before
  // pg-boss creates its tables) grants nothing: the vendor's next save does, with its mail.
  const queue = await sql<{ ready: boolean }>`SELECT to_regclass('pgboss.job') IS NOT NULL AS ready`.execute(w.trx);
  if (!queue.rows[0]?.ready) return;
  const emails = await w.trx
    .selectFrom('vendor_contact_emails')
    .select(['id', 'email'])
    .where('vendor_id', '=', vendorId)
    .where('can_access_portal', '=', true)
    .where('portal_user_id', 'is', null)
    .execute();
  for (const e of emails) {
    const portalUserId = await portalUserFor(w.trx, e.email);
    await w.trx.updateTable('vendor_contact_emails').set({ portal_user_id: portalUserId, is_confirmed: false }).where('id', '=', e.id).execute();
    await sendConfirmation(ctx, w, e.id);
  }
}

/** Mails the one-time confirmation link of a pending email, in the vendor's language. */
export const confirmationMailJob = defineJob<{ email_id: number }>({
  name: CONFIRMATION_MAIL_JOB,
  async run(job, ctx) {
    if (job.resumed?.done === 1) return;
    const token = newToken();
    const row = await ctx.db.transaction().execute(async (trx) => {
      const pending = await trx
        .updateTable('vendor_contact_emails')
        .set({ confirmation_token_digest: digest(token) })
        .where('id', '=', job.data.email_id)
        .where('can_access_portal', '=', true)
        .where('is_confirmed', '=', false)
        .where('portal_user_id', 'is not', null)
        .returning(['email', 'vendor_id', 'vendor_contact_id'])
        .executeTakeFirst();
      if (!pending) return undefined;
      const vendor = await trx.selectFrom('vendors').select(['name', 'language']).where('id', '=', pending.vendor_id).executeTakeFirstOrThrow();
      const contact = await trx.selectFrom('vendor_contacts').select(['first_name']).where('id', '=', pending.vendor_contact_id).executeTakeFirstOrThrow();
      return { ...pending, vendor, contact };
    });
    if (row) {
      const link = `${ctx.config.publicUrl}/vendor_portal/confirmation?confirmation_token=${encodeURIComponent(token)}`;
      const lng = row.vendor.language;
      await ctx.mailer.send({
        to: row.email,
        subject: portalText(lng, 'mail_subject', { vendor: row.vendor.name }),
        text: portalText(lng, 'mail_body', { name: row.contact.first_name, vendor: row.vendor.name, link }),
      });
    }
    await job.progress(1, 1);
  },
});

/** Uses a confirmation link once: the email is confirmed and the token forgotten. Null when it is not valid. */
export async function confirmEmail(db: Db, token: string): Promise<{ email: string; vendor_name: string; language: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await db
    .updateTable('vendor_contact_emails')
    .set({ is_confirmed: true, confirmation_token_digest: null, updated_at: sql`now()` })
    .where('confirmation_token_digest', '=', digest(token))
    .where('can_access_portal', '=', true)
    .returning(['email', 'vendor_id'])
    .executeTakeFirst();
  if (!row) return null;
  const vendor = await db.selectFrom('vendors').select(['name', 'language']).where('id', '=', row.vendor_id).executeTakeFirstOrThrow();
  return { email: row.email, vendor_name: vendor.name, language: vendor.language };
}

/** The email a confirmation link is for, without using it (the page that asks to confirm). */
export async function pendingConfirmation(db: Db, token: string): Promise<{ email: string; vendor_name: string; language: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await db
    .selectFrom('vendor_contact_emails as e')
    .innerJoin('vendors as v', 'v.id', 'e.vendor_id')
    .select(['e.email', 'v.name as vendor_name', 'v.language'])
    .where('e.confirmation_token_digest', '=', digest(token))
    .where('e.can_access_portal', '=', true)
    .executeTakeFirst();
  return row ?? null;
}
