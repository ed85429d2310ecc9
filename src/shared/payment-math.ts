import { EU_COUNTRIES } from './countries-eu.js';
import type { ContractShareType, RevenueShareFormula } from './entities/contract';
import type { RevenueType } from './entities/payout';
import { amount, Decimal, minorUnits, percentOf, roundTo, splitByPercentages, toDecimal, type Amount, type DecimalValue, type Percentage } from './money.js';
import type { SHARE_SET_NAMES } from './validation/contracts';

/**
 * The payment run's arithmetic (DOMAIN.md "Payment run"), shared by the run and its preview so both
 * compute the same cents. Everything stays exact until the line item, where it is rounded once, half up.
 */

export type ShareSetName = (typeof SHARE_SET_NAMES)[number];

const SEPARATE_SHARE: Record<RevenueType, ContractShareType> = {
  adsense: 'indirect',
  audio_tier: 'indirect',
  channel_adjustments: 'indirect',
  recoupment: 'indirect',
  withholding_tax: 'indirect',
  red: 'red',
  ecommerce: 'ecommerce',
  shorts: 'shorts',
  direct: 'direct',
};

/** The share a revenue type counts under: combined contracts put all but `direct` under `all`. */
export function shareTypeOf(set: ShareSetName, revenueType: RevenueType): ContractShareType {
  if (set === 'combined') return revenueType === 'direct' ? 'direct' : 'all';
  return SEPARATE_SHARE[revenueType];
}

/** A share's formula and params as the contract stores them (decimal strings, null when unused). */
export interface ShareTerms {
  formula: RevenueShareFormula;
  rev_share: string | null;
  baseline: string | null;
  fixed_income: string | null;
  threshold: string | null;
}

const param = (value: string | null, name: string): Decimal => {
  if (value === null) throw new TypeError(`share formula lacks ${name}`);
  return toDecimal(value);
};

/** The vendors' amount of one share from its converted revenue `revenue`, exact (not yet rounded). */
export function shareAmount(terms: ShareTerms, revenue: DecimalValue): Decimal {
  const r = toDecimal(revenue);
  switch (terms.formula) {
    case 'rev_share':
      return Decimal.max(r.minus(param(terms.baseline, 'baseline')), 0).times(param(terms.rev_share, 'rev_share')).dividedBy(100);
    case 'fixed_income':
      return param(terms.fixed_income, 'fixed_income');
    case 'cap':
      return Decimal.min(r.times(param(terms.rev_share, 'rev_share')).dividedBy(100), param(terms.threshold, 'threshold'));
  }
}

/**
 * Splits `total` (of `digits` decimals) in proportion to `weights` (any signs, e.g. revenues with
 * negative adjustments) by largest remainder: the parts add up to `total` exactly and each is within
 * one unit of its exact share. Weights summing to zero split equally.
 */
export function splitByWeights(total: Amount, weights: readonly DecimalValue[], digits: number): Amount[] {
  if (weights.length === 0) return [];
  const whole = toDecimal(total);
  let ws = weights.map((w) => toDecimal(w));
  let sumW = ws.reduce((a, w) => a.plus(w), new Decimal(0));
  if (sumW.isZero()) {
    ws = ws.map(() => new Decimal(1));
    sumW = new Decimal(ws.length);
  }
  const unit = new Decimal(10).pow(-digits);
  const shares = ws.map((w) => whole.times(w).dividedBy(sumW));
  const floors = shares.map((s) => s.toDecimalPlaces(digits, Decimal.ROUND_FLOOR));
  // A count of minor units, fewer than the parts: a number is exact here.
  let left = whole.minus(floors.reduce((a, f) => a.plus(f), new Decimal(0))).dividedBy(unit).toNumber();
  const byRemainder = shares.map((s, i) => ({ i, rest: s.minus(floors[i]) })).sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  const parts = [...floors];
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    parts[i] = parts[i].plus(unit);
    left -= 1;
  }
  return parts.map((p) => amount(p.toFixed(digits)));
}

export type PaymentKind = 'self_billing' | 'invoice';

/** The organization's override wins (`none` or null defers to the vendor's tax info). */
export function paymentTypeOf(overridden: string | null, selfBillingAllowed: boolean): PaymentKind {
  if (overridden === 'self_billing' || overridden === 'invoice') return overridden;
  return selfBillingAllowed ? 'self_billing' : 'invoice';
}

const isEu = (country: string | null | undefined) => !!country && (EU_COUNTRIES as readonly string[]).includes(country);

