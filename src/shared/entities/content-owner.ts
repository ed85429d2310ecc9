/** One asset type's rules, tried in this order when revenue is allocated (DOMAIN "Allocation"). */
export interface EarningsMappingRule {
  asset_type: string;
  rules: string[];
}

/**
 * A content owner as the API answers it (spec 1, 3): owners come from YouTube, staff maintain a few
 * fields. `Time` is `Date` on the server and the ISO string it becomes in JSON on the client.
 */
export interface ContentOwner<Time = string> {
  id: number;
  content_owner_id: string;
  display_name: string;
  own: boolean;
  internal_country: string | null;
  report_filename_part: string;
  use_direct_earnings_from_yt_reports: boolean;
  conflict_notification_email: string | null;
  dispute_notification_emails: string[];
  fingerprint_report_notification_emails: string[];
  primary_notification_emails: string[];
  earnings_mapping_rules: EarningsMappingRule[];
  fetch_stats: boolean;
  sync_whitelisted_channels: boolean;
  active: boolean;
  created_at: Time;
}
