import { type FieldErrors, isBlank, type ValidationResult } from './core.js';

/** A month as the statement's period names it: `2026-03`. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface StatementPeriod {
  /** First month, `yyyy-MM`. */
  from: string;
  /** Last month, `yyyy-MM`, not before `from`. */
  to: string;
}

/**
 * The period of a vendor's balance statement (`GET /api/vendors/{id}/balance_statement.pdf|csv?from=&to=`):
 * two months, the last not before the first. The dialog checks it with the same keys before asking.
 */
export function statementPeriod(raw: { from?: unknown; to?: unknown }): ValidationResult<StatementPeriod> {
  const errors: FieldErrors = {};
  const month = (name: 'from' | 'to'): string | null => {
    const v = raw[name];
    if (isBlank(v)) errors[name] = ['blank'];
    else if (typeof v !== 'string' || !MONTH.test(v)) errors[name] = ['invalid'];
    else return v;
    return null;
  };
  const from = month('from');
  const to = month('to');
  if (from && to && to < from) errors.to = ['before_start'];
  return Object.keys(errors).length > 0 || !from || !to ? { ok: false, errors } : { ok: true, value: { from, to } };
}
