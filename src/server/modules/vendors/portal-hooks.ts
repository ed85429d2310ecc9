import type { AppContext } from '../../context.js';
import type { WriteContext } from '../../http/resource.js';
import type { VendorContactEmailsTable } from './tables.js';

type EmailRow = { [K in keyof VendorContactEmailsTable]: unknown } & { id: number; email: string; vendor_id: number };

/**
 * Where portal access (a later issue) plugs into the vendor write path. A contact email with
 * `can_access_portal` is to get a portal user (`portal_user_id`) and a confirmation mail with a
 * one-time link (`confirmation_token_digest`, `confirmation_sent_at`); until then no email is pending,
 * so `resend_confirmation_instructions` refuses every email. The portal module replaces
 * `sendConfirmation` (issue the token, mail it inside `w` through the outbox, set `confirmation_sent_at`).
 */
export const portalAccess = {
  async sendConfirmation(_ctx: AppContext, w: WriteContext, email: EmailRow): Promise<void> {
    await w.trx.updateTable('vendor_contact_emails').set({ confirmation_sent_at: new Date() }).where('id', '=', email.id).execute();
  },
  /** After a vendor's lists are saved, inside its write: the portal module gives portal emails their access. */
  async afterSave(_w: WriteContext, _vendorId: number): Promise<void> {},
};
