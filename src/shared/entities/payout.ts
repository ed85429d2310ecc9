import type { PAYOUT_TYPES, REVENUE_TYPES, UNALLOCATED_REVENUE_TYPES, PayoutFileKind } from '../validation/payouts';

/** Spec 3, 9: adsense payouts take YouTube's report files, direct payouts the `direct` files. */
export type PayoutType = (typeof PAYOUT_TYPES)[number];
/** The revenue types of 5.2 (per payout type) that allocation and revenue rows speak of. */
export type RevenueType = (typeof REVENUE_TYPES)[number];
/** The list filter's revenue types on unallocated revenues (spec 3, 9). */
export type UnallocatedRevenueType = (typeof UNALLOCATED_REVENUE_TYPES)[number];

/**
 * A report file uploaded to a payout (spec 3, 3.3). In progress while neither `imported_at` nor
 * `last_error` is set (4.2). `kind` is what its name says it holds (5.3); `size` in bytes.
 */
export interface PayoutFile<Time = string> {
  id: number;
  payout_id: number;
  name: string;
  /** `csv`, `gz` or `zip` (5.3). */
  extension: string;
  size: number;
  /** The `v{n}-{n}` of the name, or null (direct files). */
  version: string | null;
  /** The kind the name says (`claim_raw`, `asset_summary`, `direct`, ...). */
  report_name: PayoutFileKind;
  content_owner_id: number | null;
  created_at: Time;
  imported_at: Time | null;
  /** Why the import failed, with the line number where one applies (`line 7: Partner Revenue is not a number`). */
  last_error: string | null;
  /** Rows imported (null until imported). */
  rows_count: number | null;
  url: string;
  can_be_deleted: boolean;
  can_preview_revenues: boolean;
}

/** Reconciliation of one revenue type and currency, as reported (decimal strings, exact): imported = allocated + unallocated, allocated = with + without contract. */
export interface ReconciliationRow {
  revenue_type: RevenueType;
  currency: string;
  imported: string;
  allocated: string;
  unallocated: string;
  with_contract: string;
  without_contract: string;
  /** Whether both equations hold to the last decimal. */
  balanced: boolean;
}

/** A payout (spec 3, 3.3). `month` is the month's first day, `yyyy-MM-01`. */
export interface Payout<Time = string> {
  id: number;
  month: string;
  label: string | null;
  payout_types: PayoutType[];
  /** The revenue types of its payout types (5.2). */
  revenue_types: RevenueType[];
  /** Revenue types whose rows are allocated (their allocation can be undone until payments exist). */
  allocated_revenue_types: RevenueType[];
  files: PayoutFile<Time>[];
  payment_bucket: { id: number; name: string } | null;
  /** Imports or allocations are running; the screen re-fetches every 10 seconds (4.2). */
  jobs_pending: boolean;
  /** What runs: `import`, `allocate_revenues`, `delete_revenues`. */
  pending_jobs: string[];
  /** Payments were created from it: its revenues, rates and allocation are fixed (the reason the commands give). */
  has_payments: boolean;
  can_create_payments: boolean;
  can_delete_payments: boolean;
  can_allocate_revenues: boolean;
  can_delete_revenues: boolean;
  can_edit_currency_rates: boolean;
  can_upload_files: boolean;
  /**
   * Why uploads, file deletes, allocation, revenue deletes and rate edits are refused (409) now: a job of
   * the payout runs, or it has payments; null when they are allowed.
   */
  locked_reason: 'jobs_pending' | 'payments_exist' | null;
  can_be_deleted: boolean;
  reconciliation: ReconciliationRow[];
  created_at: Time;
}

/** Payout revenue row (3.3): per content owner, revenue type and currency. */
export interface PayoutRevenueRow {
  content_owner_name: string | null;
  content_owner_id: number | null;
  revenue_type: RevenueType;
  currency: string;
  revenue_allocated: string;
  revenue_unallocated: string;
}

/**
 * Revenue without contract (3.3): allocated revenue the run does not pay under a contract, per source,
 * currency and reason: `no_contract` (no signed contract covers the month), `no_share` (the contract
 * that pays the source's month has no share for these revenue types; `contract_id` names it).
 */
export interface RevenueWithoutContract {
  reason: 'no_contract' | 'no_share';
  contract_id: number | null;
  assigned_id: string;
  assigned_type: 'channel' | 'label';
  revenue_source_id: number;
  revenue_types: RevenueType[];
  revenue: string;
  currency: string;
}

/** Payout currency rate (3.3); `rate` a decimal string. */
export interface PayoutCurrencyRate {
  id: number;
  base_currency: string;
  target_currency: string;
  rate: string;
}

/** File revenue preview row (3.3): the file's rows grouped as allocation would place them. */
export interface FileRevenuePreviewRow {
  organization_name: string | null;
  organization_number: string | null;
  wbs_code: string | null;
  revenue_source_reference_ids: string[];
  contract_present: boolean;
  total_revenue: string;
  currency: string;
}

export interface FileRevenuePreview {
  entries: FileRevenuePreviewRow[];
  totals: { currency: string; total_revenue: string }[];
}

/** Unallocated revenue (3.5): one revenue row no rule placed. */
export interface UnallocatedRevenue {
  id: number;
  payout_id: number;
  content_owner_id: number | null;
  content_owner_name: string | null;
  /** The content owner's own id on the platform (what its reports name), beside its name. */
  content_owner_reference: string | null;
  revenue_type: RevenueType;
  revenue: string;
  currency: string;
  claimed_asset_id: string | null;
  claimed_asset_type: string | null;
  claimed_asset_labels: string[];
  claimed_asset_custom_id: string | null;
  claimed_channel_id: string | null;
  /** The channel's name where the report gave one (ecommerce files of some versions give only the name). */
  claimed_channel_name: string | null;
  claimed_video_id: string | null;
  /** Why its payout refuses allocation now (a job runs, or it has payments), or null: the allocate command reads it. */
  payout_locked_reason: 'jobs_pending' | 'payments_exist' | null;
}
