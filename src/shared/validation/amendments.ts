import { object } from 'superstruct';
import { addError, blankable, type FieldErrors, type Infer, isBlank, isoDate, oneOf, required, type ValidationResult, withDate } from './core.js';
import { normalizeShares, revenueShareRules, revenueShareStruct, sameRevenueShares, SHARE_SET_NAMES, signerErrors } from './contracts.js';
import { asList, duplicateIndexes, emailAddress, flag, list, validateWith, wholeNumber } from './fields.js';

/** Spec 2, section 4 "Amendment"; DOMAIN.md "Contracts". */
export const AMENDMENT_STATES = ['draft', 'approval_pending', 'signing_pending', 'rejected', 'signed', 'applied', 'signing_cancelled'] as const;

/** A contract vendor's payment method as the amendment sets it (spec 2, section 3: vendor and method). */
const amendmentVendorStruct = () =>
  object({
    id: blankable(wholeNumber()),
    vendor_id: required(wholeNumber()),
    vendor_payment_method_id: required(wholeNumber()),
  });

/** Payload key `contract_amendment` (spec 2, section 7); shares and sources only count when their flag is set. */
export const amendmentStruct = () =>
  object({
    apply_on: required(isoDate()),
    primary_signer_email: blankable(emailAddress()),
    secondary_signer_email: blankable(emailAddress()),
    change_revenue_shares: flag(),
    change_revenue_sources: flag(),
    revenue_share_params: blankable(oneOf(SHARE_SET_NAMES)),
    revenue_shares: list(revenueShareStruct()),
    revenue_source_ids: list(wholeNumber()),
    amendment_vendors: list(amendmentVendorStruct()),
    submit_for_approval: flag(),
  });

export type AmendmentInput = Infer<ReturnType<typeof amendmentStruct>>;
export type AmendmentVendorInput = AmendmentInput['amendment_vendors'][number];

/** What the amendment rules compare with: the contract's terms and the neighbouring amendments. */
export interface AmendmentRuleContext {
  /** Today (yyyy-MM-dd; the server's date decides): apply_on may not be before it. */
  today: string;
  /** apply_on of the amendment before this one (by number), which this one must follow. */
  previousApplyOn?: string | null;
  /** apply_on of the amendment after this one, which this one must precede. */
  nextApplyOn?: string | null;
  /** A document is uploaded with this save or the amendment has one. */
  hasDocument?: boolean;
  /** The contract's terms in force; without them `unchanged` and the vendor checks are left to the server. */
  contract?: {
    revenue_shares: readonly Record<string, unknown>[];
    revenue_source_ids: readonly number[];
    contract_vendors: readonly { vendor_id: number; vendor_payment_method_id: number | null }[];
  };
}

const entries = (v: unknown): Record<string, unknown>[] => {
  const items = asList(v);
  return Array.isArray(items) ? items.map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {})) : [];
};
const truthy = (v: unknown) => v === true || v === 'true' || v === '1';
const idSet = (v: unknown) => {
  const items = asList(v);
  return Array.isArray(items) ? [...new Set(items.map((x) => String(x).trim()))].sort() : [];
};

/** Whether the amendment sets a vendor's payment method other than the contract's. */
function vendorsChanged(raw: Record<string, unknown>, ctx: AmendmentRuleContext): boolean {
  if (!ctx.contract) return false;
  const current = new Map(ctx.contract.contract_vendors.map((v) => [String(v.vendor_id), String(v.vendor_payment_method_id)]));
  return entries(raw.amendment_vendors).some((v) => !isBlank(v.vendor_id) && current.get(String(v.vendor_id)) !== String(v.vendor_payment_method_id));
}

