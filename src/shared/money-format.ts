import currencyCodes from 'currency-codes';
import { isDecimal } from './decimal-grammar.js';

// Display of decimals and amounts and the currencies' minor units, apart from the money module so a list that
// shows amounts does not load decimal.js (`money.ts` re-exports these; the arithmetic stays there).

/** Digits after the point of a currency's minor unit (EUR 2, JPY 0, BHD 3); 2 for codes without one. */
export function minorUnits(currency: string): number {
  return currencyCodes.code(currency)?.digits ?? 2;
}

/** Building an Intl formatter costs far more than using one; a scrolling grid formats thousands of cells. */
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A decimal for people in `locale` with grouping (`1234.5` → `1,234.50` / `1.234,50`): at least
 * `minFraction` digits after the point and never fewer than given. `Intl.NumberFormat#format` takes the
 * decimal string and keeps its exact digits. Text that is not a decimal is returned as it is.
 */
export function formatDecimal(value: string, locale: string, minFraction = 0): string {
  const text = value.trim();
  if (!isDecimal(text)) return text;
  const given = text.split('.')[1]?.length ?? 0;
  const max = Math.max(minFraction, given);
  const key = `${locale}|${minFraction}|${max}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(locale, { minimumFractionDigits: minFraction, maximumFractionDigits: max })));
  return f.format(text as Intl.StringNumericLiteral);
}

/**
 * A percentage for people in `locale`: the zeros a NUMERIC column pads with dropped, the locale's
 * decimal sign (`'19.0000'` → `19 %`, `'7.50'` → `7,5 %` in German); empty for none.
 */
export function formatPercent(value: string | null | undefined, locale: string): string {
  const text = (value ?? '').trim();
  if (text === '') return '';
  if (!isDecimal(text)) return text;
  return `${formatDecimal(text.includes('.') ? text.replace(/\.?0+$/, '') : text, locale)} %`;
}

/** An amount with at least its currency's minor units and the code after it: `1,234.50 EUR`. */
export function formatAmount(value: string, currency: string | undefined, locale: string): string {
  const text = formatDecimal(value, locale, currency ? minorUnits(currency) : 2);
  return currency ? `${text} ${currency}` : text;
}
