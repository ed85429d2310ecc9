import type { RevenueSource as RevenueSourceEntity, RevenueSourceType } from '../../../shared/entities/revenue-source';
import type { Versioned } from '../../../shared/entities/versioned';
import { CHANNEL_FLAGS, flattenWhitelistedGroups, groupWhitelistedChannels, RISK_FACTORS } from '../../../shared/validation/revenue-sources';
import type { FormValues } from '../../kit/form/use-resource-form';

/** A revenue source as the server sends it (spec 3, 3.4; GET /api/revenue_sources/:id), with its version. */
export type RevenueSource = Versioned<RevenueSourceEntity>;

type Factor = (typeof RISK_FACTORS)[number];
type Flag = (typeof CHANNEL_FLAGS)[number];
/** A select's value: the chosen id or score, '' for none. */
type Choice = number | '';

export type RegistrationValues = {
  id?: number;
  content_owner_id: Choice;
  entered_cms_at: string;
  exited_cms_at: string;
  preferred_execution_on: string;
  count_subscribers_on_switch: string;
  switch_reason: string;
};

export type RiskAssessmentValues = { id?: number; audit_date: string; reason: string; comment: string } & Record<Factor, Choice>;

export type WhitelistedChannelValues = { id?: number; channel_id: string; title: string };
export type WhitelistedGroupValues = { content_owner_id: Choice; whitelisted_channels: WhitelistedChannelValues[] };

/** What the channel and label forms edit: one shape, each type's struct keeps its own fields. */
export type RevenueSourceValues = FormValues & {
  type: RevenueSourceType;
  reference_id: string;
  name: string;
  organization_id: Choice;
  category_id: Choice;
  comments: string;
  match_policy: string;
  usage_policy: string;
  gender: string;
  overridden_channel_id: string;
  is_override: boolean;
  registrations: RegistrationValues[];
  risk_assessments: RiskAssessmentValues[];
  whitelisted_groups: WhitelistedGroupValues[];
} & Record<Flag, boolean>;

/** Today as yyyy-MM-dd in the user's time zone (an assessment's default audit date). */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export const newRegistration = (): RegistrationValues => ({
  content_owner_id: '',
  entered_cms_at: '',
  exited_cms_at: '',
  preferred_execution_on: '',
  count_subscribers_on_switch: '0',
  switch_reason: '',
});

export const newRiskAssessment = (reason = ''): RiskAssessmentValues =>
  ({ audit_date: today(), reason, comment: '', ...Object.fromEntries(RISK_FACTORS.map((f) => [f, ''])) }) as RiskAssessmentValues;

export const newWhitelistedGroup = (): WhitelistedGroupValues => ({ content_owner_id: '', whitelisted_channels: [] });

/** A new source of a type: a channel starts with one registration and one assessment for onboarding (spec 3, 2.4). */
export function newRevenueSource(type: RevenueSourceType): RevenueSourceValues {
  const channel = type === 'youtube_channel';
  return {
    type,
    reference_id: '',
    name: '',
    organization_id: '',
    category_id: '',
    comments: '',
    match_policy: '',
    usage_policy: '',
    gender: '',
    ...(Object.fromEntries(CHANNEL_FLAGS.map((f) => [f, false])) as Record<Flag, boolean>),
    overridden_channel_id: '',
    is_override: false,
    registrations: channel ? [newRegistration()] : [],
    risk_assessments: channel ? [newRiskAssessment('onboarding')] : [],
    whitelisted_groups: [],
  };
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The server's record → form values (nulls become ''; whitelisted channels grouped by content owner). */
export function revenueSourceValues(record: Record<string, unknown>): RevenueSourceValues {
  const s = record as unknown as RevenueSource;
  const empty = newRevenueSource(s.type);
  return {
    ...empty,
    reference_id: s.reference_id ?? '',
    name: text(s.name),
    organization_id: s.organization_id ?? '',
    category_id: s.category_id ?? '',
    comments: text(s.comments),
    match_policy: text(s.match_policy),
    usage_policy: text(s.usage_policy),
    gender: text(s.gender),
    ...(Object.fromEntries(CHANNEL_FLAGS.map((f) => [f, Boolean(s[f])])) as Record<Flag, boolean>),
    overridden_channel_id: text(s.overridden_channel_id),
    is_override: Boolean(s.is_override),
    registrations: (s.registrations ?? []).map((r) => ({
      id: r.id,
      content_owner_id: r.content_owner_id,
      entered_cms_at: text(r.entered_cms_at),
      exited_cms_at: text(r.exited_cms_at),
      preferred_execution_on: text(r.preferred_execution_on),
      count_subscribers_on_switch: text(r.count_subscribers_on_switch),
      switch_reason: text(r.switch_reason),
    })),
    risk_assessments: (s.risk_assessments ?? []).map(
      (a) =>
        ({
          id: a.id,
          audit_date: text(a.audit_date),
          reason: a.reason,
          comment: text(a.comment),
          ...Object.fromEntries(RISK_FACTORS.map((f) => [f, a[f]])),
        }) as RiskAssessmentValues,
    ),
    whitelisted_groups: (s.whitelisted_groups ?? groupWhitelistedChannels(s.whitelisted_channels ?? [])).map((g) => ({
      content_owner_id: g.content_owner_id,
      whitelisted_channels: g.whitelisted_channels.map((c) => ({ ...(c.id === undefined ? {} : { id: c.id }), channel_id: c.channel_id, title: c.title ?? '' })),
    })),
  };
}

/**
 * The request body (spec 3, 7.4): the type's validated fields with its type, audit dates as plain
 * dates, and the whitelisted channels flattened, each naming its content owner.
 */
export function revenueSourcePayload(values: RevenueSourceValues, validated: unknown): unknown {
  const { whitelisted_groups: groups, ...rest } = validated as Record<string, unknown> & { whitelisted_groups?: Parameters<typeof flattenWhitelistedGroups>[0] };
  return { ...rest, type: values.type, whitelisted_channels: flattenWhitelistedGroups(groups ?? []) };
}
