import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id, Numeric } from '../../db/schema.js';

/** Columns holding storage keys (see `stored-files.ts`). */
export const payoutFileStorage = [{ table: 'payout_files', column: 'file_key' }];

type TextList = ColumnType<string[], string[] | undefined, string[]>;

export interface PayoutsTable {
  id: Id;
  /** The month's first day, `yyyy-MM-01`. */
  month: ColumnType<string, string, string>;
  label: string | null;
  payout_types: TextList;
  allocated_revenue_types: TextList;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

export interface PayoutFilesTable {
  id: Id;
  payout_id: number;
  name: string;
  extension: string;
  size: ColumnType<number, number | string, number | string>;
  version: string | null;
  report_name: string;
  revenue_type: string | null;
  content_owner_id: number | null;
  file_key: string;
  digest: string;
  /** A file uploaded before digests were unique whose content an earlier file holds (migration 0032). */
  digest_repeated: Generated<boolean>;
  imported_at: Date | null;
  last_error: string | null;
  rows_count: ColumnType<number | null, number | string | null, number | string | null>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

export interface PayoutRevenuesTable {
  id: Id;
  payout_id: number;
  payout_file_id: number;
  content_owner_id: number | null;
  revenue_type: string;
  day: string | null;
  country: string | null;
  video_id: string | null;
  channel_id: string | null;
  asset_id: string | null;
  asset_type: string | null;
  asset_channel_id: string | null;
  asset_labels: string | null;
  custom_id: string | null;
  channel_name: string | null;
  revenue: Numeric;
  currency: Generated<string>;
  revenue_source_id: number | null;
  allocated_by: string | null;
}

export interface PayoutAssetsTable {
  id: Id;
  payout_id: number;
  payout_file_id: number;
  content_owner_id: number | null;
  asset_id: string;
  asset_type: string | null;
  asset_channel_id: string | null;
  asset_labels: string | null;
  custom_id: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    payouts: PayoutsTable;
    payout_files: PayoutFilesTable;
    payout_revenues: PayoutRevenuesTable;
    payout_assets: PayoutAssetsTable;
  }
}
