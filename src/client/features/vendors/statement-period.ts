import type { FieldErrors } from '../../api/client';
import { isoDate } from '../../kit/fields/dates';
import { statementPeriod } from '../../../shared/validation/balance-statement';

/** The months of a balance statement as the month fields hold them (`yyyy-MM-01`, '' when empty), both inclusive. */
export interface PeriodFields {
  from: string;
  to: string;
}

/** What each month field said of its own text (`invalid`, `in_future`), null when it read. */
export type PeriodTyping = Partial<Record<keyof PeriodFields, string | null>>;

export type StatementFormat = 'pdf' | 'csv';

/** January of this year to this month. */
export function defaultPeriod(now: Date = new Date()): PeriodFields {
  return { from: isoDate(now.getFullYear(), 1, 1), to: isoDate(now.getFullYear(), now.getMonth() + 1, 1) };
}

/**
 * The server's own check of the period (`blank`, `invalid`, `before_start` on `to`), made before asking it.
 * A field's verdict on text that did not read comes first: that text never became the value, so the
 * value held is not what the user sees, and no order of the months is judged from it.
 */
export function periodErrors(period: PeriodFields, typing: PeriodTyping = {}): FieldErrors {
  const month = (field: keyof PeriodFields) => (typing[field] ? null : period[field].slice(0, 7));
  const result = statementPeriod({ from: month('from'), to: month('to') });
  const errors: FieldErrors = result.ok ? {} : { ...result.errors };
  for (const field of ['from', 'to'] as const) {
    const key = typing[field];
    if (key) errors[field] = [key];
  }
  return errors;
}

/** `GET /api/vendors/{id}/balance_statement.{pdf|csv}?from=yyyy-MM&to=yyyy-MM`: the path and its query. */
export function statementRequest(vendorId: number, format: StatementFormat, period: PeriodFields) {
  const from = period.from.slice(0, 7);
  const to = period.to.slice(0, 7);
  return {
    path: `/api/vendors/${vendorId}/balance_statement.${format}`,
    query: { from, to },
    // The server names the file (content-disposition); this only when it does not.
    fallbackName: `balance-statement-${vendorId}-${from}-${to}.${format}`,
  };
}
