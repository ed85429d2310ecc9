import { object, type Infer } from 'superstruct';
import { addError, blankable, type FieldErrors, isCalendarDate, isoDate, oneOf, required, text, type ValidationResult } from './core.js';
import { asList, decimalText, duplicateIndexes, isoCode, list, trimmed, validateWith, wholeNumber } from './fields.js';
import { firstOfMonth, isFirstOfMonth } from './vendor-files.js';

/** Spec 3, 9. */
export const PAYOUT_TYPES = ['adsense', 'direct'] as const;

/** Spec 3, 5.2: the revenue types of each payout type, in the order the dialogs list them. */
export const REVENUE_TYPES_BY_PAYOUT_TYPE = {
  adsense: ['adsense', 'audio_tier', 'channel_adjustments', 'ecommerce', 'red', 'recoupment', 'shorts', 'withholding_tax'],
  direct: ['direct'],
} as const;

export const REVENUE_TYPES = [...REVENUE_TYPES_BY_PAYOUT_TYPE.adsense, ...REVENUE_TYPES_BY_PAYOUT_TYPE.direct] as const;

/** Spec 3, 9: the revenue types the unallocated revenues filter offers. */
export const UNALLOCATED_REVENUE_TYPES = [
  'adsense',
  'audio_tier',
  'direct',
  'ecommerce',
  'recoupment_ads',
  'recoupment_misc',
  'recoupment_subscriptions',
  'recoupment_transactions',
  'red',
  'shorts',
  'withholding_tax',
] as const;

type PayoutTypeName = (typeof PAYOUT_TYPES)[number];
type RevenueTypeName = (typeof REVENUE_TYPES)[number];

/** The revenue types of a payout's payout types, in 5.2's order. */
export function revenueTypesFor(payoutTypes: readonly string[]): RevenueTypeName[] {
  return PAYOUT_TYPES.filter((t) => payoutTypes.includes(t)).flatMap((t) => [...REVENUE_TYPES_BY_PAYOUT_TYPE[t]]);
}

/** The allocate dialog's default selection (5.2): every type not yet allocated, except withholding_tax. */
export function defaultRevenueTypes(payoutTypes: readonly string[], allocated: readonly string[]): RevenueTypeName[] {
  return revenueTypesFor(payoutTypes).filter((t) => t !== 'withholding_tax' && !allocated.includes(t));
}

/**
 * What a report file holds, told by its name (spec 3, 5.3; REPORTS.md). `revenue_type` set: its rows are
 * revenue (DOMAIN "Revenue import"); null: metadata or a summary whose revenue is not counted again.
 * Monthly kinds follow `_M_{date}[_{date}]_`; report kinds (ecommerce, audio tier) name themselves before `_M_`.
 * `pattern`: a newer name's data part that may hold more between its words (REPORTS.md "Layouts seen").
 */
export const PAYOUT_FILE_KINDS = {
  claim_raw: { revenue_type: 'adsense', needs: 'asset_summary' },
  ADJ_claim_raw: { revenue_type: 'adsense', needs: 'ADJ_asset_summary' },
  label_AP: { revenue_type: 'adsense', needs: 'asset_summary' },
  asset_summary: { revenue_type: null, needs: null },
  ADJ_asset_summary: { revenue_type: null, needs: null },
  asset_raw: { revenue_type: null, needs: null },
  ADJ_asset_raw: { revenue_type: null, needs: null },
  // Per video, without Asset ID: placed by video and channel.
  video_summary: { revenue_type: 'adsense', needs: null },
  ADJ_video_summary: { revenue_type: 'adsense', needs: null },
  ads_partner_revenue_month_video_summary: { revenue_type: 'adsense', needs: null },
  claim_summary: { revenue_type: null, needs: null },
  red_rawdata_video: { revenue_type: 'red', needs: 'asset_summary' },
  red_music_rawdata_video: { revenue_type: 'red', needs: 'asset_summary' },
  red_label_rawdata_video: { revenue_type: 'red', needs: 'asset_summary' },
  red_month_subscription_video: { revenue_type: 'red', needs: null },
  red_rawdata_asset: { revenue_type: null, needs: null },
  red_music_rawdata_asset: { revenue_type: null, needs: null },
  monthly_shorts_non_music_ads_video_summary: { revenue_type: 'shorts', needs: null },
  monthly_shorts_non_music_subscription_video_summary: { revenue_type: 'shorts', needs: null },
  youtube_shorts_ads_revenue_month_video_summary: { revenue_type: 'shorts', needs: null, pattern: /^youtube_shorts_ads_revenue_month(?:_[A-Za-z0-9_]+?)?_video_summary$/ },
  channel_adjustments_summary: { revenue_type: 'channel_adjustments', needs: null },
  custom_month_channel_adjustments: { revenue_type: 'channel_adjustments', needs: null },
  recoupment_summary: { revenue_type: 'recoupment', needs: null },
  recoupment_raw: { revenue_type: 'recoupment', needs: null },
  affiliate_payment_summary: { revenue_type: 'withholding_tax', needs: null },
  Ecommerce_paid_features: { revenue_type: 'ecommerce', needs: null },
  Audio_Tier: { revenue_type: 'audio_tier', needs: null },
  direct: { revenue_type: 'direct', needs: null },
} as const satisfies Record<string, { revenue_type: RevenueTypeName | null; needs: string | null; pattern?: RegExp }>;

