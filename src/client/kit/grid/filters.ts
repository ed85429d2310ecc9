import { compare, isDecimal } from '../../../shared/money';
import type { Filter, FilterValue } from '../list-state';

/**
 * Filter fields of a list screen, typed by kind. What each writes (bracket notation, spec 1, 2.5a):
 * - text, select, boolean, lookup, month: `filter[name]=value` (month: the first day, `2024-03-01`)
 * - multi: `filter[name][]=a&filter[name][]=b`
 * - date-range: `filter[name][gteq]=2024-01-01&filter[name][lteq]=2024-01-31` (yyyy-MM-dd)
 * - amount-range: `filter[name][gteq]=10.50` (decimal strings, never numbers)
 */
export interface FilterOption {
  value: string;
  /** Translation key (a plain text without a matching key shows as it is). */
  label: string;
}

export interface LookupSource {
  /** Server autocomplete, e.g. `/api/users/lookup`; called with `q` after a 500 ms pause (spec 1, 2.16). */
  path: string;
  labelOf(entry: unknown): string;
  /** The value written to the filter; default `entry.id`. */
  idOf?(entry: unknown): string;
}

interface Base {
  /** The key under `filter[...]`. */
  name: string;
  /** Translation key of the label. */
  label: string;
  /** Shown but not usable here (the vendors' state filter on the confirmation-pending tab). */
  disabled?: boolean;
}

export type FilterField = Base &
  (
    | { kind: 'text' }
    | { kind: 'select'; options: FilterOption[] }
    | { kind: 'multi'; options: FilterOption[] }
    | { kind: 'boolean' }
    | { kind: 'date-range' }
    | { kind: 'amount-range' }
    | { kind: 'month' }
    | { kind: 'lookup'; lookup: LookupSource; /** Several values (`filter[vendor_id][]=1&...`), chosen as chips. */ multiple?: boolean }
  );

export type RangeValue = { gteq?: string; lteq?: string };

const DECIMAL = { test: (text: string) => isDecimal(text) };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The current month as `yyyy-MM` (the `max` of a month input: no future months). */
export function currentMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** `2024-03-01` ↔ `2024-03`. */
export const monthOfValue = (value: FilterValue | undefined): string => (typeof value === 'string' ? value.slice(0, 7) : '');
export const valueOfMonth = (month: string): string | undefined => (/^\d{4}-\d{2}$/.test(month) ? `${month}-01` : month || undefined);

/** Message key of a field's problem, or undefined: a problem keeps 'Filter' disabled. */
export function filterFieldProblem(field: FilterField, value: FilterValue | undefined, now = new Date()): string | undefined {
  if (value === undefined) return undefined;
  if (field.kind === 'amount-range' || field.kind === 'date-range') {
    const range = (typeof value === 'object' && !Array.isArray(value) ? value : {}) as RangeValue;
    const pattern = field.kind === 'amount-range' ? DECIMAL : DATE;
    if ((range.gteq && !pattern.test(range.gteq)) || (range.lteq && !pattern.test(range.lteq))) return 'grid.filter.invalid';
    if (range.gteq && range.lteq) {
      const reversed = field.kind === 'date-range' ? range.gteq > range.lteq : compare(range.gteq, range.lteq) > 0;
      if (reversed) return 'grid.filter.range_reversed';
    }
  }
  if (field.kind === 'month' && typeof value === 'string') {
    if (!/^\d{4}-\d{2}-01$/.test(value)) return 'grid.filter.invalid';
    if (value.slice(0, 7) > currentMonth(now)) return 'grid.filter.month_future';
  }
  return undefined;
}

export function draftProblems(fields: FilterField[], draft: Filter, now = new Date()): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const f of fields) {
    const p = filterFieldProblem(f, draft[f.name], now);
    if (p) problems[f.name] = p;
  }
  return problems;
}
