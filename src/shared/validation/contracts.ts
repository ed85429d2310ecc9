import { coerce, object, refine, unknown } from 'superstruct';
import { compare, Decimal, toDecimal } from '../money.js';
import { addError, blankable, type FieldErrors, isBlank, isoDate, oneOf, required, type ValidationResult, withCount, type Infer } from './core.js';
import { asList, decimalText, duplicateIndexes, emailAddress, flag, isoCode, list, minimumPayout, trimmed, validateWith, wholeNumber } from './fields.js';
import { CONTRACT_TYPES } from './organizations.js';

export { CONTRACT_TYPES };

/** Spec 2, sections 3, 4 and 9; DOMAIN.md "Contracts". */
export const CONTRACT_STATES = ['draft', 'approval_pending', 'signing_pending', 'rejected', 'signing_cancelled', 'signed', 'terminated', 'cancelled'] as const;
/** The five tabs (spec 2, 2), and `awaiting_approval`: what an approver has to decide (issue 24, item 11). */
export const CONTRACT_LIST_PARAMS = ['all', 'approval_pending', 'signing_pending', 'amendments_pending', 'termination_pending', 'awaiting_approval'] as const;
export const CREDIT_NOTE_TYPES = ['short', 'detailed'] as const;
export const REPORT_TEMPLATES = ['standard', 'premium', 'pro_aa', 'pro_fm', 'pro_pr', 'pro_sp'] as const;
/** Report templates only admin or contracts_admin may choose (spec 2, section 5). */
export const PRO_REPORT_TEMPLATES: readonly string[] = REPORT_TEMPLATES.filter((t) => t.startsWith('pro_'));
export const CONTRACT_SHARE_TYPES = ['all', 'direct', 'indirect', 'red', 'ecommerce', 'shorts'] as const;
export const REVENUE_SHARE_FORMULAS = ['rev_share', 'fixed_income', 'cap'] as const;
/** Combined = all + direct; separate = indirect, red, ecommerce, direct, shorts (spec 2, section 5). */
export const SHARE_SETS = {
  combined: ['all', 'direct'],
  separate: ['indirect', 'red', 'ecommerce', 'direct', 'shorts'],
} as const satisfies Record<string, readonly (typeof CONTRACT_SHARE_TYPES)[number][]>;
export const SHARE_SET_NAMES = ['combined', 'separate'] as const;
/** The params each formula takes; the others are stored empty (changing the formula clears them). */
export const FORMULA_PARAMS = {
  rev_share: ['rev_share', 'baseline'],
  fixed_income: ['fixed_income'],
  cap: ['rev_share', 'threshold'],
} as const;
export const SHARE_PARAMS = ['rev_share', 'baseline', 'fixed_income', 'threshold'] as const;
export const DEFAULT_TERMINATION_PERIOD_MONTHS = 3;

/** Percentages are NUMERIC(7,4) (0-100), amounts NUMERIC(14,2). */
const percent = () => decimalText(3, 4);
const money = () => decimalText(12, 2);

export const revenueShareStruct = () =>
  object({
    id: blankable(wholeNumber()),
    type: required(oneOf(CONTRACT_SHARE_TYPES)),
    formula: required(oneOf(REVENUE_SHARE_FORMULAS)),
    rev_share: blankable(percent()),
    baseline: blankable(money()),
    fixed_income: blankable(money()),
    threshold: blankable(money()),
  });

const contractVendorStruct = () =>
  object({
    id: blankable(wholeNumber()),
    vendor_id: required(wholeNumber()),
    vendor_payment_method_id: required(wholeNumber()),
    share_percentage: required(percent()),
    minimum_payout: minimumPayout(),
    vendor_contact_email_ids: list(wholeNumber()),
  });

const atLeastOne = () =>
  refine(
    coerce(wholeNumber(), unknown(), (v) => v),
    'atLeastOne',
    (v) => v >= 1 || withCount('greater_than_or_equal_to', 1),
  );

