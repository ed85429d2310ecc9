/**
 * Display helpers for list cells (spec 1, section 9). Decimals are formatted from their string form:
 * `Intl.NumberFormat#format` accepts a decimal string and keeps its exact digits, so money never passes
 * through a JavaScript number (DESIGN principle 4).
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

// Building an Intl formatter costs far more than using one; a scrolling grid formats thousands of cells.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(lng: string, min: number, max: number): Intl.NumberFormat {
  const key = `n|${lng}|${min}|${max}`;
  let f = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(lng, { minimumFractionDigits: min, maximumFractionDigits: max })));
  return f;
}
function dateFormat(lng: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `d|${lng}|${timeZone ?? ''}`;
  let f = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', year: 'numeric', timeZone })));
  return f;
}

/** Drops the zeros a NUMERIC column pads with: `'19.0000'` → `'19'`, `'0.9215000000'` → `'0.9215'`. */
export function trimDecimalZeros<T>(value: T): T {
  return (typeof value === 'string' && /^-?\d+\.\d+$/.test(value.trim()) ? value.trim().replace(/\.?0+$/, '') : value) as T;
}

/** `"1234.5"` → `1,234.50` (en) / `1.234,50` (de); at least `minFraction` digits, never drops given ones. */
export function formatDecimal(value: string | null | undefined, lng: string, minFraction = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  if (!DECIMAL.test(text)) return text;
  const given = text.split('.')[1]?.length ?? 0;
  return numberFormat(lng, minFraction, Math.max(minFraction, given)).format(text as Intl.StringNumericLiteral);
}

/** Money with its currency code after the amount: `1,234.50 EUR`. */
export function formatMoney(value: string | null | undefined, currency: string | undefined, lng: string): string {
  const amount = formatDecimal(value, lng, 2);
  return amount && currency ? `${amount} ${currency}` : amount;
}

function dayMonthYear(date: Date, lng: string, timeZone?: string): string {
  const parts = dateFormat(lng, timeZone).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')} ${get('month').replace(/\.$/, '')} ${get('year')}`;
}

/** 'd MMM yyyy' for dates in lists; a date-only value (`2024-03-05`) is that calendar day in any time zone. */
export function formatDate(value: string | null | undefined, lng: string): string {
  if (!value) return '';
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return dayMonthYear(date, lng, dateOnly ? 'UTC' : undefined);
}

/** 'd MMM yyyy, H:mm:ss' for timestamps, in the browser's time zone. */
export function formatTimestamp(value: string | null | undefined, lng: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${dayMonthYear(date, lng)}, ${date.getHours()}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
