import { object, refine, type Infer } from 'superstruct';
import { addError, blankable, type FieldErrors, oneOf, required, type ValidationResult } from './core.js';
import { asList, duplicateIndexes, flag, isoCode, list, trimmed, validateWith } from './fields.js';

/** Asset types of YouTube's reports that earnings mapping rules apply to (spec 1, section 3). */
export const EARNINGS_ASSET_TYPES = ['art_track', 'movie', 'music_video', 'television_episode', 'web', 'all'] as const;

/** How a revenue row finds its revenue source, tried in the order a content owner lists them (DOMAIN "Allocation"). */
export const EARNINGS_MAPPING_RULES = [
  'channel_override',
  'asset_label_override',
  'label_to_channel',
  'ma_label',
  'asset_label',
  'custom_id',
  'custom_id_matches_video_id',
  'asset_channel_id',
  'video_id',
] as const;

export const earningsMappingRuleStruct = () =>
  object({
    asset_type: required(oneOf(EARNINGS_ASSET_TYPES)),
    rules: refine(list(oneOf(EARNINGS_MAPPING_RULES)), 'atLeastOne', (v) => v.length > 0 || 'too_few'),
  });

/** Content owner edit form (spec 1, 2.8): the fields staff maintain; the rest comes from YouTube. */
export const contentOwnerStruct = (countries?: ReadonlySet<string>) =>
  object({
    internal_country: blankable(isoCode(2, countries)),
    report_filename_part: required(trimmed()),
    own: flag(),
    use_direct_earnings_from_yt_reports: flag(),
    fetch_stats: flag(),
    sync_whitelisted_channels: flag(),
    active: flag(),
    earnings_mapping_rules: list(earningsMappingRuleStruct()),
  });

export type ContentOwnerInput = Infer<ReturnType<typeof contentOwnerStruct>>;

/** One entry per asset type, and each rule once within an entry. */
export function contentOwnerRules(raw: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  const entries = asList(raw.earnings_mapping_rules);
  for (const i of duplicateIndexes(entries, (e) => e.asset_type)) addError(errors, ['earnings_mapping_rules', i, 'asset_type'], 'already_used');
  if (Array.isArray(entries)) {
    entries.forEach((entry, i) => {
      const rules = entry && typeof entry === 'object' ? (entry as Record<string, unknown>).rules : undefined;
      for (const j of duplicateIndexes(rules)) addError(errors, ['earnings_mapping_rules', i, 'rules', j], 'already_used');
    });
  }
  return errors;
}

export function validateContentOwner(value: unknown, countries?: ReadonlySet<string>): ValidationResult<ContentOwnerInput> {
  return validateWith(contentOwnerStruct(countries), value, contentOwnerRules);
}