export const contractStruct = () =>
  object({
    organization_id: required(wholeNumber()),
    contract_type: required(oneOf(CONTRACT_TYPES)),
    currency: required(isoCode(3)),
    start_date: required(isoDate()),
    end_date: blankable(isoDate()),
    termination_possible_from: blankable(isoDate()),
    termination_period_months: required(atLeastOne()),
    credit_note_type: required(oneOf(CREDIT_NOTE_TYPES)),
    report_templates: list(oneOf(REPORT_TEMPLATES)),
    template_name: blankable(trimmed()),
    primary_signer_email: blankable(emailAddress()),
    secondary_signer_email: blankable(emailAddress()),
    revenue_share_params: blankable(oneOf(SHARE_SET_NAMES)),
    revenue_shares: list(revenueShareStruct()),
    contract_vendors: list(contractVendorStruct()),
    revenue_source_ids: list(wholeNumber()),
    tag_ids: list(wholeNumber()),
    submit_for_approval: flag(),
  });

export type ContractInput = Infer<ReturnType<typeof contractStruct>>;
export type RevenueShareInput = ContractInput['revenue_shares'][number];
export type ContractVendorInput = ContractInput['contract_vendors'][number];

export interface ContractRuleContext {
  /** A document is uploaded with this save or the contract has one (template and document exclude each other). */
  hasDocument?: boolean;
  /** The user is admin or contracts_admin (pro report templates). */
  mayUseProTemplates?: boolean;
  /** Past the draft the document comes from the template or the signing: template xor document no longer applies. */
  skipDocumentRule?: boolean;
  /** Ids of inactive vendors among those named (the server looks them up; the form knows them from the lookup). */
  inactiveVendorIds?: ReadonlySet<number>;
}

const entries = (v: unknown): Record<string, unknown>[] => {
  const items = asList(v);
  return Array.isArray(items) ? items.map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {})) : [];
};

/** `date` is a valid ISO date strictly after `start` (both given). */
const after = (date: unknown, start: unknown) => typeof date === 'string' && typeof start === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(start) && date <= start;

/** A decimal within [min, max] (max optional), else its message key; a malformed one is left to the struct. */
function rangeError(value: unknown, min: string, max?: string): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  let d: Decimal;
  try {
    d = toDecimal(String(value).trim());
  } catch {
    return undefined;
  }
  if (d.lessThan(min)) return withCount('greater_than_or_equal_to', Number(min));
  if (max !== undefined && d.greaterThan(max)) return withCount('less_than_or_equal_to', Number(max));
  return undefined;
}

/** The share set the types belong to, or undefined when they mix both (`direct` belongs to both). */
export function shareSetOf(types: readonly string[]): (typeof SHARE_SET_NAMES)[number] | undefined {
  if (types.every((t) => (SHARE_SETS.combined as readonly string[]).includes(t))) return 'combined';
  if (types.every((t) => (SHARE_SETS.separate as readonly string[]).includes(t))) return 'separate';
  return undefined;
}

/** The sum of the vendors' shares, exactly (decimal strings; an unreadable one counts as invalid). */
export function shareTotal(values: readonly unknown[]): Decimal | undefined {
  let total = new Decimal(0);
  for (const v of values) {
    const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
    if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
    total = total.plus(toDecimal(text));
  }
  return total;
}

/** The signers, lower-cased; the secondary may not repeat the primary (`already_used`). Contracts and amendments. */
export function signerErrors(errors: FieldErrors, raw: Record<string, unknown>): { primary: string; secondary: string } {
  const primary = typeof raw.primary_signer_email === 'string' ? raw.primary_signer_email.trim().toLowerCase() : '';
  const secondary = typeof raw.secondary_signer_email === 'string' ? raw.secondary_signer_email.trim().toLowerCase() : '';
  if (primary && primary === secondary) addError(errors, ['secondary_signer_email'], 'already_used');
  return { primary, secondary };
}

