import { EU_COUNTRIES } from './countries-eu.js';
import type { ContractShareType, RevenueShareFormula } from './entities/contract';
import type { RevenueType } from './entities/payout';
import { Decimal, minorUnits, money, type Money, percentOf, roundTo, splitByPercentages, splitByWeights, toDecimal, total, type Amount, type DecimalValue, type Percentage } from './money.js';
import type { SHARE_SET_NAMES } from './validation/contracts';

/**
 * The payment run's arithmetic (DOMAIN.md "Payment run"), shared by the run and its preview so both
 * compute the same cents. Everything stays exact until the line item, where it is rounded once, half up.
 */

export type ShareSetName = (typeof SHARE_SET_NAMES)[number];

export const SEPARATE_SHARE: Record<RevenueType, ContractShareType> = {
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

/** Revenue of one revenue source under one share type, converted to the contract's currency. */
export interface SourceRevenue {
  source_id: number;
  share_type: ContractShareType;
  revenue: Money;
}

export interface VendorLineItem<R extends SourceRevenue = SourceRevenue> {
  /** The revenue row the item pays a part of. */
  row: R;
  source_id: number;
  share_type: ContractShareType;
  /** The vendor's exact part before rounding. */
  amount_raw: Decimal;
  amount: Amount;
}

/** One share's revenue and amount: what the formula gives for the summed revenue of its rows. */
export interface ShareTotal<R extends SourceRevenue = SourceRevenue> {
  share_type: ContractShareType;
  rows: R[];
  /** The converted revenue R of the share's rows, exact, in the contract's currency. */
  revenue: Decimal;
  /** The formula's result, exact. */
  exact: Decimal;
  /** Rounded once to the currency's unit: what the vendors share. */
  amount: Amount;
}

/** Each share's total (in the order its first row comes): the one place the formula meets the revenue. */
export function shareTotals<R extends SourceRevenue>(shares: ReadonlyMap<ContractShareType, ShareTerms>, revenues: readonly R[], currency: string): ShareTotal<R>[] {
  const digits = minorUnits(currency);
  const byShare = new Map<ContractShareType, R[]>();
  for (const r of revenues) byShare.set(r.share_type, [...(byShare.get(r.share_type) ?? []), r]);
  return [...byShare].map(([type, rows]) => {
    const terms = shares.get(type);
    if (!terms) throw new TypeError(`contract has no ${type} share`);
    // Every row must already be in the contract's currency: `total` refuses another one.
    const revenue = total(currency, rows.map((r) => r.revenue)).amount;
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
export function contractLineItems<R extends SourceRevenue>(
  shares: ReadonlyMap<ContractShareType, ShareTerms>,
  revenues: readonly R[],
  percentages: readonly Percentage[],
  currency: string,
): VendorLineItem<R>[][] {
  const digits = minorUnits(currency);
  const out: VendorLineItem<R>[][] = percentages.map(() => []);
  for (const { share_type: type, rows, exact, amount: rounded } of shareTotals(shares, revenues, currency)) {
    const vendorParts = splitByPercentages(rounded, percentages, digits);
    vendorParts.forEach((part, v) => {
      const exactVendor = percentOf(exact, percentages[v]);
      const sourceParts = splitByWeights(part, rows.map((r) => r.revenue.amount), digits);
      const weightSum = rows.reduce((a, r) => a.plus(r.revenue.amount), new Decimal(0));
      rows.forEach((r, s) => {
        const raw = weightSum.isZero() ? exactVendor.dividedBy(rows.length) : exactVendor.times(r.revenue.amount).dividedBy(weightSum);
        out[v].push({ row: r, source_id: r.source_id, share_type: type, amount_raw: raw, amount: sourceParts[s] });
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

/** A stored line item as a statement reads it: revenue as reported, converted to the payment currency as the run did, and the vendor's rounded amount. */
export interface StatementLineInput {
  share_type: ContractShareType;
  source_id: number;
  revenue_usd: string;
  /** The currency `revenue_usd` was reported in (USD unless told). */
  revenue_currency?: string;
  revenue: string;
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
 * each line's revenue as the run converted it (in the payment currency, whatever the report's), summed
 * per share, and the share's formula applied and rounded once (`shareTotals`), so the numbers are the
 * ones the run computed. A
 * reversal's lines are negated: its formula is the cancelled payment's, shown negated. `terms` lacks a
 * share whose contract terms are no longer known (a replacement on another contract).
 */
export function explainShares(
  lines: readonly StatementLineInput[],
  terms: ReadonlyMap<ContractShareType, ShareTerms>,
  currency: string,
  opts: { reversal?: boolean; format?: (value: string) => string } = {},
): ShareExplanation[] {
  const digits = minorUnits(currency);
  const sign = opts.reversal ? -1 : 1;
  const format = opts.format ?? ((v: string) => v);
  const order = [...new Set(lines.map((l) => l.share_type))];
  return order.map((type) => {
    const own = lines.filter((l) => l.share_type === type);
    // The USD the reports stated (lines reported in another currency are not added to it).
    const usd = total('USD', own.filter((l) => (l.revenue_currency ?? 'USD') === 'USD').map((l) => money(l.revenue_usd, 'USD'))).amount;
    const part = own.reduce((a, l) => a.plus(toDecimal(l.amount)), new Decimal(0)).toFixed(digits);
    const rows = own.map((l) => ({ source_id: l.source_id, share_type: type, revenue: money(toDecimal(l.revenue).times(sign), currency) }));
    const t = terms.get(type);
    const base = { share_type: type, revenue_usd: usd.toFixed(), revenue: total(currency, rows.map((r) => r.revenue)).amount.times(sign).toFixed(), amount: part };
    if (!t) return { ...base, share_amount: null, formula_text: null };
    const [share] = shareTotals(new Map([[type, t]]), rows, currency);
    const text = formulaText(t, share.revenue, share.amount, format);
    return { ...base, share_amount: toDecimal(share.amount).times(sign).toFixed(digits), formula_text: opts.reversal ? `-(${text})` : text };
  });
}
