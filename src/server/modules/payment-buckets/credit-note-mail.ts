import { sql } from 'kysely';
import { defineJob } from '../../jobs/queue.js';
import { creditNoteLanguage } from './credit-note-pdf.js';
import { CREDIT_NOTE_MAIL_JOB } from './publish.js';

const TEXTS = {
  en: {
    subject: (ref: string, org: string) => `Credit note ${ref} from ${org}`,
    body: (name: string, ref: string, org: string) => `Hello ${name},\n\nattached is credit note ${ref} from ${org}.\n\nKind regards\n${org}`,
  },
  de: {
    subject: (ref: string, org: string) => `Gutschrift ${ref} von ${org}`,
    body: (name: string, ref: string, org: string) => `Guten Tag ${name},\n\nanbei erhalten Sie die Gutschrift ${ref} von ${org}.\n\nMit freundlichen Grüßen\n${org}`,
  },
};

/**
 * Mails a published credit note to the vendor's invoice addresses: the contact emails chosen for the
 * payment's contract vendor, else every contact email of the vendor; the organization's invoice cc
 * addresses in copy. Sent once per payment (the job's key), in the vendor's language; a retry after the mail
 * went out and was recorded (the job's progress) sends nothing. A crash between sending and recording can send
 * it twice: the mail server and the database share no transaction.
 */
export const creditNoteMailJob = defineJob<{ payment_id: number }>({
  name: CREDIT_NOTE_MAIL_JOB,
  async run(job, ctx) {
    // A retry of an attempt that sent the mail and recorded it, then crashed before the job completed: not again.
    if (job.resumed?.done === 1) return;
    const { rows } = await sql<{ reference: string; credit_note_key: string | null; vendor_id: number; contract_vendor_id: number; vendor_name: string; language: string; org_name: string; cc: string[] }>`
      SELECT p.reference, p.credit_note_key, p.vendor_id::int AS vendor_id, p.contract_vendor_id::int AS contract_vendor_id, v.name AS vendor_name, v.language,
        o.name AS org_name, o.invoice_cc_emails AS cc
      FROM payments p JOIN vendors v ON v.id = p.vendor_id JOIN organizations o ON o.id = p.organization_id
      WHERE p.id = ${job.data.payment_id}`.execute(ctx.db);
    const p = rows[0];
    if (!p?.credit_note_key) return;
    const chosen = await sql<{ email: string }>`
      SELECT e.email FROM contract_vendor_contact_emails l JOIN vendor_contact_emails e ON e.id = l.vendor_contact_email_id
      WHERE l.contract_vendor_id = ${p.contract_vendor_id} ORDER BY e.position, e.id`.execute(ctx.db);
    const to = chosen.rows.length > 0 ? chosen.rows : (await sql<{ email: string }>`SELECT email FROM vendor_contact_emails WHERE vendor_id = ${p.vendor_id} ORDER BY position, id`.execute(ctx.db)).rows;
    if (to.length === 0) return;
    const t = TEXTS[creditNoteLanguage(p.language)];
    await ctx.mailer.send({
      to: [...new Set(to.map((r) => r.email))],
      cc: p.cc.length > 0 ? p.cc : undefined,
      subject: t.subject(p.reference, p.org_name),
      text: t.body(p.vendor_name, p.reference, p.org_name),
      attachments: [{ filename: `credit-note-${p.reference}.pdf`, content: await ctx.storage.read(p.credit_note_key), contentType: 'application/pdf' }],
    });
    await job.progress(1, 1);
  },
});