/**
 * The revenue-share rules of a contract and of an amendment that changes them: at least one, each type
 * once and from one share set (combined or separate, `setName` or the types' own), each formula's params
 * given and in range.
 */
export function revenueShareRules(errors: FieldErrors, rawShares: unknown, setName: unknown): void {
  const shares = entries(rawShares);
  if (shares.length === 0) addError(errors, ['revenue_shares'], 'too_few');
  for (const i of duplicateIndexes(rawShares, (s) => s.type)) addError(errors, ['revenue_shares', i, 'type'], 'already_used');
  const types = shares.map((s) => s.type).filter((t): t is string => typeof t === 'string');
  const set = isBlank(setName) ? shareSetOf(types) : (setName as string);
  const allowed: readonly string[] | undefined = set === 'combined' || set === 'separate' ? SHARE_SETS[set] : undefined;
  shares.forEach((s, i) => {
    if (typeof s.type === 'string' && (!allowed || !allowed.includes(s.type))) addError(errors, ['revenue_shares', i, 'type'], 'invalid');
    const formula = s.formula as keyof typeof FORMULA_PARAMS;
    const needed: readonly string[] = FORMULA_PARAMS[formula] ?? [];
    for (const param of needed) if (isBlank(s[param])) addError(errors, ['revenue_shares', i, param], 'blank');
    const limit = (param: string, min: string, max?: string) => {
      if (!needed.includes(param) || isBlank(s[param])) return;
      const key = rangeError(s[param], min, max);
      if (key) addError(errors, ['revenue_shares', i, param], key);
    };
    limit('rev_share', '0', '100');
    limit('baseline', '0');
    limit('fixed_income', '0');
    limit('threshold', '0');
  });
}

/** A share as a comparable text: decimals by value ('70.0000' is '70'), the params its formula keeps. */
function shareKey(s: Record<string, unknown>): string {
  const value = (v: unknown) => {
    if (isBlank(v)) return null;
    try {
      return toDecimal(String(v).trim()).toString();
    } catch {
      return String(v);
    }
  };
  const keep: readonly string[] = FORMULA_PARAMS[s.formula as keyof typeof FORMULA_PARAMS] ?? [];
  return JSON.stringify([s.type, s.formula, ...SHARE_PARAMS.map((p) => (keep.includes(p) ? value(s[p]) : null))]);
}

/** Whether two share lists say the same, whatever their order and ids. */
export function sameRevenueShares(a: unknown, b: unknown): boolean {
  const keys = (v: unknown) => entries(v).map(shareKey).sort();
  return JSON.stringify(keys(a)) === JSON.stringify(keys(b));
}

