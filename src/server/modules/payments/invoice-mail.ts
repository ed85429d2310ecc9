import type { AppContext } from '../../context.js';
import { defineJob, type InTransaction } from '../../jobs/queue.js';
import { formatAmount } from '../../../shared/money.js';
import '../contracts/tables.js';
import '../vendors/tables.js';
import './tables.js';

export const INVOICE_VERIFIED_MAIL_JOB = 'payments.invoice-verified-mail';

/** Sent inside the verify's transaction: the mail exists exactly when the verification committed. */
export function sendInvoiceVerifiedMail(ctx: AppContext, w: InTransaction, paymentId: number, comment: string | null) {
  return ctx.jobs.send(w, INVOICE_VERIFIED_MAIL_JOB, { payment_id: paymentId, comment }, { entity: { type: 'Payment', id: paymentId } });
}

const TEXTS = {
  en: {
    subject: (ref: string) => `Your invoice for payment ${ref} was accepted`,
    body: (name: string, ref: string, total: string, comment: string | null) =>
      `Hello ${name},\n\nwe checked and accepted your invoice for payment ${ref} (${total}). It will be paid out with the next payment run.\n${comment ? `\nComment:\n${comment}\n` : ''}`,
  },
  de: {
    subject: (ref: string) => `Ihre Rechnung zur Zahlung ${ref} wurde angenommen`,
    body: (name: string, ref: string, total: string, comment: string | null) =>
      `Hallo ${name},\n\nwir haben Ihre Rechnung zur Zahlung ${ref} (${total}) geprüft und angenommen. Sie wird mit dem nächsten Zahlungslauf ausgezahlt.\n${comment ? `\nKommentar:\n${comment}\n` : ''}`,
  },
};

/**
 * Mails the vendor that its invoice was verified, in the vendor's language: to the contact e-mails the
 * contract names for this contract vendor, or else every contact e-mail of the vendor.
 */
export const invoiceVerifiedMailJob = defineJob<{ payment_id: number; comment: string | null }>({
  name: INVOICE_VERIFIED_MAIL_JOB,
  async run(job, ctx) {
    // An earlier attempt that failed after the mail went out: not again.
    if (job.resumed?.done === 1) return;
    const payment = await ctx.db
      .selectFrom('payments as p')
      .innerJoin('vendors as v', 'v.id', 'p.vendor_id')
      .select(['p.reference', 'p.total_amount', 'p.currency', 'p.contract_vendor_id', 'p.vendor_id', 'v.name', 'v.language'])
      .where('p.id', '=', job.data.payment_id)
      .executeTakeFirst();
    if (!payment) return;
    const chosen = await ctx.db
      .selectFrom('contract_vendor_contact_emails as c')
      .innerJoin('vendor_contact_emails as e', 'e.id', 'c.vendor_contact_email_id')
      .select('e.email')
      .where('c.contract_vendor_id', '=', payment.contract_vendor_id)
      .execute();
    const emails = chosen.length > 0 ? chosen : await ctx.db.selectFrom('vendor_contact_emails').select('email').where('vendor_id', '=', payment.vendor_id).execute();
    const to = [...new Set(emails.map((e) => e.email))];
    if (to.length > 0) {
      const lang = payment.language === 'de' ? 'de' : 'en';
      const t = TEXTS[lang];
      const total = formatAmount(payment.total_amount, payment.currency, lang);
      await ctx.mailer.send({ to: to.join(', '), subject: t.subject(payment.reference), text: t.body(payment.name, payment.reference, total, job.data.comment) });
    }
    await job.progress(1, 1);
  },
});
