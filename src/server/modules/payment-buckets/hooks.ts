import type { PaymentBucket, PaymentFile } from '../../../shared/entities/payment-bucket.js';
import type { Db } from '../../db/connection.js';

/**
 * Payment files live in their own area (migration 0023), which plugs in here: its files answer a bucket's
 * `payment_files`, and a bucket with files is not empty (so it cannot be deleted). Until then there are none.
 */
export interface BucketFilesSource {
  /** The files of these buckets, by bucket id, in one query. */
  load(db: Db, bucketIds: readonly number[]): Promise<Map<number, PaymentFile<Date>[]>>;
  /** The `payout_pending` payments of these buckets no file can take, with the reason, by bucket id. */
  keptOut(db: Db, bucketIds: readonly number[]): Promise<Map<number, KeptOut[]>>;
}

export type KeptOut = PaymentBucket['payments_kept_out'][number];

const sources: BucketFilesSource[] = [];

export function registerBucketFiles(source: BucketFilesSource): void {
  sources.push(source);
}

export async function bucketFiles(db: Db, bucketIds: readonly number[]): Promise<Map<number, PaymentFile<Date>[]>> {
  const files = new Map<number, PaymentFile<Date>[]>();
  if (bucketIds.length === 0) return files;
  for (const source of sources) for (const [id, list] of await source.load(db, bucketIds)) files.set(id, [...(files.get(id) ?? []), ...list]);
  return files;
}

export async function bucketKeptOut(db: Db, bucketIds: readonly number[]): Promise<Map<number, KeptOut[]>> {
  const out = new Map<number, KeptOut[]>();
  if (bucketIds.length === 0) return out;
  for (const source of sources) for (const [id, list] of await source.keptOut(db, bucketIds)) out.set(id, [...(out.get(id) ?? []), ...list]);
  return out;
}