/** The rules of spec 2, section 5 "Contract form" that look at several fields. */
export function contractRules(raw: Record<string, unknown>, ctx: ContractRuleContext = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['end_date', 'termination_possible_from'] as const) {
    if (!isBlank(raw[field]) && after(raw[field], raw.start_date)) addError(errors, [field], 'invalid');
  }
  // Template xor document: one of them is needed, never both.
  const template = !isBlank(raw.template_name);
  if (!ctx.skipDocumentRule && template && ctx.hasDocument) addError(errors, ['template_name'], 'exclusive');
  if (!ctx.skipDocumentRule && !template && !ctx.hasDocument) addError(errors, ['template_name'], 'blank');
  const { primary, secondary } = signerErrors(errors, raw);
  // Signers are picked for a generated document: they need the template (and so an organization).
  if ((primary || secondary) && !template) addError(errors, [primary ? 'primary_signer_email' : 'secondary_signer_email'], 'invalid');

  const templates = asList(raw.report_templates);
  if (!ctx.mayUseProTemplates && Array.isArray(templates) && templates.some((t) => typeof t === 'string' && PRO_REPORT_TEMPLATES.includes(t))) {
    addError(errors, ['report_templates'], 'admin_only');
  }

  revenueShareRules(errors, raw.revenue_shares, raw.revenue_share_params);

  const vendors = entries(raw.contract_vendors);
  if (vendors.length === 0) addError(errors, ['contract_vendors'], 'too_few');
  for (const i of duplicateIndexes(raw.contract_vendors, (v) => (isBlank(v.vendor_id) ? undefined : String(v.vendor_id)))) {
    addError(errors, ['contract_vendors', i, 'vendor_id'], 'already_used');
  }
  vendors.forEach((v, i) => {
    if (!isBlank(v.vendor_id) && ctx.inactiveVendorIds?.has(Number(v.vendor_id))) addError(errors, ['contract_vendors', i, 'vendor_id'], 'invalid');
    const emails = asList(v.vendor_contact_email_ids);
    if (!Array.isArray(emails) || emails.length === 0) addError(errors, ['contract_vendors', i, 'vendor_contact_email_ids'], 'at_least_1_email');
    if (!isBlank(v.share_percentage)) {
      const key = rangeError(v.share_percentage, '0', '100');
      if (key) addError(errors, ['contract_vendors', i, 'share_percentage'], key);
    }
  });
  if (vendors.length > 0) {
    const total = shareTotal(vendors.map((v) => v.share_percentage));
    if (!total || compare(total, '100') !== 0) addError(errors, ['total_share_percentage'], 'share_percentage_invalid');
  }

  const sources = asList(raw.revenue_source_ids);
  if (!Array.isArray(sources) || sources.length === 0) addError(errors, ['revenue_source_ids'], 'too_few');
  for (const i of duplicateIndexes(raw.revenue_source_ids, (s) => String(s))) addError(errors, ['revenue_source_ids', i], 'already_used');
  return errors;
}

/** Keeps only the params of each share's formula (the others are stored empty). */
export function normalizeShares(shares: readonly RevenueShareInput[]): RevenueShareInput[] {
  return shares.map((s) => {
    const keep: readonly string[] = FORMULA_PARAMS[s.formula];
    return { ...s, ...Object.fromEntries(SHARE_PARAMS.filter((p) => !keep.includes(p)).map((p) => [p, null])) };
  });
}

export function validateContract(value: unknown, ctx: ContractRuleContext = {}): ValidationResult<ContractInput> {
  const result = validateWith(contractStruct(), value, (raw) => contractRules(raw, ctx));
  return result.ok ? { ok: true, value: { ...result.value, revenue_shares: normalizeShares(result.value.revenue_shares) } } : result;
}

/** The comment of reject and cancel: required (spec 2, "Comment dialog"; DOMAIN.md "cancel with a comment"). */
export const commentStruct = () => object({ state_comment: required(trimmed(2000)) });

/** Cancel's comment may be left empty. */
export const optionalCommentStruct = () => object({ state_comment: blankable(trimmed(2000)) });

/** Pause vendor (spec 2, section 5): the reason is required. */
export const pauseStruct = () => object({ payout_on_hold_reason: required(trimmed(2000)) });

/** Termination form (spec 2, section 5); the document (pdf) travels beside it. */
export const terminationStruct = () => object({ terminate_on: required(isoDate()), termination_reason: required(trimmed(2000)) });
export type TerminationInput = Infer<ReturnType<typeof terminationStruct>>;

export function validateTermination(value: unknown, ctx: { startDate: string; hasDocument: boolean }): ValidationResult<TerminationInput> {
  return validateWith(terminationStruct(), value, (raw) => {
    const errors: FieldErrors = {};
    if (typeof raw.terminate_on === 'string' && raw.terminate_on <= ctx.startDate) addError(errors, ['terminate_on'], 'invalid');
    if (!ctx.hasDocument) addError(errors, ['document'], 'blank');
    return errors;
  });
}