/** The rules of spec 2, section 5 "Amendment form" that look at several fields or at the contract. */
export function amendmentRules(raw: Record<string, unknown>, ctx: AmendmentRuleContext): FieldErrors {
  const errors: FieldErrors = {};
  const applyOn = typeof raw.apply_on === 'string' && isoDate().is(raw.apply_on) ? raw.apply_on : undefined;
  if (applyOn) {
    if (applyOn < ctx.today) addError(errors, ['apply_on'], 'in_the_past');
    else if (ctx.previousApplyOn && applyOn <= ctx.previousApplyOn) addError(errors, ['apply_on'], withDate('after_date', ctx.previousApplyOn));
    else if (ctx.nextApplyOn && applyOn >= ctx.nextApplyOn) addError(errors, ['apply_on'], withDate('before_date', ctx.nextApplyOn));
  }
  const { primary, secondary } = signerErrors(errors, raw);
  if (!primary && !secondary && !ctx.hasDocument) addError(errors, ['document'], 'blank');

  const changeShares = truthy(raw.change_revenue_shares);
  const changeSources = truthy(raw.change_revenue_sources);
  if (!changeShares && !changeSources && !ctx.hasDocument && !vendorsChanged(raw, ctx)) addError(errors, ['base'], 'revenue_shares_or_sources_required');
  if (changeShares) {
    revenueShareRules(errors, raw.revenue_shares, raw.revenue_share_params);
    if (ctx.contract && entries(raw.revenue_shares).length > 0 && sameRevenueShares(raw.revenue_shares, ctx.contract.revenue_shares)) {
      addError(errors, ['revenue_shares'], 'unchanged');
    }
  }
  if (changeSources) {
    const sources = idSet(raw.revenue_source_ids);
    if (sources.length === 0) addError(errors, ['revenue_source_ids'], 'too_few');
    for (const i of duplicateIndexes(raw.revenue_source_ids, (s) => String(s))) addError(errors, ['revenue_source_ids', i], 'already_used');
    if (ctx.contract && sources.length > 0 && JSON.stringify(sources) === JSON.stringify(idSet(ctx.contract.revenue_source_ids))) {
      addError(errors, ['revenue_source_ids'], 'unchanged');
    }
  }

  for (const i of duplicateIndexes(raw.amendment_vendors, (v) => (isBlank(v.vendor_id) ? undefined : String(v.vendor_id)))) {
    addError(errors, ['amendment_vendors', i, 'vendor_id'], 'already_used');
  }
  if (ctx.contract) {
    const onContract = new Set(ctx.contract.contract_vendors.map((v) => String(v.vendor_id)));
    entries(raw.amendment_vendors).forEach((v, i) => {
      if (!isBlank(v.vendor_id) && !onContract.has(String(v.vendor_id))) addError(errors, ['amendment_vendors', i, 'vendor_id'], 'invalid');
    });
  }
  return errors;
}

/** Validates an amendment; shares and sources it does not change are stored empty, shares keep only their formula's params. */
export function validateAmendment(value: unknown, ctx: AmendmentRuleContext): ValidationResult<AmendmentInput> {
  const result = validateWith(amendmentStruct(), value, (raw) => amendmentRules(raw, ctx));
  if (!result.ok) return result;
  const v = result.value;
  return {
    ok: true,
    value: {
      ...v,
      revenue_shares: v.change_revenue_shares ? normalizeShares(v.revenue_shares) : [],
      revenue_source_ids: v.change_revenue_sources ? [...new Set(v.revenue_source_ids)] : [],
    },
  };
}

/** The date the amendment must follow and the one it must precede, from its siblings (by number; rejected and cancelled ones do not count). */
export function neighbourDates(
  siblings: readonly { id: number; number: number; state: string; apply_on: string | null }[],
  self: { id: number; number: number } | null,
): { previousApplyOn: string | null; nextApplyOn: string | null } {
  const live = siblings.filter((a) => a.id !== self?.id && a.apply_on && a.state !== 'rejected' && a.state !== 'signing_cancelled');
  const before = self ? live.filter((a) => a.number < self.number) : live;
  const after = self ? live.filter((a) => a.number > self.number) : [];
  const max = (xs: string[]) => (xs.length ? xs.reduce((a, b) => (a > b ? a : b)) : null);
  const min = (xs: string[]) => (xs.length ? xs.reduce((a, b) => (a < b ? a : b)) : null);
  return { previousApplyOn: max(before.map((a) => a.apply_on as string)), nextApplyOn: min(after.map((a) => a.apply_on as string)) };
}