export type PayoutFileKind = keyof typeof PAYOUT_FILE_KINDS;

/** Kinds named before `_M_` rather than after the dates. */
const REPORT_KINDS: readonly PayoutFileKind[] = ['Ecommerce_paid_features', 'Audio_Tier', 'label_AP'];
const MONTHLY_KINDS: readonly PayoutFileKind[] = (Object.keys(PAYOUT_FILE_KINDS) as PayoutFileKind[]).filter(
  (k) => k !== 'direct' && k !== 'Ecommerce_paid_features' && k !== 'Audio_Tier',
);

/** The kind a monthly name's data part names: exactly, or by a newer kind's pattern; null when none (never guessed). */
function monthlyKind(data: string): PayoutFileKind | null {
  if ((MONTHLY_KINDS as readonly string[]).includes(data)) return data as PayoutFileKind;
  return MONTHLY_KINDS.find((k) => (PAYOUT_FILE_KINDS[k] as { pattern?: RegExp }).pattern?.test(data) ?? false) ?? null;
}

/** The kinds a YouTube file name may be of, as an unknown name's refusal lists them. */
export const KNOWN_FILE_KINDS: readonly PayoutFileKind[] = Object.keys(PAYOUT_FILE_KINDS).filter((k) => k !== 'direct') as PayoutFileKind[];

export const PAYOUT_FILE_EXTENSIONS = ['csv', 'gz', 'zip'] as const;
export type PayoutFileExtension = (typeof PAYOUT_FILE_EXTENSIONS)[number];

/**
 * The spec's message keys of 5.3, one per refused name; a YouTube name of no known kind names the kinds
 * known (`error_kind_unknown: claim_raw, ...`), and a name holding a path is refused as such.
 */
export type PayoutFileNameError =
  | 'error_extension_invalid'
  | 'error_month_invalid'
  | 'error_content_owner_invalid'
  | 'error_name_invalid'
  | 'error_name_path'
  | `error_kind_unknown: ${string}`;

export interface ParsedPayoutFileName {
  extension: PayoutFileExtension;
  kind: PayoutFileKind;
  payout_type: PayoutTypeName;
  /** The name's month as the first of the month, `yyyy-MM-01`. */
  month: string;
  /** The `{owner}` part of a YouTube name, or the provider of a direct file. */
  owner: string;
  version: string | null;
}

/** `.csv`, `.csv.gz` / `.gz`, `.zip` (lower or upper case); null for anything else. */
export function payoutFileExtension(name: string): PayoutFileExtension | null {
  const m = /\.(csv|gz|zip)$/i.exec(name);
  return m ? (m[1].toLowerCase() as PayoutFileExtension) : null;
}

function stem(name: string): string {
  return name.replace(/(\.csv)?\.(gz|zip)$/i, '').replace(/\.csv$/i, '');
}

const DATE = '(\\d{8}|\\d{6})';
const YOUTUBE = new RegExp(`^YouTube_(.+?)_(?:(${REPORT_KINDS.join('|')})_)?M_${DATE}(?:_${DATE})?(?:_([A-Za-z][A-Za-z0-9_]*?))?_v(\\d+-\\d+)$`);
const DIRECT = /^([A-Za-z0-9-]+)_M_(\d{8})_direct$/;

/** A `yyyyMMdd` or `yyyyMM` date as its month's first day, or null when it is no real date. */
function monthOf(date: string): string | null {
  const y = date.slice(0, 4);
  const m = date.slice(4, 6);
  const d = date.length === 8 ? date.slice(6, 8) : '01';
  if (!isCalendarDate(`${y}-${m}-${d}`)) return null;
  return `${y}-${m}-01`;
}

