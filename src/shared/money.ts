import DecimalJs from 'decimal.js';
import { GRAMMAR, isDecimal, type DecimalShape } from './decimal-grammar.js';
import { minorUnits } from './money-format.js';

/**
 * Money, rates and percentages for both sides (DESIGN principle 4): decimal strings on the wire and in
 * the database (NUMERIC), `Decimal` in computations, never a JavaScript number. This is the one decimal
 * grammar (`isDecimal`), the one comparison and the one place amounts are rounded, split and formatted.
 */

/** decimal.js with room for any NUMERIC we store, rounding half away from zero ("half up" in bookkeeping). */
export const Decimal = DecimalJs.clone({ precision: 60, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -60, toExpPos: 60 });
export type Decimal = InstanceType<typeof Decimal>;

declare const brand: unique symbol;
type Branded<B extends string> = string & { readonly [brand]: B };
/** A sum of money as a decimal string with `.` (`'1234.50'`). */
export type Amount = Branded<'Amount'>;
/** An exchange rate as a decimal string (`'0.9612345678'`). */
export type Rate = Branded<'Rate'>;
/** A percentage as a decimal string, 100 being the whole (`'12.5'`). */
export type Percentage = Branded<'Percentage'>;
/** What the arithmetic takes: a branded decimal string or a `Decimal`; a plain `number` does not fit. */
export type DecimalValue = Amount | Rate | Percentage | Decimal;

export { isDecimal, type DecimalShape };
export { formatAmount, formatDecimal, minorUnits } from './money-format.js';

/**
 * A payload's decimal as a wire string: a string of the grammar (trimmed), or a finite JSON number
 * written out in full (`1e-7` → `0.0000001`, as JSON wrote it, never through arithmetic); else undefined.
 */
export function wireDecimal(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value).toFixed() : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return isDecimal(text) ? text : undefined;
}

