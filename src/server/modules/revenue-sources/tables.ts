import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

export const REVENUE_SOURCE_TYPES = ['youtube_channel', 'youtube_label'] as const;
export type RevenueSourceType = (typeof REVENUE_SOURCE_TYPES)[number];

/** A channel or label revenue is allocated to (spec 3, 3.4); `reference_id` is the channel id or label name. */
export interface RevenueSourcesTable {
  id: Id;
  type: RevenueSourceType;
  name: string | null;
  reference_id: string;
  content_owner_id: number | null;
  organization_id: number | null;
  category_id: number | null;
  comments: string | null;
  match_policy: 'monetize' | 'block' | 'none' | null;
  usage_policy: 'monetize_all' | 'track_all' | null;
  gender: 'male' | 'female' | 'diverse' | 'mixed_gender_group' | 'company_channel' | null;
  midrolls_enabled: Generated<boolean>;
  prerolls_enabled: Generated<boolean>;
  postrolls_enabled: Generated<boolean>;
  non_skippable_allowed: Generated<boolean>;
  overlay_enabled: Generated<boolean>;
  skippable_allowed: Generated<boolean>;
  long_non_skippable_allowed: Generated<boolean>;
  sponsored_cards_enabled: Generated<boolean>;
  fetch_comments_enabled: Generated<boolean>;
  child_friendly: Generated<boolean>;
  part_of_youtube_partner_program: Generated<boolean>;
  advertiser_friendly: Generated<boolean>;
  risk_rating: 'no' | 'low' | 'medium' | 'high' | null;
  overridden_channel_id: string | null;
  is_override: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

declare module '../../db/schema.js' {
  interface Database {
    revenue_sources: RevenueSourcesTable;
  }
}