/** Reads a file name's kind, month and owner; null when it matches no pattern of 5.3. */
export function parsePayoutFileName(name: string): ParsedPayoutFileName | null {
  const read = readPayoutFileName(name);
  return read && 'kind' in read ? read : null;
}

/** As `parsePayoutFileName`, telling apart a YouTube name whose data part is of no known kind. */
function readPayoutFileName(name: string): ParsedPayoutFileName | { unknown_kind: string } | null {
  const extension = payoutFileExtension(name);
  if (!extension) return null;
  const base = stem(name);
  const direct = DIRECT.exec(base);
  if (direct) {
    const month = monthOf(direct[2]);
    return month ? { extension, kind: 'direct', payout_type: 'direct', month, owner: direct[1], version: null } : null;
  }
  const yt = YOUTUBE.exec(base);
  if (!yt) return null;
  const [, owner, report, first, , data, version] = yt;
  let kind: PayoutFileKind;
  if (report) {
    if (data) return null;
    kind = report as PayoutFileKind;
  } else {
    const known = data ? monthlyKind(data) : null;
    if (!known) return data ? { unknown_kind: data } : null;
    kind = known;
  }
  const month = monthOf(first);
  if (!month) return null;
  return { extension, kind, payout_type: 'adsense', month, owner, version };
}

export interface PayoutFileNameContext {
  /** The payout's month, `yyyy-MM-01`. */
  month: string;
  payout_types: readonly string[];
  /** The known content owners' `report_filename_part` values. */
  report_filename_parts: readonly string[];
}

/**
 * The name rules of 5.3, in the order the spec gives them: extension, pattern per payout type, month,
 * content owner. The same function runs in the upload dialog and on the server.
 */
export function checkPayoutFileName(
  name: string,
  ctx: PayoutFileNameContext,
): { ok: true; file: ParsedPayoutFileName; report_filename_part: string | null } | { ok: false; error: PayoutFileNameError } {
  if (/[/\\]/.test(name)) return { ok: false, error: 'error_name_path' };
  if (!payoutFileExtension(name)) return { ok: false, error: 'error_extension_invalid' };
  const file = readPayoutFileName(name);
  if (file && 'unknown_kind' in file && ctx.payout_types.includes('adsense')) return { ok: false, error: `error_kind_unknown: ${KNOWN_FILE_KINDS.join(', ')}` };
  if (!file || !('kind' in file) || !ctx.payout_types.includes(file.payout_type)) return { ok: false, error: 'error_name_invalid' };
  if (file.month !== ctx.month) return { ok: false, error: 'error_month_invalid' };
  if (file.payout_type === 'direct') return { ok: true, file, report_filename_part: null };
  // The longest matching part wins, so `Acme` and `AcmeMusic` do not shadow each other.
  const part = [...ctx.report_filename_parts]
    .filter((p) => p.trim() !== '' && file.owner.includes(p))
    .sort((a, b) => b.length - a.length)[0];
  if (!part) return { ok: false, error: 'error_content_owner_invalid' };
  return { ok: true, file, report_filename_part: part };
}

/**
 * The companion hint of 5.3: names among `names` (the pending list and the payout's files) whose kind needs
 * a summary of the same owner and month that is not among them, with the kind it needs.
 */
export function missingCompanions(names: readonly string[]): { name: string; needs: PayoutFileKind }[] {
  const parsed = names.map((name) => ({ name, file: parsePayoutFileName(name) }));
  const present = new Set(parsed.flatMap(({ file }) => (file ? [`${file.owner}|${file.month}|${file.kind}`] : [])));
  const missing: { name: string; needs: PayoutFileKind }[] = [];
  for (const { name, file } of parsed) {
    const needs = file ? PAYOUT_FILE_KINDS[file.kind].needs : null;
    if (file && needs && !present.has(`${file.owner}|${file.month}|${needs}`)) missing.push({ name, needs });
  }
  return missing;
}

/** Whether a name is already on the payout or earlier in the pending list (5.3: such a file is ignored). */
export function isDuplicateFileName(name: string, existing: readonly string[]): boolean {
  return existing.includes(name);
}

/** Create (5.2): month required, first of a month, not in the future; at least one payout type; label optional. */
export const createPayoutStruct = () =>
  object({
    label: blankable(trimmed()),
    month: required(isoDate()),
    payout_types: list(oneOf(PAYOUT_TYPES)),
  });

