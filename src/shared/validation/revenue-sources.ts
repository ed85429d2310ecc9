import { object, refine, type Infer } from 'superstruct';
import type { RiskRating, WhitelistedGroup } from '../entities/revenue-source.js';
import { addError, blankable, type FieldErrors, isBlank, isoDate, oneOf, required, text, type ValidationResult } from './core.js';
import { asList, duplicateIndexes, flag, list, trimmed, validateWith, wholeNumber } from './fields.js';

/** Spec 3, 3.4 and 9: the choices of a revenue source's fields. */
export const REVENUE_SOURCE_TYPES = ['youtube_channel', 'youtube_label'] as const;
export const MATCH_POLICIES = ['monetize', 'block', 'none'] as const;
export const USAGE_POLICIES = ['monetize_all', 'track_all'] as const;
export const GENDERS = ['male', 'female', 'diverse', 'mixed_gender_group', 'company_channel'] as const;
export const RISK_ASSESSMENT_REASONS = [
  'onboarding',
  'copyright_strike',
  'community_strike',
  'copyright_claims',
  'adsense_issues',
  'ad_suitability_restriction',
  'age_gated_restriction',
] as const;
/** The list filter's values and the bands of 4.4, in order. */
export const RISK_RATINGS = ['no', 'low', 'medium', 'high'] as const;
/** The six ratings of an assessment, each 0 (unlikely/low), 1 (possible/medium) or 2 (likely/high). */
export const RISK_FACTORS = [
  'usage_of_content_without_commentary',
  'usage_of_unlicensed_commercial_music',
  'controversial_topics_or_bad_language',
  'shocking_images_or_footage',
  'usage_of_misleading_thumbnails',
  'clickbait_video_titles',
] as const;
export const RISK_SCORES = [0, 1, 2] as const;
export const CHANNEL_FLAGS = [
  'midrolls_enabled',
  'prerolls_enabled',
  'postrolls_enabled',
  'non_skippable_allowed',
  'overlay_enabled',
  'skippable_allowed',
  'long_non_skippable_allowed',
  'sponsored_cards_enabled',
  'fetch_comments_enabled',
  'child_friendly',
  'part_of_youtube_partner_program',
  'advertiser_friendly',
] as const;

/** A YouTube channel id: `UC` and 22 characters of YouTube's URL-safe alphabet (spec 3, 9). */
export const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

/** The band of 4.4 for a sum of ratings: none → no, 0 → low, 1 to 6 → medium, above 6 → high. */
export function riskBand(sum: number | null | undefined): RiskRating {
  if (sum === null || sum === undefined) return 'no';
  if (sum <= 0) return 'low';
  return sum <= 6 ? 'medium' : 'high';
}

type Ratings = Partial<Record<(typeof RISK_FACTORS)[number], unknown>>;

/** The band of one assessment: the sum of its six ratings. */
export function assessmentRating(a: Ratings): RiskRating {
  return riskBand(RISK_FACTORS.reduce((sum, f) => sum + (Number(a[f]) || 0), 0));
}

/**
 * The source's band: that of its newest assessment (latest audit_date; on a tie the later entry, as the
 * server saves them in list order), `no` without any.
 */
export function sourceRiskRating(assessments: readonly (Ratings & { audit_date?: unknown })[]): RiskRating {
  let newest: (typeof assessments)[number] | undefined;
  for (const a of assessments) {
    if (!newest || String(a.audit_date ?? '') >= String(newest.audit_date ?? '')) newest = a;
  }
  return newest ? assessmentRating(newest) : 'no';
}

/** Flat whitelisted channels (as stored and answered) grouped by content owner, first-seen order. */
export function groupWhitelistedChannels(
  channels: readonly { id?: number; content_owner_id: number; channel_id: string; title: string | null }[],
): WhitelistedGroup[] {
  const groups = new Map<number, WhitelistedGroup>();
  for (const c of channels) {
    let group = groups.get(c.content_owner_id);
    if (!group) groups.set(c.content_owner_id, (group = { content_owner_id: c.content_owner_id, whitelisted_channels: [] }));
    group.whitelisted_channels.push(c.id === undefined ? { channel_id: c.channel_id, title: c.title } : { id: c.id, channel_id: c.channel_id, title: c.title });
  }
  return [...groups.values()];
}

/** The form's groups flattened for saving: each channel names its content owner (spec 3, 7.4). */
export function flattenWhitelistedGroups(groups: readonly WhitelistedGroup[]) {
  return groups.flatMap((g) => g.whitelisted_channels.map((c) => ({ ...c, content_owner_id: g.content_owner_id })));
}

/** A channel id field: trimmed, then `UC` + 22 characters. */
export const channelIdField = () => refine(trimmed(), 'channelId', (v) => CHANNEL_ID.test(v) || 'invalid');
const id = () => blankable(wholeNumber());
const riskScore = () => refine(wholeNumber(), 'riskScore', (v) => (RISK_SCORES as readonly number[]).includes(v) || 'invalid');
/** Subscribers at the switch: a whole number, 0 when left empty (its default). */
const subscriberCount = () => refine(wholeNumber(), 'subscribers', (v) => v >= 0 || 'greater_than_or_equal_to');

const registration = () =>
  object({
    id: id(),
    content_owner_id: required(wholeNumber()),
    entered_cms_at: blankable(isoDate()),
    exited_cms_at: blankable(isoDate()),
    preferred_execution_on: required(isoDate()),
    count_subscribers_on_switch: blankable(subscriberCount()),
    switch_reason: blankable(trimmed()),
  });

