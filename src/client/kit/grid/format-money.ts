/**
 * Decimal and money display for list cells (spec 1, section 9). Decimals are formatted from their string
 * form (`Intl.NumberFormat#format` keeps a decimal string's exact digits), so money never passes through a
 * JavaScript number (DESIGN principle 4), and without decimal.js: `shared/money-format.ts`, not the money module.
 */

import { isDecimal } from '../../../shared/decimal-grammar';
import { formatAmount, formatDecimal as formatExact } from '../../../shared/money-format';

/** Drops the zeros a NUMERIC column pads with: `'19.0000'` → `'19'`, `'0.9215000000'` → `'0.9215'`. */
export function trimDecimalZeros<T>(value: T): T {
  const text = typeof value === 'string' ? value.trim() : '';
  return (isDecimal(text) && text.includes('.') ? text.replace(/\.?0+$/, '') : value) as T;
}

/** `"1234.5"` → `1,234.50` (en) / `1.234,50` (de); at least `minFraction` digits, never drops given ones. */
export function formatDecimal(value: string | null | undefined, lng: string, minFraction = 2): string {
  if (value === null || value === undefined || value === '') return '';
  return formatExact(String(value), lng, minFraction);
}

/** Money with its currency's minor units and code after the amount: `1,234.50 EUR` (money's `formatAmount`). */
export function formatMoney(value: string | null | undefined, currency: string | undefined, lng: string): string {
  return value === null || value === undefined || value === '' ? '' : formatAmount(value, currency, lng);
}
