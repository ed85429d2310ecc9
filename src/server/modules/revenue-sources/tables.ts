import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';
import type { RevenueSourceType, RiskAssessment, RiskRating } from '../../../shared/entities/revenue-source.js';

export type { RevenueSourceType };

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
  /** The newest assessment's band (4.4), set by every write; `no` without assessments. */
  risk_rating: Generated<RiskRating>;
  overridden_channel_id: string | null;
  is_override: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

/** A channel's registration with a content owner; dates are 'yyyy-MM-dd'. */
export interface RevenueSourceRegistrationsTable {
  id: Id;
  revenue_source_id: number;
  content_owner_id: number;
  entered_cms_at: string | null;
  exited_cms_at: string | null;
  preferred_execution_on: string;
  count_subscribers_on_switch: Generated<number>;
  switch_reason: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** The shared RiskAssessment (src/shared/entities/revenue-source.ts) but its computed band. */
export interface RevenueSourceRiskAssessmentsTable extends Omit<RiskAssessment, 'id' | 'reason' | 'risk_rating'> {
  id: Id;
  revenue_source_id: number;
  reason: string;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** A channel id an imported revenue report carried (filled by the payout import; read by the channel search). */
export interface ReportChannelsTable {
  channel_id: string;
  content_owner_id: number | null;
}

declare module '../../db/schema.js' {
  interface Database {
    report_channels: ReportChannelsTable;
    revenue_sources: RevenueSourcesTable;
    revenue_source_registrations: RevenueSourceRegistrationsTable;
    revenue_source_risk_assessments: RevenueSourceRiskAssessmentsTable;
  }
}
