import type {
  GENDERS,
  MATCH_POLICIES,
  REVENUE_SOURCE_TYPES,
  RISK_ASSESSMENT_REASONS,
  RISK_RATINGS,
  USAGE_POLICIES,
} from '../validation/revenue-sources';

export type RevenueSourceType = (typeof REVENUE_SOURCE_TYPES)[number];
/** The band of 4.4: `no` when there is no assessment, else by the sum of the newest one's six ratings. */
export type RiskRating = (typeof RISK_RATINGS)[number];

/** A channel's registration with one of our content owners (spec 3, 3.4). Dates are 'yyyy-MM-dd'. */
export interface RevenueSourceRegistration {
  id: number;
  content_owner_id: number;
  entered_cms_at: string | null;
  exited_cms_at: string | null;
  preferred_execution_on: string;
  count_subscribers_on_switch: number;
  switch_reason: string | null;
}

/** One risk assessment; `risk_rating` is its own band, the source's is that of the newest (by audit_date, then id). */
export interface RiskAssessment {
  id: number;
  audit_date: string;
  reason: (typeof RISK_ASSESSMENT_REASONS)[number];
  risk_rating: RiskRating;
  usage_of_content_without_commentary: number;
  usage_of_unlicensed_commercial_music: number;
  controversial_topics_or_bad_language: number;
  shocking_images_or_footage: number;
  usage_of_misleading_thumbnails: number;
  clickbait_video_titles: number;
  comment: string | null;
}

/** A whitelisted channel as stored: flat, each naming its content owner (spec 3, 3.4 and 7.4). */
export interface RevenueSourceWhitelistedChannel {
  id: number;
  content_owner_id: number;
  channel_id: string;
  title: string | null;
}

/** The same channels grouped by content owner, as the form edits them (first-seen owner order). */
export interface WhitelistedGroup {
  content_owner_id: number;
  whitelisted_channels: { id?: number; channel_id: string; title: string | null }[];
}

/**
 * A revenue source as the API answers it (spec 3, 3.4): a channel or a label. Fields of the other type
 * are answered too (null, false or empty) so both share one shape. `Time` is `Date` on the server and the
 * ISO string it becomes in JSON on the client.
 */
export interface RevenueSource<Time = string> {
  id: number;
  type: RevenueSourceType;
  reference_id: string;
  name: string | null;
  organization_id: number | null;
  organization: { id: number; name: string } | null;
  category_id: number | null;
  category: { id: number; name: string } | null;
  comments: string | null;
  match_policy: (typeof MATCH_POLICIES)[number] | null;
  usage_policy: (typeof USAGE_POLICIES)[number] | null;
  gender: (typeof GENDERS)[number] | null;
  midrolls_enabled: boolean;
  prerolls_enabled: boolean;
  postrolls_enabled: boolean;
  non_skippable_allowed: boolean;
  overlay_enabled: boolean;
  skippable_allowed: boolean;
  long_non_skippable_allowed: boolean;
  sponsored_cards_enabled: boolean;
  fetch_comments_enabled: boolean;
  child_friendly: boolean;
  part_of_youtube_partner_program: boolean;
  advertiser_friendly: boolean;
  /** Label only. */
  overridden_channel_id: string | null;
  is_override: boolean;
  risk_rating: RiskRating;
  /** Contracts paying out on this source. */
  contract_ids: number[];
  registrations: RevenueSourceRegistration[];
  risk_assessments: RiskAssessment[];
  whitelisted_channels: RevenueSourceWhitelistedChannel[];
  whitelisted_groups: WhitelistedGroup[];
  created_at: Time;
}

/** An entry of `GET /api/revenue_sources/lookup?q=` (contract forms, the unallocated-revenue dialog). */
export interface RevenueSourceLookup {
  id: number;
  type: RevenueSourceType;
  reference_id: string;
  name: string | null;
}

/** An entry of `GET /api/youtube_channels/search?q=&own_only=`. */
export interface YoutubeChannelHit {
  channel_id: string;
  title: string | null;
}
