import type { PaymentsSummaryRow } from './payment';

/**
 * A payment file of a bucket (spec 3, 3.2; DOMAIN.md "Buckets and payment files"): an organization's
 * payments of one currency and format, written by create payment files; payments added later go into a
 * new file. Once downloaded it is what the bank got: never rewritten or deleted.
 */
export interface PaymentFile<Time = string> {
  id: number;
  organization: { id: number; name: string };
  currency: string;
  /** `sepa` (pain.001.001.09) or `csv`. */
  format: string;
  /** SHA-256 of the content, hex. */
  digest: string;
  payments_count: number;
  amount: string;
  vat_amount: string;
  wht_amount: string;
  total_amount: string;
  created_at: Time;
  url: string;
  /** The pain.001 message id (null for a CSV made before it was kept). */
  message_id: string | null;
  /** The first download: who and when. */
  downloaded_at: Time | null;
  downloaded_by: { id: number; name: string } | null;
  /** `update_file` and delete: only until it was downloaded (`reason` says why not). */
  can_be_updated: boolean;
  can_be_deleted: boolean;
  reason: 'downloaded' | null;
}

/** A payment bucket (spec 3, 3.2; DOMAIN.md "Buckets and payment files"). Money as decimal strings. */
export interface PaymentBucket<Time = string> {
  id: number;
  name: string;
  /** The payout of its payments when they all come from one, else null (a bucket groups payments across payouts). */
  payout: { id: number; month: string } | null;
  payments_count: number;
  created_at: Time;
  /** Only while it holds no payments and no files. */
  can_be_deleted: boolean;
  /** Some payment is waiting for publish (a self-billing payment still `new`) and no job runs. */
  can_publish_payments: boolean;
  /** Some payment is `payout_pending`, no job runs and no four-eyes rule keeps the viewer from it. */
  can_create_payment_files: boolean;
  /** Why a flag is false for this viewer though the bucket allows it: a four-eyes rule (DOMAIN.md "Four-eyes on money out"). */
  flag_reasons: { can_create_payment_files?: string };
  /** A publish or file job is queued or running: the screen re-reads every 10 s (spec 3, 4.3). */
  jobs_pending: boolean;
  /** The bucket's newest job when it failed (no files for an organization without a debtor account, say): why, for the page. */
  last_job_failure: { job: 'publish_payments' | 'create_payment_files' | string; message: string; failed_at: Time } | null;
  payments_summary: PaymentsSummaryRow[];
  payment_files: PaymentFile<Time>[];
  /** Its `payout_pending` payments no file can take, with the reason (a total of zero or less, a name outside the EPC set, no town): they stay out, the others' files are made. */
  payments_kept_out: { id: number; reference: string; reason: string }[];
}

/** `POST /api/payments/add_to_payment_bucket`'s answer when a payment may not be added (spec 3, 8). */
export const ADD_TO_BUCKET_REFUSED = 'Cannot add selected payments to payment bucket';
