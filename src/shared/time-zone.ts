/**
 * Dates in an organization's time zone (DOMAIN.md "Dates and time zones"): "today" for due dates, the
 * execution dates of payment files and the quarters of reports is the calendar date there, not in UTC.
 */

/** The default of every organization. */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

/** Whether `name` is an IANA time zone this runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (`yyyy-MM-dd`) of `instant` in `timeZone`. */
export function dateIn(timeZone: string, instant: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The quarter (`2026-Q2`) `instant` falls in, in `timeZone`. */
export function quarterIn(timeZone: string, instant: Date): string {
  const [year, month] = dateIn(timeZone, instant).split('-').map(Number);
  return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
}

/**
 * `day` plus `length` days, months or years; months and years clamp to the month's last day
 * (31 January + 1 month = 28 or 29 February, never 3 March).
 */
export function addInterval(day: string, length: number | null, unit: string | null): string {
  if (length === null || !unit) return day;
  const [y, m, d] = day.split('-').map(Number);
  if (unit === 'd') return new Date(Date.UTC(y, m - 1, d + length)).toISOString().slice(0, 10);
  const months = unit === 'm' ? length : unit === 'y' ? length * 12 : 0;
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}
