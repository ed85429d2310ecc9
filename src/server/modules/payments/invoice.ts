import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { notFound, ValidationFailed } from '../../http/errors.js';
import { isUploadedFile, readBody } from '../../http/multipart.js';
import { failIf, type RecordWriter, unstorableText, unwrap, type WriteContext } from '../../http/resource.js';
import type { UploadRule } from '../../lib/storage.js';
import { audit } from '../audit/audit.js';
import type { PaymentAction } from './actions.js';
import { sendInvoiceVerifiedMail } from './invoice-mail.js';
import { DETAIL_ROLES, FLAG_ROLES } from '../../../shared/payment-lifecycle.js';
import type { PaymentEntity } from './queries.js';

/** Spec 3, 5.1 and 9: the invoice is a .pdf, told by its content; the size limit is the uploads' limit. */
export const invoiceRule = (ctx: AppContext): UploadRule => ({ types: ['application/pdf'], maxBytes: ctx.config.uploadMaxBytes });

const COMMENT_MAX = 10_000;

/** A verify's params, bare or under `payment`: comment (multiline, optional) and send_notification (default false). */
function verifyParams(params: Record<string, unknown>): { comment: string | null; sendNotification: boolean } {
  const body = params.payment && typeof params.payment === 'object' ? unwrap(params, 'payment') : params;
  const errors: Record<string, string[]> = {};
  const raw = body.comment;
  if (raw !== undefined && raw !== null && (typeof raw !== 'string' || raw.length > COMMENT_MAX)) errors.comment = ['invalid'];
  const flag = body.send_notification;
  if (flag !== undefined && flag !== null && ![true, false, 'true', 'false', '1', '0'].includes(flag as never)) errors.send_notification = ['invalid'];
  failIf(errors);
  const comment = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
  return { comment, sendNotification: flag === true || flag === 'true' || flag === '1' };
}

/** Verify and invalidate (spec 3, 4.1: both under `can_be_verified`). */
export function invoiceActions(ctx: AppContext): Record<string, PaymentAction> {
  return {
    verify_invoice: {
      flag: 'can_be_verified',
      roles: FLAG_ROLES.can_be_verified,
      run: async (w, current, params) => {
        const { comment, sendNotification } = verifyParams(params);
        // Who verified is kept (and audited as `verified_by`): under four eyes they do not pay it out.
        await sql`UPDATE payments SET state = 'payout_pending', verified_by_id = ${w.user.id} WHERE id = ${current.id}`.execute(w.trx);
        // The comment is no field of the payment: it is kept in the audit trail beside the state change.
        if (comment || sendNotification) {
          await audit(w.trx, { action: 'verify_invoice', type: 'Payment', id: current.id, changes: { comment: [null, comment], send_notification: [null, sendNotification] }, userId: w.user.id });
        }
        if (sendNotification) await sendInvoiceVerifiedMail(ctx, w, current.id, comment);
      },
    },
    invalidate_invoice: {
      flag: 'can_be_verified',
      roles: FLAG_ROLES.can_be_verified,
      run: async (w, current) => {
        await sql`UPDATE payments SET state = 'invoice_invalid' WHERE id = ${current.id}`.execute(w.trx);
      },
    },
  };
}

/**
 * Stores an invoice (already checked and in storage under `key`) on the locked payment: invoice_added, with
 * when it was attached; a replaced invoice file is removed once the write has committed.
 */
export async function attachInvoice(ctx: Pick<AppContext, 'storage'>, w: WriteContext, current: PaymentEntity, key: string, invoiceNumber: string | null): Promise<void> {
  const before = await w.trx.selectFrom('payments').select('invoice_file_key').where('id', '=', current.id).executeTakeFirstOrThrow();
  await w.trx
    .updateTable('payments')
    .set({ state: 'invoice_added', invoice_file_key: key, invoice_attached_at: new Date(), ...(invoiceNumber?.trim() ? { invoice_number: invoiceNumber.trim() } : {}) })
    .where('id', '=', current.id)
    .execute();
  const old = before.invoice_file_key;
  if (old && old !== key) w.afterCommit(() => ctx.storage.remove(old).catch(() => undefined));
}

/**
 * `POST /api/payments/{id}/attach_invoice` (multipart `invoice_pdf`, or `payment[invoice_pdf]`): the file is
 * streamed to storage and checked by content and size first, then stored on the locked payment if its
 * `can_attach_invoice` holds there; the payment goes to invoice_added. A replaced invoice is removed after
 * commit. `GET /api/payments/{id}/invoice` serves it to the readers of the payment.
 */
export function invoiceRoutes(app: FastifyInstance, ctx: AppContext, writer: RecordWriter<PaymentEntity>): void {
  const rules = { invoice_pdf: invoiceRule(ctx), 'payment[invoice_pdf]': invoiceRule(ctx) };
  app.post<{ Params: { id: string } }>('/api/payments/:id/attach_invoice', { config: { roles: FLAG_ROLES.can_attach_invoice } }, async (request) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    const raw = await readBody(request, rules);
    const body = raw.payment && typeof raw.payment === 'object' ? unwrap(raw, 'payment') : raw;
    failIf(unstorableText(body));
    const file = body.invoice_pdf;
    if (!isUploadedFile(file)) throw new ValidationFailed({ invoice_pdf: ['blank'] });
    const number = body.invoice_number;
    if (number !== undefined && number !== null && (typeof number !== 'string' || number.length > 100)) throw new ValidationFailed({ invoice_number: ['invalid'] });
    await writer.one(user, id, 'attach_invoice', async (w, { current }) => {
      if (!current.can_attach_invoice) throw new ValidationFailed({ base: ['ineligible'] });
      await attachInvoice(ctx, w, current, file.key, typeof number === 'string' ? number : null);
      await writer.recorded(w, current, 'attach_invoice');
    });
    return writer.answer(ctx.db, id, user);
  });

  app.get<{ Params: { id: string } }>('/api/payments/:id/invoice', { config: { roles: DETAIL_ROLES } }, async (request, reply) => {
    const id = await writer.idOf(request.params.id);
    const row = await ctx.db.selectFrom('payments').select(['invoice_file_key', 'reference']).where('id', '=', id).executeTakeFirst();
    if (!row?.invoice_file_key) throw notFound();
    const data = await ctx.storage.open(row.invoice_file_key).catch(() => undefined);
    if (!data) throw notFound();
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="invoice-${row.reference}.pdf"`).send(data);
  });
}

