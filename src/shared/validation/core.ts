import { define, refine, Struct, StructError, type Infer } from 'superstruct';
import { compare, wireDecimal } from '../money.js';
import { splitMessageKey } from './message-key.js';

/**
 * Shared validation: superstruct structs whose failures speak the spec's message keys (`blank`,
 * `invalid`, `already_used`, ...). The browser runs them for instant feedback; the server runs the same
 * structs as the authority and answers 422 `{errors: {field: [key]}}`.
 */
export type FieldErrors = { [field: string]: string[] | FieldErrors };

export const MESSAGE_KEYS = [
  'blank',
  'invalid',
  'already_used',
  'too_few',
  'too_short',
  'too_long',
  'greater_than_or_equal_to',
  'less_than_or_equal_to',
  'exclusive',
  'primary_or_secondary_signers_missing',
  'has_children',
  'in_use',
  'too_large',
  'share_percentage_invalid',
  'less_than',
  'missing_contacts',
  'at_least_1_email',
  'only_one_signing_email',
  'only_one_portal_email',
  'admin_only',
  'read_only',
  'unchanged',
  'in_the_past',
  'after_date',
  'before_date',
  'before_start',
  'revenue_shares_or_sources_required',
  'not_in_sepa_set',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

/**
 * A message key may carry its limit after a colon (`too_long:255`), so the message can name it
 * ('is too long (at most 255 characters)'); `splitMessageKey` gives the key and the count back.
 */
export function withCount(key: MessageKey, count: number): string {
  return `${key}:${count}`;
}

/** A message key with its date (`after_date:2026-03-01`), so the message can name it ('must be after 01.03.2026'). */
export function withDate(key: MessageKey, date: string): string {
  return `${key}:${date}`;
}

export { splitMessageKey };

export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The value must be present (not null, undefined or empty) and then satisfy `struct`. */
export function required<T, S>(struct: Struct<T, S>): Struct<T, S> {
  return new Struct<T, S>({
    ...struct,
    coercer: struct.coercer,
    *validator(value, ctx) {
      if (isBlank(value)) {
        yield { message: 'blank', refinement: 'blank' } as never;
        return;
      }
      yield* struct.validator(value, ctx);
    },
    *refiner(value, ctx) {
      if (isBlank(value)) return;
      yield* struct.refiner(value, ctx);
    },
  });
}

/** The value may be empty (null, undefined or ''); otherwise it must satisfy `struct`. */
export function blankable<T, S>(struct: Struct<T, S>): Struct<T | null | undefined, S> {
  return new Struct<T | null | undefined, S>({
    ...(struct as unknown as Struct<T | null | undefined, S>),
    *validator(value, ctx) {
      if (isBlank(value)) return;
      yield* struct.validator(value, ctx);
    },
    *refiner(value, ctx) {
      if (isBlank(value)) return;
      yield* struct.refiner(value as T, ctx);
    },
  });
}

export const text = () => define<string>('text', (v) => typeof v === 'string' || 'invalid');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email = () => define<string>('email', (v) => (typeof v === 'string' && EMAIL.test(v.trim())) || 'invalid');

export const url = () => define<string>('url', (v) => (typeof v === 'string' && /^https?:\/\/\S+$/.test(v)) || 'invalid');

export const hexColor = () => define<string>('hexColor', (v) => (typeof v === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v)) || 'invalid');

export const digits = (count: number) =>
  define<string>('digits', (v) => (typeof v === 'string' && new RegExp(`^\\d{${count}}$`).test(v)) || 'invalid');

/** A decimal given as a string (or a finite number) – money, rates and percentages; the grammar is money's. */
export const decimal = () => define<string>('decimal', (v) => wireDecimal(v) !== undefined || 'invalid');

export const integer = () =>
  define<number>('integer', (v) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^-?\d+$/.test(v)) || 'invalid');

export const bool = () => define<boolean>('bool', (v) => typeof v === 'boolean' || 'invalid');

/**
 * A `yyyy-MM-dd` day that exists, in the years 0001 to 9999: the one check of every date the server
 * takes (forms, filters, file names). `Date` rolls 30 February over to March, so the day must read back
 * the same; PostgreSQL has no year 0 (`0000-01-01` would fail in the database, a 500).
 */
export function isCalendarDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || v.startsWith('0000')) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export const isoDate = () => define<string>('isoDate', (v) => isCalendarDate(v) || 'invalid');

export const oneOf = <T extends string>(values: readonly T[]) =>
  define<T>('oneOf', (v) => (typeof v === 'string' && (values as readonly string[]).includes(v)) || 'invalid');

/** Compares the decimal a struct accepted (a string, or a JSON number) with a bound, exactly (money's `compare`). */
const compareWith = (v: unknown, bound: string) => compare(wireDecimal(v) ?? '0', bound);

export const atLeast = <S>(struct: Struct<string, S>, min: string) =>
  refine(struct, 'atLeast', (v) => compareWith(v, min) >= 0 || 'greater_than_or_equal_to');

export const atMost = <S>(struct: Struct<string, S>, max: string) =>
  refine(struct, 'atMost', (v) => compareWith(v, max) <= 0 || 'less_than_or_equal_to');

export const minLength = <S>(struct: Struct<string, S>, min: number) =>
  refine(struct, 'minLength', (v) => v.length >= min || 'too_short');

export const maxLength = <S>(struct: Struct<string, S>, max: number) =>
  refine(struct, 'maxLength', (v) => v.length <= max || withCount('too_long', max));

function setPath(errors: FieldErrors, path: (string | number)[], key: string): void {
  if (path.length === 0) path = ['base'];
  let node = errors;
  for (let i = 0; i < path.length - 1; i++) {
    const part = String(path[i]);
    const next = node[part];
    if (!next || Array.isArray(next)) node[part] = {};
    node = node[part] as FieldErrors;
  }
  const leaf = String(path[path.length - 1]);
  const list = Array.isArray(node[leaf]) ? (node[leaf] as string[]) : [];
  if (!list.includes(key)) list.push(key);
  node[leaf] = list;
}

/** Turns superstruct failures into `{field: [key]}`, nested for objects and lists. */
export function failuresToErrors(error: StructError): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of error.failures()) {
    const key = (MESSAGE_KEYS as readonly string[]).includes(splitMessageKey(f.message).key)
      ? f.message
      : isBlank(f.value) && f.type !== 'never'
        ? 'blank'
        : 'invalid';
    setPath(errors, f.path, key);
  }
  return errors;
}

/** Adds one error to an errors object (for rules that need more than a struct, such as uniqueness). */
export function addError(errors: FieldErrors, path: (string | number)[], key: string): FieldErrors {
  setPath(errors, path, key);
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** Validates `value`; unknown keys are dropped by `mask`, so callers only ever see known fields. */
export function check<T, S>(struct: Struct<T, S>, value: unknown): ValidationResult<T> {
  // superstruct reads an array as an object with keys '0', '1', ...: a list where a record belongs is
  // refused as a whole, not with errors keyed by its indexes.
  if (Array.isArray(value) && (struct.type === 'object' || struct.type === 'type')) return { ok: false, errors: { base: ['invalid'] } };
  const [error, result] = struct.validate(value, { coerce: true, mask: true });
  if (error) return { ok: false, errors: failuresToErrors(error) };
  return { ok: true, value: result as T };
}

export type { Infer };
