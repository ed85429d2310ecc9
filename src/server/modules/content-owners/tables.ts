import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

import type { EarningsMappingRule } from '../../../shared/entities/content-owner.js';

export type { EarningsMappingRule };

/** YouTube CMS accounts (migration 0002); whitelisted channels and revenue sources refer to them. */
export interface ContentOwnersTable {
  id: Id;
  content_owner_id: string;
  display_name: string;
  own: Generated<boolean>;
  internal_country: string | null;
  report_filename_part: string;
  use_direct_earnings_from_yt_reports: Generated<boolean>;
  conflict_notification_email: string | null;
  dispute_notification_emails: ColumnType<string[], string[] | undefined, string[]>;
  fingerprint_report_notification_emails: ColumnType<string[], string[] | undefined, string[]>;
  primary_notification_emails: ColumnType<string[], string[] | undefined, string[]>;
  /** Ordered: allocation tries the rules of an asset type in this order. */
  earnings_mapping_rules: ColumnType<EarningsMappingRule[], string | undefined, string>;
  fetch_stats: Generated<boolean>;
  sync_whitelisted_channels: Generated<boolean>;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

declare module '../../db/schema.js' {
  interface Database {
    content_owners: ContentOwnersTable;
  }
}
