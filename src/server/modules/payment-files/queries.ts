import type { PaymentFile } from '../../../shared/entities/payment-bucket.js';
import type { Db } from '../../db/connection.js';
import { sql } from 'kysely';
import { type KeptOut, registerBucketFiles } from '../payment-buckets/hooks.js';
import { organizationToday } from '../organizations/today.js';
import { filePayments, fileRefusal } from './contents.js';
import { fileLocked } from './file-writes.js';
import './tables.js';

const userName = (u: { first_name: string | null; last_name: string | null; email: string | null }) => [u.first_name, u.last_name].filter(Boolean).join(' ') || (u.email ?? '');

export type PaymentFileEntity = PaymentFile<Date>;

/** Where a file's content is downloaded (its `url`). */
export const paymentFileUrl = (bucketId: number, fileId: number) => `/api/payment_buckets/${bucketId}/payment_files/${fileId}/download`;

/** The files of these buckets, by bucket id, in one query (organization name, then currency and format). */
export async function loadBucketFiles(db: Db, bucketIds: readonly number[], fileIds?: readonly number[]): Promise<Map<number, PaymentFileEntity[]>> {
  const out = new Map<number, PaymentFileEntity[]>();
  if (bucketIds.length === 0) return out;
  let query = db
    .selectFrom('payment_files as f')
    .innerJoin('organizations as o', 'o.id', 'f.organization_id')
    .leftJoin('users as u', 'u.id', 'f.downloaded_by_id')
    .select(['f.id', 'f.payment_bucket_id', 'f.organization_id', 'o.name as organization_name', 'f.currency', 'f.format', 'f.digest', 'f.payments_count'])
    .select(['f.amount', 'f.vat_amount', 'f.wht_amount', 'f.total_amount', 'f.created_at', 'f.message_id', 'f.downloaded_at', 'f.downloaded_by_id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('f.payment_bucket_id', 'in', bucketIds);
  if (fileIds) query = query.where('f.id', 'in', fileIds.length > 0 ? fileIds : [0]);
  const rows = await query.orderBy('o.name').orderBy('f.currency').orderBy('f.format').orderBy('f.id').execute();
  for (const r of rows) {
    const file: PaymentFileEntity = {
      id: r.id,
      organization: { id: r.organization_id, name: r.organization_name },
      currency: r.currency,
      format: r.format,
      digest: r.digest,
      payments_count: r.payments_count,
      amount: r.amount,
      vat_amount: r.vat_amount,
      wht_amount: r.wht_amount,
      total_amount: r.total_amount,
      created_at: r.created_at,
      url: paymentFileUrl(r.payment_bucket_id, r.id),
      message_id: r.message_id,
      downloaded_at: r.downloaded_at,
      downloaded_by: r.downloaded_by_id === null ? null : { id: r.downloaded_by_id, name: userName(r) },
      can_be_updated: !fileLocked(r),
      can_be_deleted: !fileLocked(r),
      reason: fileLocked(r),
    };
    out.set(r.payment_bucket_id, [...(out.get(r.payment_bucket_id) ?? []), file]);
  }
  return out;
}

/** The `payout_pending` payments of these buckets that no file can take, with the reason (`fileRefusal`), by bucket. */
export async function keptOutPayments(db: Db, bucketIds: readonly number[]): Promise<Map<number, KeptOut[]>> {
  const out = new Map<number, KeptOut[]>();
  const pending = await filePayments(db, sql<boolean>`p.payment_bucket_id = ANY(${[...bucketIds]}::bigint[]) AND p.state = 'payout_pending'`);
  if (pending.length === 0) return out;
  const today = await organizationToday(db);
  for (const p of pending) {
    const reason = fileRefusal(p, today(p.organization_id));
    if (reason && p.payment_bucket_id !== null) out.set(p.payment_bucket_id, [...(out.get(p.payment_bucket_id) ?? []), { id: p.id, reference: p.reference, reason }]);
  }
  return out;
}

// A bucket answers its files and the payments they leave out, and is not empty while it has files.
registerBucketFiles({ load: (db, bucketIds) => loadBucketFiles(db, bucketIds), keptOut: keptOutPayments });