/** Reverse charge: an EU vendor with an EU VAT id in another EU country than the organization. */
export function isReverseCharge(vendorCountry: string | null, vendorEuTaxId: string | null, organizationCountry: string): boolean {
  return isEu(vendorCountry) && isEu(organizationCountry) && !!vendorEuTaxId?.trim() && vendorCountry !== organizationCountry;
}

export interface PaymentFigures {
  amount: Amount;
  vat_percentage: Percentage;
  vat_amount: Amount;
  wht_percentage: Percentage;
  wht_amount: Amount;
  fee: Amount;
  total_amount: Amount;
  reverse_charge: boolean;
}

/**
 * A payment's VAT, withholding tax and total from its amount (the sum of its rounded line items):
 * each tax rounded half up to the currency's unit, VAT zero under reverse charge, and
 * `total = amount + vat - wht - fee`.
 */
export function paymentFigures(input: {
  amount: Amount;
  currency: string;
  vatPercentage: Percentage | null;
  whtPercentage: Percentage;
  reverseCharge: boolean;
  fee?: Amount;
}): PaymentFigures {
  const digits = minorUnits(input.currency);
  const vatPct = (input.reverseCharge || input.vatPercentage === null ? '0' : input.vatPercentage) as Percentage;
  const vat = roundTo(percentOf(input.amount, vatPct), digits);
  const wht = roundTo(percentOf(input.amount, input.whtPercentage), digits);
  const fee = roundTo(input.fee ?? ('0' as Amount), digits);
  const total = toDecimal(input.amount).plus(toDecimal(vat)).minus(toDecimal(wht)).minus(toDecimal(fee));
  return {
    amount: roundTo(input.amount, digits),
    vat_percentage: vatPct,
    vat_amount: vat,
    wht_percentage: input.whtPercentage,
    wht_amount: wht,
    fee,
    total_amount: roundTo(total, digits),
    reverse_charge: input.reverseCharge,
  };
}

/** Revenue in USD converted with a payout rate (base USD); exact. A missing or zero rate is the caller's refusal. */
export function convert(revenueUsd: DecimalValue, usdRate: DecimalValue): Decimal {
  return toDecimal(revenueUsd).times(toDecimal(usdRate));
}

/** Converted revenue of one revenue source under one share type. */
export interface SourceRevenue {
  source_id: number;
  share_type: ContractShareType;
  revenue: DecimalValue;
}

export interface VendorLineItem {
  source_id: number;
  share_type: ContractShareType;
  /** The vendor's exact part before rounding. */
  amount_raw: Decimal;
  amount: Amount;
}

/** One share's revenue and amount: what the formula gives for the summed revenue of its rows. */
export interface ShareTotal {
  share_type: ContractShareType;
  rows: SourceRevenue[];
  /** The converted revenue R of the share's rows, exact. */
  revenue: Decimal;
  /** The formula's result, exact. */
  exact: Decimal;
  /** Rounded once to the currency's unit: what the vendors share. */
  amount: Amount;
}

/** Each share's total (in the order its first row comes): the one place the formula meets the revenue. */
export function shareTotals(shares: ReadonlyMap<ContractShareType, ShareTerms>, revenues: readonly SourceRevenue[], currency: string): ShareTotal[] {
  const digits = minorUnits(currency);
  const byShare = new Map<ContractShareType, SourceRevenue[]>();
  for (const r of revenues) byShare.set(r.share_type, [...(byShare.get(r.share_type) ?? []), r]);
  return [...byShare].map(([type, rows]) => {
    const terms = shares.get(type);
    if (!terms) throw new TypeError(`contract has no ${type} share`);
    const revenue = rows.reduce((a, r) => a.plus(toDecimal(r.revenue)), new Decimal(0));
    const exact = shareAmount(terms, revenue);
    return { share_type: type, rows, revenue, exact, amount: roundTo(exact, digits) };
  });
}

/**
 * One contract's line items per contract vendor (in the order of `percentages`): each share's amount
 * is computed from its total revenue and rounded once; that amount is split across the vendors by
 * largest remainder, and each vendor's part across the sources by their revenue. So every vendor's
 * line items add up to their share, and the vendors' shares to the contract's rounded amount.
 * Shares without revenue rows produce nothing (a fixed income needs a row of its share to be paid).
 */
