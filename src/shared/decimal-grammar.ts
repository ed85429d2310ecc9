// The wire grammar of decimals, apart from the money module so a check (a grid cell, a filter) does not load
// decimal.js. `money.ts` re-exports `isDecimal`; use that in code that computes.

/** The wire grammar: an optional minus, digits, optionally a point and digits. No exponent, no grouping. */
export const GRAMMAR = /^(-?)(\d+)(?:\.(\d+))?$/;

export interface DecimalShape {
  /** Most digits before the point (a NUMERIC's precision minus scale). */
  intDigits?: number;
  /** Most digits after the point (a NUMERIC's scale, a currency's minor units). */
  fracDigits?: number;
  /** Whether a minus sign is allowed (default true). */
  negative?: boolean;
}

/** Whether `text` is a decimal of the wire grammar (and of `shape`, when given). */
export function isDecimal(text: string, shape: DecimalShape = {}): boolean {
  const m = GRAMMAR.exec(text);
  if (!m) return false;
  if (m[1] && shape.negative === false) return false;
  if (shape.intDigits !== undefined && m[2].replace(/^0+(?=\d)/, '').length > shape.intDigits) return false;
  return shape.fracDigits === undefined || (m[3] ?? '').length <= shape.fracDigits;
}
