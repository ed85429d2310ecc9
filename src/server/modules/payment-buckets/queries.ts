import { sql } from 'kysely';
import type { PaymentsSummaryRow } from '../../../shared/entities/payment.js';
import type { PaymentBucket } from '../../../shared/entities/payment-bucket.js';
import type { Db } from '../../db/connection.js';
import type { JobFailure, Jobs } from '../../jobs/queue.js';
import { byIds } from '../../http/resource.js';
import type { FourEyesRule } from '../../../shared/payment-lifecycle.js';
import { bucketFiles, bucketKeptOut } from './hooks.js';
import './tables.js';
import '../payments/tables.js';

export type PaymentBucketEntity = PaymentBucket<Date>;

/** Publish and file jobs make their bucket pending under this entity type. */
export const BUCKET_ENTITY = 'PaymentBucket';

/** The bucket's jobs by the action that starts them (publish here; payment files plug in through hooks). */
const JOB_ACTIONS: Record<string, string> = { 'payment_buckets.publish': 'publish_payments', 'payment_files.create': 'create_payment_files' };

/** Payments per bucket, organization and currency (the summary of 3.2), summed by the database exactly. */
async function summaries(db: Db, ids: readonly number[]): Promise<Map<number, PaymentsSummaryRow[]>> {
  const { rows } = await sql<PaymentsSummaryRow & { bucket_id: number }>`
    SELECT p.payment_bucket_id::int AS bucket_id, o.id::int AS organization_id, o.name AS organization_name, p.currency,
      count(*)::int AS payments_count, sum(p.amount)::text AS amount, sum(p.vat_amount)::text AS vat_amount,
      sum(p.wht_amount)::text AS wht_amount, sum(p.total_amount)::text AS total_amount
    FROM payments p JOIN organizations o ON o.id = p.organization_id
    WHERE p.payment_bucket_id = ANY(${[...ids]}::bigint[])
    GROUP BY p.payment_bucket_id, o.id, o.name, p.currency ORDER BY o.name, o.id, p.currency`.execute(db);
  const map = new Map<number, PaymentsSummaryRow[]>();
  for (const { bucket_id, ...row } of rows) map.set(bucket_id, [...(map.get(bucket_id) ?? []), row]);
  return map;
}

/** Per bucket: how many payments, the payout when there is only one, and whether anything waits for publish or files. */
async function contents(db: Db, ids: readonly number[]) {
  const { rows } = await sql<{ bucket_id: number; payments_count: number; payout_id: number | null; payout_month: string | null; publishable: boolean; exportable: boolean }>`
    SELECT p.payment_bucket_id::int AS bucket_id, count(*)::int AS payments_count,
      CASE WHEN count(DISTINCT p.payout_id) = 1 AND count(p.payout_id) = count(*) THEN min(p.payout_id)::int END AS payout_id,
      CASE WHEN count(DISTINCT p.payout_id) = 1 AND count(p.payout_id) = count(*) THEN to_char(min(po.month), 'YYYY-MM-DD') END AS payout_month,
      bool_or(p.type IN ('self_billing', 'advance') AND p.state = 'new') AS publishable,
      bool_or(p.state = 'payout_pending') AS exportable
    FROM payments p LEFT JOIN payouts po ON po.id = p.payout_id
    WHERE p.payment_bucket_id = ANY(${[...ids]}::bigint[])
    GROUP BY p.payment_bucket_id`.execute(db);
  return new Map(rows.map((r) => [r.bucket_id, r]));
}

/**
 * Four eyes (DOMAIN.md "Four-eyes on money out"), by bucket: the rule that keeps `userId` from creating
 * the bucket's payment files, when one of its payments belongs to an organization that requires four eyes
 * and the user published the bucket or verified one of its payments.
 */
export async function createFilesRefusals(db: Db, ids: readonly number[], userId: number | null): Promise<Map<number, FourEyesRule>> {
  if (userId === null || ids.length === 0) return new Map();
  const { rows } = await sql<{ bucket_id: number; published: boolean; verified: boolean }>`
    SELECT p.payment_bucket_id::int AS bucket_id,
      EXISTS (SELECT 1 FROM payment_bucket_publishers bp WHERE bp.payment_bucket_id = p.payment_bucket_id AND bp.user_id = ${userId}) AS published,
      bool_or(p.verified_by_id = ${userId}) AS verified
    FROM payments p JOIN organizations o ON o.id = p.organization_id
    WHERE p.payment_bucket_id = ANY(${[...ids]}::bigint[]) AND o.four_eyes
    GROUP BY p.payment_bucket_id`.execute(db);
  const out = new Map<number, FourEyesRule>();
  for (const r of rows) {
    if (r.published) out.set(r.bucket_id, 'four_eyes_publisher_creates_files');
    else if (r.verified) out.set(r.bucket_id, 'four_eyes_verifier_creates_files');
  }
  return out;
}

/** The failure as answered, the job named by its action (`payment_files.create` → `create_payment_files`). */
function lastFailure(f: JobFailure | undefined): PaymentBucketEntity['last_job_failure'] {
  if (!f) return null;
  return { job: JOB_ACTIONS[f.name] ?? f.name, message: f.message, failed_at: f.failed_at };
}

/** Buckets as answered: summary, files, flags from the server and whether a job still runs on them. */
export function loadPaymentBuckets(db: Db, jobs: Jobs, ids: readonly number[], viewerId: number | null = null): Promise<PaymentBucketEntity[]> {
  return byIds(ids, async (list) => {
    const rows = await db.selectFrom('payment_buckets').select(['id', 'name', 'created_at']).where('id', 'in', list).execute();
    const [counts, summary, files, keptOut, pending, failures] = [
      await contents(db, list),
      await summaries(db, list),
      await bucketFiles(db, list),
      await bucketKeptOut(db, list),
      await jobs.pendingFor(BUCKET_ENTITY, list),
      await jobs.lastFailures(BUCKET_ENTITY, list),
    ];
    const refusals = await createFilesRefusals(db, list, viewerId);
    return rows.map((r) => {
      const c = counts.get(r.id);
      const busy = pending.has(r.id);
      const bucketFileList = files.get(r.id) ?? [];
      return {
        id: r.id,
        name: r.name,
        payout: c?.payout_id ? { id: c.payout_id, month: c.payout_month! } : null,
        payments_count: c?.payments_count ?? 0,
        created_at: r.created_at,
        can_be_deleted: !c && bucketFileList.length === 0 && !busy,
        can_publish_payments: !!c?.publishable && !busy,
        can_create_payment_files: !!c?.exportable && !busy && !refusals.has(r.id),
        flag_reasons: c?.exportable && !busy && refusals.has(r.id) ? { can_create_payment_files: refusals.get(r.id)! } : {},
        jobs_pending: busy,
        last_job_failure: lastFailure(failures.get(r.id)),
        payments_summary: summary.get(r.id) ?? [],
        payment_files: bucketFileList,
        payments_kept_out: keptOut.get(r.id) ?? [],
      };
    });
  });
}

/** Buckets whose name contains the pattern, newest first: the add-to-bucket dialog's picker. */
export async function lookupPaymentBuckets(db: Db, like: string, limit: number): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('payment_buckets').select(['id', 'name']).where('name', 'ilike', like).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
