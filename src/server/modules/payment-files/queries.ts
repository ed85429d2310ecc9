import type { PaymentFile } from '../../../shared/entities/payment-bucket.js';
import type { Db } from '../../db/connection.js';
import { registerBucketFiles } from '../payment-buckets/hooks.js';
import './tables.js';

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
    .select(['f.id', 'f.payment_bucket_id', 'f.organization_id', 'o.name as organization_name', 'f.currency', 'f.format', 'f.digest', 'f.payments_count'])
    .select(['f.amount', 'f.vat_amount', 'f.wht_amount', 'f.total_amount', 'f.created_at'])
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
    };
    out.set(r.payment_bucket_id, [...(out.get(r.payment_bucket_id) ?? []), file]);
  }
  return out;
}

// A bucket answers its files and is not empty while it has any.
registerBucketFiles({ load: (db, bucketIds) => loadBucketFiles(db, bucketIds) });
