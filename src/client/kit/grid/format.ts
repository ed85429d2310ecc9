/**
 * Date display helpers for list cells (spec 1, section 9). Decimals and money are in `format-money.ts`,
 * apart, so a list without amounts does not load the money module (decimal.js).
 */

// Building an Intl formatter costs far more than using one; a scrolling grid formats thousands of cells.
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lng: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `d|${lng}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', year: 'numeric', timeZone })));
  return f;
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