export function contractLineItems(
  shares: ReadonlyMap<ContractShareType, ShareTerms>,
  revenues: readonly SourceRevenue[],
  percentages: readonly Percentage[],
  currency: string,
): VendorLineItem[][] {
  const digits = minorUnits(currency);
  const out: VendorLineItem[][] = percentages.map(() => []);
  for (const { share_type: type, rows, exact, amount: rounded } of shareTotals(shares, revenues, currency)) {
    const vendorParts = splitByPercentages(rounded, percentages, digits);
    vendorParts.forEach((part, v) => {
      const exactVendor = percentOf(exact, percentages[v]);
      const sourceParts = splitByWeights(part, rows.map((r) => r.revenue), digits);
      const weightSum = rows.reduce((a, r) => a.plus(toDecimal(r.revenue)), new Decimal(0));
      rows.forEach((r, s) => {
        const raw = weightSum.isZero() ? exactVendor.dividedBy(rows.length) : exactVendor.times(toDecimal(r.revenue)).dividedBy(weightSum);
        out[v].push({ source_id: r.source_id, share_type: type, amount_raw: raw, amount: sourceParts[s] });
      });
    });
  }
  return out;
}

/**
 * A share's formula with its numbers filled in, for the preview: `max(1234.56 - 100.00, 0) × 30% = 340.37`.
 * R is shown exact (as the formula sees it) and the result rounded as the run rounds it; `format`
 * writes a decimal string (the client passes its locale's).
 */
export function formulaText(terms: ShareTerms, revenue: DecimalValue | string, rounded: string, format: (value: string) => string = (v) => v): string {
  const r = format(toDecimal(revenue).toFixed());
  const pct = (v: string | null) => `${format(toDecimal(v ?? '0').toFixed())}%`;
  const num = (v: string | null) => format(v ?? '0');
  switch (terms.formula) {
    case 'rev_share':
      return `max(${r} - ${num(terms.baseline)}, 0) × ${pct(terms.rev_share)} = ${format(rounded)}`;
    case 'fixed_income':
      return `${num(terms.fixed_income)} = ${format(rounded)}`;
    case 'cap':
      return `min(${r} × ${pct(terms.rev_share)}, ${num(terms.threshold)}) = ${format(rounded)}`;
  }
}

/** A stored line item as a statement reads it: USD as reported and the vendor's rounded amount. */
export interface StatementLineInput {
  share_type: ContractShareType;
  source_id: number;
  revenue_usd: string;
  amount: string;
}

/** One share of a payment explained: its revenue, the contract's formula with the numbers, and the vendor's part. */
export interface ShareExplanation {
  share_type: ContractShareType;
  revenue_usd: string;
  /** R in the payment currency, exact, as the run converted it. */
  revenue: string;
  /** The share's rounded amount for all the contract's vendors, or null when the terms are gone. */
  share_amount: string | null;
  /** `max(1234.56 - 100.00, 0) × 30% = 340.37`; a reversal's is `-(...)`; null when the terms are gone. */
  formula_text: string | null;
  /** The vendor's part: the sum of its rounded line items of this share. */
  amount: string;
}

/**
 * A payment's shares explained from its stored line items (vendor statements), with the run's own code:
 * each line's USD revenue converted with the payment's rate (`convert`), summed per share, and the share's
 * formula applied and rounded once (`shareTotals`), so the numbers are the ones the run computed. A
 * reversal's lines are negated: its formula is the cancelled payment's, shown negated. `terms` lacks a
 * share whose contract terms are no longer known (a replacement on another contract).
 */
export function explainShares(
  lines: readonly StatementLineInput[],
  terms: ReadonlyMap<ContractShareType, ShareTerms>,
  usdRate: DecimalValue | string,
  currency: string,
  opts: { reversal?: boolean; format?: (value: string) => string } = {},
): ShareExplanation[] {
  const digits = minorUnits(currency);
  const sign = opts.reversal ? -1 : 1;
  const format = opts.format ?? ((v: string) => v);
  const order = [...new Set(lines.map((l) => l.share_type))];
  return order.map((type) => {
    const own = lines.filter((l) => l.share_type === type);
    const usd = own.reduce((a, l) => a.plus(toDecimal(l.revenue_usd)), new Decimal(0));
    const part = own.reduce((a, l) => a.plus(toDecimal(l.amount)), new Decimal(0)).toFixed(digits);
    const rows = own.map((l) => ({ source_id: l.source_id, share_type: type, revenue: convert(toDecimal(l.revenue_usd).times(sign), toDecimal(usdRate)) }));
    const t = terms.get(type);
    const base = { share_type: type, revenue_usd: usd.toFixed(), revenue: rows.reduce((a, r) => a.plus(r.revenue), new Decimal(0)).times(sign).toFixed(), amount: part };
    if (!t) return { ...base, share_amount: null, formula_text: null };
    const [total] = shareTotals(new Map([[type, t]]), rows, currency);
    const text = formulaText(t, total.revenue, total.amount, format);
    return { ...base, share_amount: toDecimal(total.amount).times(sign).toFixed(digits), formula_text: opts.reversal ? `-(${text})` : text };
  });
}
