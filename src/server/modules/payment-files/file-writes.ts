import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { WriteContext } from '../../http/resource.js';
import { audit, auditMany } from '../audit/audit.js';
import { fileContent, filePayments, storeFileContent } from './contents.js';
import { debtorAccounts, messageId } from './create.js';
import { PaymentFileError } from './sepa.js';
import './tables.js';

/** Audit type of payment files. */
export const FILE_AUDIT_TYPE = 'PaymentFile';

/** The file of the (already locked) bucket, locked too; 404 when it belongs to another bucket or is gone. */
async function lockedFile(w: WriteContext, bucketId: number, fileId: number) {
  const file = await w.trx.selectFrom('payment_files').selectAll().where('id', '=', fileId).where('payment_bucket_id', '=', bucketId).forUpdate().executeTakeFirst();
  if (!file) throw notFound();
  return file;
}

/** A refusal of the EPC rules or the schema is the request's fault: a 422 that says why, never a 500. */
const refused = (error: unknown) => (error instanceof PaymentFileError ? new HttpError(422, { errors: { base: ['invalid'] }, message: error.message }) : error);

/** Returns the file's payments to `payout_pending` in one UPDATE, audited, detached from the file. */
async function release(w: WriteContext, fileId: number, action: string) {
  const { rows } = await sql<{ id: number }>`
    UPDATE payments SET state = 'payout_pending', payment_file_id = NULL, lock_version = lock_version + 1, updated_at = now()
    WHERE payment_file_id = ${fileId} RETURNING id::int AS id`.execute(w.trx);
  await auditMany(w.trx, { action, type: 'Payment', userId: w.user.id }, rows.map((r) => ({ id: r.id, changes: { state: ['exported', 'payout_pending'], payment_file_id: [fileId, null] } })));
}

/**
 * Deletes a file and returns its payments to `payout_pending`. Only while every one of them is still
 * `exported`: a payment paid out (or marked incorrect) from the file keeps its file, so that is a 422.
 */
export async function deletePaymentFile(ctx: Pick<AppContext, 'storage'>, w: WriteContext, bucketId: number, fileId: number): Promise<void> {
  const file = await lockedFile(w, bucketId, fileId);
  const { rows } = await sql<{ id: number; state: string }>`SELECT id::int AS id, state FROM payments WHERE payment_file_id = ${fileId} ORDER BY id FOR UPDATE`.execute(w.trx);
  const settled = rows.filter((p) => p.state !== 'exported').map((p) => p.id);
  if (settled.length > 0) throw new HttpError(422, { errors: { base: ['in_use'] }, ineligible_ids: settled });
  await release(w, fileId, 'delete_payment_file');
  await w.trx.deleteFrom('payment_files').where('id', '=', fileId).execute();
  await audit(w.trx, { action: 'destroy', type: FILE_AUDIT_TYPE, id: fileId, changes: { digest: [file.digest, null], payments_count: [file.payments_count, null] }, userId: w.user.id });
  w.afterCommit(() => ctx.storage.remove(file.storage_key).catch(() => undefined));
}

/**
 * Rewrites a file with the payments still in it (after cancel_export of some): new content, new digest,
 * new figures. A file left without payments is deleted instead. Answers whether the file still exists.
 */
export async function updatePaymentFile(ctx: Pick<AppContext, 'storage'>, w: WriteContext, bucketId: number, fileId: number): Promise<boolean> {
  const file = await lockedFile(w, bucketId, fileId);
  const payments = await filePayments(w.trx, sql<boolean>`p.payment_file_id = ${fileId}`, { lock: true });
  if (payments.length === 0) {
    await w.trx.deleteFrom('payment_files').where('id', '=', fileId).execute();
    await audit(w.trx, { action: 'destroy', type: FILE_AUDIT_TYPE, id: fileId, changes: { digest: [file.digest, null] }, userId: w.user.id });
    w.afterCommit(() => ctx.storage.remove(file.storage_key).catch(() => undefined));
    return false;
  }
  const organization = payments[0].organization_name;
  const now = new Date();
  let content;
  try {
    const accounts = await debtorAccounts(w.trx, [{ organization_id: file.organization_id, organization_name: organization, currency: file.currency }]);
    content = fileContent(
      {
        organization_name: organization,
        currency: file.currency,
        format: file.format,
        message_id: messageId(bucketId, file.organization_id, file.currency, now),
        debtor: accounts.get(`${file.organization_id}:${file.currency}`)!,
        today: now.toISOString().slice(0, 10),
        now,
      },
      payments,
    );
  } catch (error) {
    throw refused(error);
  }
  const values = await storeFileContent(ctx.storage, file.format, content);
  w.onRollback(() => ctx.storage.remove(values.storage_key).catch(() => undefined));
  await w.trx
    .updateTable('payment_files')
    .set({ ...values, updated_at: now, lock_version: sql`lock_version + 1` })
    .where('id', '=', fileId)
    .execute();
  const changes: Record<string, unknown> = {};
  for (const key of ['digest', 'payments_count', 'amount', 'vat_amount', 'wht_amount', 'total_amount'] as const) {
    if (String(file[key]) !== String(values[key])) changes[key] = [file[key], values[key]];
  }
  await audit(w.trx, { action: 'update_file', type: FILE_AUDIT_TYPE, id: fileId, changes, userId: w.user.id });
  w.afterCommit(() => ctx.storage.remove(file.storage_key).catch(() => undefined));
  return true;
}
