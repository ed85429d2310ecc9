import { addError, type FieldErrors, type ValidationResult } from './core.js';

/** A withholding-tax report request (spec 3, 3.6): a year and a quarter. */
export interface WhtReportRequest {
  year: number;
  quarter: number;
}

/** The years the report may be asked for (spec 3, 2.6): the current one (UTC) and the one before, newest first. */
export function whtReportYears(today: Date): number[] {
  const year = today.getUTCFullYear();
  return [year, year - 1];
}

export const WHT_QUARTERS = [1, 2, 3, 4] as const;

/** Year this or last year, quarter 1 to 4; both arrive as query strings. */
export function validateWhtReportRequest(raw: Record<string, unknown>, today = new Date()): ValidationResult<WhtReportRequest> {
  const errors: FieldErrors = {};
  const whole = (field: 'year' | 'quarter', allowed: readonly number[]): number | undefined => {
    const value = raw[field];
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value;
    if (text === undefined || text === null || text === '') {
      addError(errors, [field], 'blank');
      return undefined;
    }
    // Anything but one whole number (a repeated parameter arrives as a list) is invalid.
    const n = typeof text === 'string' && /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!allowed.includes(n)) {
      addError(errors, [field], 'invalid');
      return undefined;
    }
    return n;
  };
  const year = whole('year', whtReportYears(today));
  const quarter = whole('quarter', WHT_QUARTERS);
  if (year === undefined || quarter === undefined) return { ok: false, errors };
  return { ok: true, value: { year, quarter } };
}

/** The quarter's first day and the next quarter's first day, `yyyy-MM-dd` (the range is [from, to)). */
export function quarterRange({ year, quarter }: WhtReportRequest): { from: string; to: string } {
  const month = (quarter - 1) * 3 + 1;
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const to = quarter === 4 ? `${year + 1}-01-01` : `${year}-${String(month + 3).padStart(2, '0')}-01`;
  return { from, to };
}