export type CreatePayoutInput = Infer<ReturnType<typeof createPayoutStruct>>;

function createRules(raw: Record<string, unknown>, today: Date): FieldErrors {
  const errors: FieldErrors = {};
  const month = raw.month;
  if (typeof month === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(month)) {
    if (!isFirstOfMonth(month)) addError(errors, ['month'], 'invalid');
    else if (month > firstOfMonth(today)) addError(errors, ['month'], 'in_future');
  }
  const types = asList(raw.payout_types);
  if (types === undefined || types === null || (Array.isArray(types) && types.length === 0)) addError(errors, ['payout_types'], 'too_few');
  return errors;
}

export function validateCreatePayout(value: unknown, today = new Date()): ValidationResult<CreatePayoutInput> {
  const result = validateWith(createPayoutStruct(), value, (raw) => createRules(raw, today));
  if (!result.ok) return result;
  const types = PAYOUT_TYPES.filter((t) => result.value.payout_types.includes(t));
  return { ok: true, value: { ...result.value, payout_types: types } };
}

/** One row of the currency-rates tab (5.2): both currencies required, the rate a decimal of at least 0 (default 0). */
export const payoutCurrencyRateStruct = (currencies?: ReadonlySet<string>) =>
  object({
    id: blankable(wholeNumber()),
    base_currency: required(isoCode(3, currencies)),
    target_currency: required(isoCode(3, currencies)),
    rate: required(decimalText(10, 10)),
  });

export const payoutCurrencyRatesStruct = (currencies?: ReadonlySet<string>) => object({ currency_rates: list(payoutCurrencyRateStruct(currencies)) });

export type PayoutCurrencyRatesInput = Infer<ReturnType<typeof payoutCurrencyRatesStruct>>;

/** A negative rate is `invalid` (5.2's only message); a pair appears once. */
function currencyRatesRules(raw: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  const rows = asList(raw.currency_rates);
  if (!Array.isArray(rows)) return errors;
  rows.forEach((row, i) => {
    const r = row && typeof row === 'object' ? (row as Record<string, unknown>).rate : undefined;
    if (typeof r === 'string' && r.trim().startsWith('-')) addError(errors, ['currency_rates', i, 'rate'], 'invalid');
  });
  const pair = (r: Record<string, unknown>) => `${String(r.base_currency ?? '').toUpperCase()}>${String(r.target_currency ?? '').toUpperCase()}`;
  for (const i of duplicateIndexes(rows, pair)) addError(errors, ['currency_rates', i, 'target_currency'], 'already_used');
  return errors;
}

export function validatePayoutCurrencyRates(value: unknown, currencies?: ReadonlySet<string>): ValidationResult<PayoutCurrencyRatesInput> {
  return validateWith(payoutCurrencyRatesStruct(currencies), value, currencyRatesRules);
}

/** Allocate and delete revenues (5.2): at least one revenue type, each one of the payout's. */
export const revenueTypesStruct = (allowed: readonly string[] = REVENUE_TYPES) => object({ revenue_types: list(oneOf(allowed)) });

export function validateRevenueTypes(value: unknown, allowed: readonly string[] = REVENUE_TYPES): ValidationResult<{ revenue_types: string[] }> {
  return validateWith(revenueTypesStruct(allowed), value, (raw) => {
    const errors: FieldErrors = {};
    const types = asList(raw.revenue_types);
    if (types === undefined || types === null || (Array.isArray(types) && types.length === 0)) addError(errors, ['revenue_types'], 'too_few');
    return errors;
  });
}

/** Manual allocation (5.5, 7.5): a revenue source (its reference id and type) and the selected rows. */
export const allocateUnallocatedStruct = () =>
  object({
    assigned_id: required(text()),
    assigned_type: required(oneOf(['channel', 'label'] as const)),
    revenue_ids: list(wholeNumber()),
  });

export type AllocateUnallocatedInput = Infer<ReturnType<typeof allocateUnallocatedStruct>>;

export function validateAllocateUnallocated(value: unknown): ValidationResult<AllocateUnallocatedInput> {
  return validateWith(allocateUnallocatedStruct(), value, (raw) => {
    const errors: FieldErrors = {};
    const ids = asList(raw.revenue_ids);
    if (ids === undefined || ids === null || (Array.isArray(ids) && ids.length === 0)) addError(errors, ['revenue_ids'], 'too_few');
    return errors;
  });
}
