import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { WriteContext } from '../../http/resource.js';
import { audit, auditMany } from '../audit/audit.js';
import { organizationToday } from '../organizations/today.js';
import { fileContent, filePayments, storeFileContent } from './contents.js';
import { debtorAccounts } from './create.js';
import { PaymentFileError } from './sepa.js';
import './tables.js';

/** Audit type of payment files. */
export const FILE_AUDIT_TYPE = 'PaymentFile';

/** Why a file cannot be rewritten or deleted any more (a message key of `payment_files.reasons`), or null. */
export const fileLocked = (file: { downloaded_at: Date | null }) => (file.downloaded_at ? 'downloaded' : null);

/** The file of the (already locked) bucket, locked too; 404 when it belongs to another bucket or is gone. */
async function lockedFile(w: WriteContext, bucketId: number, fileId: number) {
  const file = await w.trx.selectFrom('payment_files').selectAll().where('id', '=', fileId).where('payment_bucket_id', '=', bucketId).forUpdate().executeTakeFirst();
  if (!file) throw notFound();
  return file;
}

/** A downloaded file is what the bank got: a 422 that says so, naming when and that the file stays as sent. */
function refuseSent(file: { id: number; downloaded_at: Date | null }) {
  if (!fileLocked(file)) return;
  throw new HttpError(422, { errors: { base: ['downloaded'] }, message: `Payment file ${file.id} was downloaded on ${file.downloaded_at!.toISOString()}: it stays as it was sent` });
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
 * Deletes a file that was not downloaded and returns its payments to `payout_pending`. A downloaded file
 * is refused (it may be at the bank), and so is one whose payments are no longer all `exported`.
 */
export async function deletePaymentFile(ctx: Pick<AppContext, 'storage'>, w: WriteContext, bucketId: number, fileId: number): Promise<void> {
  // Its payments first, then the file: the order of a transition that leaves the file (`leaveFile`).
  const { rows } = await sql<{ id: number; state: string }>`SELECT id::int AS id, state FROM payments WHERE payment_file_id = ${fileId} ORDER BY id FOR UPDATE`.execute(w.trx);
  const file = await lockedFile(w, bucketId, fileId);
  refuseSent(file);
  const settled = rows.filter((p) => p.state !== 'exported').map((p) => p.id);
  if (settled.length > 0) throw new HttpError(422, { errors: { base: ['in_use'] }, ineligible_ids: settled });
  await release(w, fileId, 'delete_payment_file');
  await w.trx.deleteFrom('payment_files').where('id', '=', fileId).execute();
  await audit(w.trx, { action: 'destroy', type: FILE_AUDIT_TYPE, id: fileId, changes: { digest: [file.digest, null], payments_count: [file.payments_count, null] }, userId: w.user.id });
  w.afterCommit(() => ctx.storage.remove(file.storage_key).catch(() => undefined));
}

/**
 * Rewrites a file not yet downloaded with the payments still `exported` through it: new content, new
 * digest, new figures, the same message id (it never reached a bank). A file left without payments is
 * deleted instead. A downloaded file is refused. Answers whether the file still exists.
 */
export async function updatePaymentFile(ctx: Pick<AppContext, 'storage'>, w: WriteContext, bucketId: number, fileId: number): Promise<boolean> {
  const file = await lockedFile(w, bucketId, fileId);
  refuseSent(file);
  return rewrite(ctx, w, file, 'update_file');
}

type FileRow = Awaited<ReturnType<typeof lockedFile>>;

async function rewrite(ctx: Pick<AppContext, 'storage'>, w: WriteContext, file: FileRow, action: string): Promise<boolean> {
  // The file's lock guards who is in it; its payments are read unlocked, as a transition of one of them holds that payment's lock and waits for the file.
  const payments = await filePayments(w.trx, sql<boolean>`p.payment_file_id = ${file.id}`);
  if (payments.length === 0) {
    await w.trx.deleteFrom('payment_files').where('id', '=', file.id).execute();
    await audit(w.trx, { action: 'destroy', type: FILE_AUDIT_TYPE, id: file.id, changes: { digest: [file.digest, null] }, userId: w.user.id });
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
        message_id: file.message_id ?? `R${file.payment_bucket_id}-F${file.id}-${now.getTime().toString(36)}`,
        debtor: accounts.get(`${file.organization_id}:${file.currency}`)!,
        today: (await organizationToday(w.trx, now))(file.organization_id),
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
    .where('id', '=', file.id)
    .execute();
  const changes: Record<string, unknown> = {};
  for (const key of ['digest', 'payments_count', 'amount', 'vat_amount', 'wht_amount', 'total_amount'] as const) {
    if (String(file[key]) !== String(values[key])) changes[key] = [file[key], values[key]];
  }
  await audit(w.trx, { action, type: FILE_AUDIT_TYPE, id: file.id, changes, userId: w.user.id });
  w.afterCommit(() => ctx.storage.remove(file.storage_key).catch(() => undefined));
  return true;
}

/**
 * A payment leaving `exported` (paid out, marked incorrect, its export cancelled) on its locked row: when
 * its file was not downloaded yet, it leaves the file's content (the file is rewritten, or deleted when
 * empty); when it was, the file stays as it was sent and keeps the payment, whose state says what happened.
 */
export async function leaveFile(ctx: Pick<AppContext, 'storage'>, w: WriteContext, paymentId: number): Promise<void> {
  const row = await w.trx.selectFrom('payments').select(['payment_file_id', 'payment_bucket_id']).where('id', '=', paymentId).executeTakeFirst();
  if (!row?.payment_file_id) return;
  const file = await w.trx.selectFrom('payment_files').selectAll().where('id', '=', row.payment_file_id).forUpdate().executeTakeFirstOrThrow();
  if (fileLocked(file)) return;
  await sql`UPDATE payments SET payment_file_id = NULL WHERE id = ${paymentId}`.execute(w.trx);
  await rewrite(ctx, w, file, 'update_file');
}

/**
 * Records the first download of a file (who and when) and answers what to send: the content as it is
 * at that moment, which from then on is never rewritten. A concurrent rewrite holds the row's lock, so
 * the download waits for it and sends the new content.
 */
export async function recordDownload(w: WriteContext, bucketId: number, fileId: number) {
  const file = await w.trx
    .selectFrom('payment_files')
    .select(['id', 'storage_key', 'format', 'currency', 'organization_id', 'downloaded_at'])
    .where('id', '=', fileId)
    .where('payment_bucket_id', '=', bucketId)
    .forUpdate()
    .executeTakeFirst();
  if (!file) throw notFound();
  if (!file.downloaded_at) {
    const at = new Date();
    await w.trx.updateTable('payment_files').set({ downloaded_at: at, downloaded_by_id: w.user.id }).where('id', '=', fileId).execute();
    await audit(w.trx, { action: 'download', type: FILE_AUDIT_TYPE, id: fileId, changes: { downloaded_at: [null, at.toISOString()] }, userId: w.user.id });
  }
  return file;
}