const riskAssessment = () =>
  object({
    id: id(),
    audit_date: required(isoDate()),
    reason: required(oneOf(RISK_ASSESSMENT_REASONS)),
    usage_of_content_without_commentary: required(riskScore()),
    usage_of_unlicensed_commercial_music: required(riskScore()),
    controversial_topics_or_bad_language: required(riskScore()),
    shocking_images_or_footage: required(riskScore()),
    usage_of_misleading_thumbnails: required(riskScore()),
    clickbait_video_titles: required(riskScore()),
    comment: blankable(text()),
  });

const whitelistedGroup = () =>
  object({
    content_owner_id: required(wholeNumber()),
    whitelisted_channels: list(object({ id: id(), channel_id: required(channelIdField()), title: blankable(trimmed()) })),
  });

const flags = () => Object.fromEntries(CHANNEL_FLAGS.map((f) => [f, flag()])) as Record<(typeof CHANNEL_FLAGS)[number], ReturnType<typeof flag>>;

export const channelStruct = () =>
  object({
    reference_id: required(channelIdField()),
    name: required(trimmed()),
    organization_id: id(),
    category_id: id(),
    comments: blankable(text()),
    match_policy: blankable(oneOf(MATCH_POLICIES)),
    usage_policy: blankable(oneOf(USAGE_POLICIES)),
    gender: blankable(oneOf(GENDERS)),
    ...flags(),
    registrations: list(registration()),
    risk_assessments: list(riskAssessment()),
    whitelisted_groups: list(whitelistedGroup()),
  });

export const labelStruct = () =>
  object({
    reference_id: required(trimmed()),
    name: blankable(trimmed()),
    organization_id: id(),
    comments: blankable(text()),
    overridden_channel_id: blankable(channelIdField()),
    is_override: flag(),
    whitelisted_groups: list(whitelistedGroup()),
  });

export type ChannelInput = Infer<ReturnType<typeof channelStruct>>;
export type LabelInput = Infer<ReturnType<typeof labelStruct>>;
export type RevenueSourceInput = ({ type: 'youtube_channel' } & ChannelInput) | ({ type: 'youtube_label' } & LabelInput);

const truthy = (v: unknown) => v === true || v === 'true' || v === '1';
const entriesOf = (v: unknown) => {
  const items = asList(v);
  return Array.isArray(items) ? items.map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {})) : [];
};

/** Whitelisted groups (spec 3, 5.4): one group per content owner, each with at least one channel, no channel twice. */
export function whitelistedGroupRules(groups: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const i of duplicateIndexes(groups, (g) => (isBlank(g.content_owner_id) ? undefined : String(g.content_owner_id)))) {
    addError(errors, ['whitelisted_groups', i, 'content_owner_id'], 'already_used');
  }
  entriesOf(groups).forEach((g, i) => {
    if (entriesOf(g.whitelisted_channels).length === 0) addError(errors, ['whitelisted_groups', i, 'whitelisted_channels'], 'too_few');
    for (const j of duplicateIndexes(g.whitelisted_channels, (c) => (typeof c.channel_id === 'string' ? c.channel_id.trim() : undefined))) {
      addError(errors, ['whitelisted_groups', i, 'whitelisted_channels', j, 'channel_id'], 'already_used');
    }
  });
  return errors;
}

/** The channel rules of 5.4 that look at more than one field. */
export function channelRules(raw: Record<string, unknown>): FieldErrors {
  const errors = whitelistedGroupRules(raw.whitelisted_groups);
  if (entriesOf(raw.registrations).length === 0) addError(errors, ['registrations'], 'too_few');
  // At least one assessment: deleting the last one is refused the same way.
  if (entriesOf(raw.risk_assessments).length === 0) addError(errors, ['risk_assessments'], 'too_few');
  return errors;
}

/** The label rules of 5.4: the override flag and an overridden channel id exclude each other. */
export function labelRules(raw: Record<string, unknown>): FieldErrors {
  const errors = whitelistedGroupRules(raw.whitelisted_groups);
  if (truthy(raw.is_override) && !isBlank(raw.overridden_channel_id)) {
    addError(errors, ['is_override'], 'exclusive');
    addError(errors, ['overridden_channel_id'], 'exclusive');
  }
  return errors;
}

/**
 * Spec 7.4 has the client send whitelisted channels flattened with their content owner; the form and
 * the rules speak groups. Either arrives here: flat `whitelisted_channels` are grouped first.
 */
function withGroups(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const raw = value as Record<string, unknown>;
  if (raw.whitelisted_groups !== undefined || raw.whitelisted_channels === undefined) return value;
  const flat = asList(raw.whitelisted_channels);
  if (!Array.isArray(flat)) return { ...raw, whitelisted_groups: flat };
  const groups: { content_owner_id: unknown; whitelisted_channels: unknown[] }[] = [];
  for (const item of flat) {
    const c = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const { content_owner_id, ...channel } = c;
    let group = groups.find((g) => String(g.content_owner_id ?? '') === String(content_owner_id ?? ''));
    if (!group) groups.push((group = { content_owner_id, whitelisted_channels: [] }));
    group.whitelisted_channels.push(channel);
  }
  return { ...raw, whitelisted_groups: groups };
}

/** Validates a channel or label of the given type (the form's values or a request body). */
export function validateRevenueSource(type: (typeof REVENUE_SOURCE_TYPES)[number], value: unknown): ValidationResult<RevenueSourceInput> {
  const input = withGroups(value);
  const result =
    type === 'youtube_channel' ? validateWith(channelStruct(), input, channelRules) : validateWith(labelStruct(), input, labelRules);
  return result.ok ? { ok: true, value: { ...result.value, type } as RevenueSourceInput } : result;
}
