import { array, coerce, define, refine, string, type Struct, unknown } from 'superstruct';
import { isEpcName } from '../epc-text.js';
import { isDecimal, wireDecimal } from '../money.js';
import { atLeast, blankable, bool, check, email, maxLength, type FieldErrors, hasErrors, integer, isBlank, text, type ValidationResult } from './core.js';

/**
 * Field types shared by the reference-data forms. Values arrive as JSON or as multipart form fields
 * (where everything is a string), so each type accepts both and coerces to one stored form.
 */

/** Single-line text with surrounding whitespace removed; at most `max` characters. */
export const trimmed = (max = 255) => maxLength(coerce(text(), string(), (s) => s.trim()), max);

/** A name a SEPA file will carry (a vendor's, an account holder's): trimmed, and writable in the EPC set (`not_in_sepa_set`). */
export const sepaName = (max = 255) => refine(trimmed(max), 'sepaName', (s) => isEpcName(s) || 'not_in_sepa_set');

/** An e-mail address, trimmed; at most 254 characters (RFC 5321). */
export const emailAddress = () => maxLength(coerce(email(), string(), (s) => s.trim()), 254);

/**
 * An ISO code ('DE', 'EUR'), upper-cased. With `known` (the server's lists, or the client's init data)
 * it must be one of them; without, only its shape is checked.
 */
export const isoCode = (length: 2 | 3, known?: ReadonlySet<string>) =>
  coerce(
    define<string>('isoCode', (v) => (typeof v === 'string' && (known ? known.has(v) : new RegExp(`^[A-Z]{${length}}$`).test(v))) || 'invalid'),
    string(),
    (s) => s.trim().toUpperCase(),
  );

/** A boolean; form posts send 'true'/'false' or '1'/'0'. Missing means false. */
export const flag = () =>
  coerce(bool(), unknown(), (v) => {
    if (v === undefined || v === null || v === '' || v === 'false' || v === '0') return false;
    if (v === 'true' || v === '1') return true;
    return v;
  });

/** A whole number that fits a PostgreSQL integer; digit strings become numbers. */
export const wholeNumber = () =>
  refine(
    coerce(integer(), string(), (s) => (/^-?\d{1,10}$/.test(s.trim()) ? Number(s.trim()) : s)),
    'int32',
    (v) => (typeof v === 'number' && Math.abs(v) <= 2_147_483_647) || 'invalid',
  );

/**
 * A decimal kept as a string (NUMERIC columns, never a float) with at most `intDigits` digits before
 * and `fracDigits` after the point, so the database never rounds or overflows silently.
 */
/** A minimum payout (DOMAIN.md "The ledger's API"): optional, a cent at least, in cents. */
export const minimumPayout = () => blankable(atLeast(decimalText(12, 2), '0.01'));

export const decimalText = (intDigits: number, fracDigits: number) =>
  coerce(
    define<string>('decimalText', (v) => (typeof v === 'string' && isDecimal(v, { intDigits, fracDigits })) || 'invalid'),
    unknown(),
    (v) => wireDecimal(v) ?? v,
  );
/**
 * A list as a form post may send it: numbered entries (`x[0][name]`) can arrive as an object keyed
 * 0, 1, ..., and an empty list as ''. Missing means empty. Anything else is returned as it is.
 */
export function asList(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return [];
  if (typeof v === 'object' && !Array.isArray(v)) {
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.every(([k]) => /^\d+$/.test(k))) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, x]) => x);
  }
  return v;
}

/** A list of `item`, coerced with `asList`. */
export const list = <T, S>(item: Struct<T, S>) => coerce(array(item), unknown(), asList);

/** Merges two error trees (struct failures and cross-field rules). */
export function mergeErrors(into: FieldErrors, from: FieldErrors): FieldErrors {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (Array.isArray(value)) {
      into[key] = Array.isArray(existing) ? [...new Set([...existing, ...value])] : existing ? existing : value;
    } else if (existing && !Array.isArray(existing)) {
      mergeErrors(existing, value);
    } else if (!existing) {
      into[key] = value;
    }
  }
  return into;
}

/** A struct check followed by rules that look at several fields; errors of both are reported together. */
export function validateWith<T>(struct: Struct<T, unknown>, value: unknown, rules?: (raw: Record<string, unknown>) => FieldErrors): ValidationResult<T> {
  const result = check(struct, value);
  const raw = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const extra = rules ? rules(raw) : {};
  if (result.ok && !hasErrors(extra)) return result;
  return { ok: false, errors: mergeErrors(result.ok ? {} : result.errors, extra) };
}

/** Indexes of entries whose `key` (by default the entry itself) repeats an earlier entry's, for "one per ..." rules. */
export function duplicateIndexes(value: unknown, key: (item: Record<string, unknown>) => unknown = (item) => item): number[] {
  const items = asList(value);
  if (!Array.isArray(items)) return [];
  const seen = new Set<string>();
  const out: number[] = [];
  items.forEach((item, i) => {
    if (item === null || item === undefined) return;
    const k = key(item as Record<string, unknown>);
    if (k === undefined || k === null || k === '') return;
    const id = JSON.stringify(typeof k === 'string' ? k.trim().toLowerCase() : k);
    if (seen.has(id)) out.push(i);
    seen.add(id);
  });
  return out;
}

/** A `blankable` field's value as stored: empty (null, undefined, '' or spaces) becomes null. */
export function orNull<T>(value: T | null | undefined): Exclude<T, ''> | null {
  return isBlank(value) ? null : (value as Exclude<T, ''>);
}