/** The decimal separator people write in `locale`: `,` in German, `.` in English. */
export function decimalSeparator(locale: string): '.' | ',' {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/**
 * Text typed in a field as a wire decimal, or undefined when it is not one. A person may write the
 * locale's separator (`12,5` in German) or a point; the wire (`isDecimal`) only takes the point.
 */
export function parseDecimalInput(text: string, locale: string, shape: DecimalShape = {}): string | undefined {
  const trimmed = text.trim();
  const separator = decimalSeparator(locale);
  if (separator === ',' && trimmed.includes(',') && trimmed.includes('.')) return undefined;
  const wire = separator === ',' ? trimmed.replace(',', '.') : trimmed;
  return isDecimal(wire, shape) ? wire : undefined;
}

/** A wire decimal as a person writes it in `locale` (`12.5` → `12,5` in German), without grouping. */
export function decimalInputText(value: string, locale: string): string {
  return isDecimal(value) && decimalSeparator(locale) === ',' ? value.replace('.', ',') : value;
}

function brandOf<B extends DecimalValue>(value: string | Decimal, what: string): B {
  if (typeof value !== 'string') return value.toFixed() as B;
  if (!isDecimal(value)) throw new TypeError(`not a decimal ${what}: ${JSON.stringify(value)}`);
  return value as B;
}
/** Checks and brands a wire decimal (or a computed `Decimal`) as an amount; throws on anything else. */
export const amount = (value: string | Decimal): Amount => brandOf<Amount>(value, 'amount');
export const rate = (value: string | Decimal): Rate => brandOf<Rate>(value, 'rate');
export const percentage = (value: string | Decimal): Percentage => brandOf<Percentage>(value, 'percentage');

/** A `Decimal` of a branded value; a bare string must be of the wire grammar. */
export function toDecimal(value: DecimalValue | string): Decimal {
  if (typeof value !== 'string') return value;
  if (!isDecimal(value)) throw new TypeError(`not a decimal: ${JSON.stringify(value)}`);
  return new Decimal(value);
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b` (`'1.50'` equals `'1.5'`). */
export function compare(a: DecimalValue | string, b: DecimalValue | string): -1 | 0 | 1 {
  return toDecimal(a).comparedTo(toDecimal(b)) as -1 | 0 | 1;
}

export const add = (a: Amount, b: Amount): Amount => amount(toDecimal(a).plus(toDecimal(b)));
export const subtract = (a: Amount, b: Amount): Amount => amount(toDecimal(a).minus(toDecimal(b)));
/** The exact product (not rounded): round it with `roundTo` / `roundToCurrency` when it becomes money. */
export const multiply = (a: DecimalValue, b: DecimalValue): Decimal => toDecimal(a).times(toDecimal(b));
/** `percent` % of `value`, exact. */
export const percentOf = (value: DecimalValue, percent: Percentage | Decimal): Decimal => toDecimal(value).times(toDecimal(percent)).dividedBy(100);
export const sum = (values: readonly Amount[]): Amount => amount(values.reduce((acc, v) => acc.plus(toDecimal(v)), new Decimal(0)));

/**
 * An amount as an integer count of the currency's minor units (`'12.30'` EUR → 1230n), for sums that
 * must be exact (payment files' control sums). Refuses more decimals than the currency has.
 */
export function toMinorUnits(value: string, currency: string): bigint {
  const m = GRAMMAR.exec(value.trim());
  const digits = minorUnits(currency);
  const fraction = (m?.[3] ?? '').replace(/0+$/, '');
  if (!m || fraction.length > digits) throw new RangeError(`${value} is not an amount in ${currency}`);
  const units = BigInt(m[2] + fraction.padEnd(digits, '0'));
  return m[1] ? -units : units;
}

/** Minor units back to a decimal string with the currency's decimals (1230n EUR → `'12.30'`). */
export function fromMinorUnits(units: bigint, currency: string): Amount {
  const digits = minorUnits(currency);
  const negative = units < 0n;
  const text = (negative ? -units : units).toString().padStart(digits + 1, '0');
  const whole = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return amount(negative ? `-${whole}` : whole);
}

/** Rounds half away from zero to `digits` after the point, written with exactly that many. */
export function roundTo(value: DecimalValue, digits: number): Amount {
  return amount(toDecimal(value).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP).toFixed(digits));
}

/** Rounds half away from zero to the currency's minor units: `roundToCurrency('2.345', 'EUR')` is `'2.35'`. */
export const roundToCurrency = (value: DecimalValue, currency: string): Amount => roundTo(value, minorUnits(currency));

/**
 * THE largest-remainder split (the one in the code base): `total` (of `digits` decimals) in proportion to
 * `weights` (any signs, e.g. revenues with negative adjustments), so that the parts add up to `total`
 * exactly and each is within one unit of its exact share; the units left over go one each to the parts
 * with the largest remainders (ties to the earlier part). A negative total splits as its opposite,
 * negated, so signs never change the cents. Weights summing to zero split equally.
 */
export function splitByWeights(total: Amount, weights: readonly DecimalValue[], digits: number): Amount[] {
  if (weights.length === 0) return [];
  const whole = toDecimal(total);
  const sign = whole.isNegative() ? -1 : 1;
  const abs = whole.abs();
  let ws = weights.map((w) => toDecimal(w));
  let sumW = ws.reduce((a, w) => a.plus(w), new Decimal(0));
  if (sumW.isZero()) {
    ws = ws.map(() => new Decimal(1));
    sumW = new Decimal(ws.length);
  }
  const unit = new Decimal(10).pow(-digits);
  const shares = ws.map((w) => abs.times(w).dividedBy(sumW));
  const floors = shares.map((s) => s.toDecimalPlaces(digits, Decimal.ROUND_FLOOR));
  // A count of minor units (fewer than the parts), not money: a number is exact here.
  let left = abs.minus(floors.reduce((a, f) => a.plus(f), new Decimal(0))).dividedBy(unit).toNumber();
  const byRemainder = shares.map((s, i) => ({ i, rest: s.minus(floors[i]) })).sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  const parts = [...floors];
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    parts[i] = parts[i].plus(unit);
    left -= 1;
  }
  return parts.map((p) => amount(p.times(sign).toFixed(digits)));
}

/**
 * Splits `total` by `percentages` into amounts of `digits` decimals (a currency's minor units) that add
 * up exactly (`splitByWeights`). Percentages summing to 100 split the whole `total`; otherwise the parts
 * add up to their rounded share of it.
 */
export function splitByPercentages(total: Amount, percentages: readonly Percentage[], digits: number): Amount[] {
  if (percentages.length === 0) return [];
  const whole = percentages.reduce((a, p) => a.plus(toDecimal(p)), new Decimal(0));
  const target = whole.equals(100) ? total : roundTo(toDecimal(total).abs().times(whole).dividedBy(100).times(toDecimal(total).isNegative() ? -1 : 1), digits);
  return splitByWeights(target, percentages, digits);
}

/**
 * An amount that carries its currency (DOMAIN "a money type carries its currency"). Where the code names
 * the currency (`money('1', 'EUR')`) the type is `Money<'EUR'>`, and adding a `Money<'USD'>` to it does not
 * compile; where the currency comes from data (`Money<string>`) the same functions refuse it at run time.
 * Only `convert` with a rate of the pair turns one currency into another.
 */
export interface Money<C extends string = string> {
  readonly amount: Decimal;
  readonly currency: C;
}

export const money = <C extends string>(value: DecimalValue | string, currency: C): Money<C> => ({ amount: toDecimal(value), currency });

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new TypeError(`cannot add ${b.currency} to ${a.currency} without a conversion`);
}

/** `a + b`, of one currency (`NoInfer`: the currency is `a`'s, so `b` of another does not compile). */
export function plus<C extends string>(a: Money<C>, b: Money<NoInfer<C>>): Money<C> {
  sameCurrency(a, b);
  return { amount: a.amount.plus(b.amount), currency: a.currency };
}

export function minus<C extends string>(a: Money<C>, b: Money<NoInfer<C>>): Money<C> {
  sameCurrency(a, b);
  return { amount: a.amount.minus(b.amount), currency: a.currency };
}

/** The sum of `values`, all of `currency` (zero when there are none). */
export const total = <C extends string>(currency: C, values: readonly Money<NoInfer<C>>[]): Money<C> => values.reduce<Money<C>>((acc, v) => plus(acc, v), money('0', currency));

/** The payout's rate of one pair: 1 `base` is `rate` `target`. */
export interface PairRate<From extends string = string, To extends string = string> {
  readonly base: From;
  readonly target: To;
  readonly rate: Decimal;
}

/** `value` in the rate's target currency, exact (rounded later, once per contract share); refuses a rate of another pair. */
export function convert<From extends string, To extends string>(value: Money<From>, rate: PairRate<NoInfer<From>, To>): Money<To> {
  if (value.currency !== rate.base) throw new TypeError(`a ${rate.base}->${rate.target} rate cannot convert ${value.currency}`);
  return { amount: value.amount.times(rate.rate), currency: rate.target };
}

/** The identity rate of a currency to itself (no conversion needed). */
export const sameRate = <C extends string>(currency: C): PairRate<C, C> => ({ base: currency, target: currency, rate: new Decimal(1) });
