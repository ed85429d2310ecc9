import { define, refine, Struct, StructError, type Infer } from 'superstruct';

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
  'greater_than_or_equal_to',
  'less_than_or_equal_to',
  'exclusive',
  'primary_or_secondary_signers_missing',
  'has_children',
  'in_use',
  'too_large',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

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

/** A decimal given as a string (or a finite number) – money, rates and percentages. */
const DECIMAL = /^-?\d+(\.\d+)?$/;
export const decimal = () =>
  define<string>('decimal', (v) => (typeof v === 'string' && DECIMAL.test(v.trim())) || (typeof v === 'number' && Number.isFinite(v)) || 'invalid');

export const integer = () =>
  define<number>('integer', (v) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^-?\d+$/.test(v)) || 'invalid');

export const bool = () => define<boolean>('bool', (v) => typeof v === 'boolean' || 'invalid');

export const isoDate = () =>
  define<string>('isoDate', (v) => {
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'invalid';
    const d = new Date(`${v}T00:00:00Z`);
    return (!Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v) || 'invalid';
  });

export const oneOf = <T extends string>(values: readonly T[]) =>
  define<T>('oneOf', (v) => (typeof v === 'string' && (values as readonly string[]).includes(v)) || 'invalid');

/** `1e-7` → `0.0000001`, `1.5e+21` → `1500000000000000000000`: JavaScript writes small and large numbers so. */
function plainDecimal(s: string): string {
  const m = /^([+-]?)(\d+)(?:\.(\d*))?e([+-]?\d+)$/i.exec(s);
  if (!m) return s;
  const [, sign, int, frac = '', exp] = m;
  const digits = int + frac;
  const point = int.length + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Compares decimal strings without floating point: digits are compared after normalisation. */
export function compareDecimal(a: string | number, b: string | number): number {
  const norm = (x: string | number) => {
    const s = plainDecimal(String(x).trim());
    const neg = s.startsWith('-');
    const [int, frac = ''] = s.replace(/^[-+]/, '').split('.');
    return { neg, int: int.replace(/^0+(?=\d)/, ''), frac: frac.replace(/0+$/, '') };
  };
  const x = norm(a);
  const y = norm(b);
  const zero = (n: typeof x) => /^0*$/.test(n.int) && n.frac === '';
  if (zero(x) && zero(y)) return 0;
  if (x.neg !== y.neg) return x.neg && !zero(x) ? -1 : zero(y) && zero(x) ? 0 : x.neg ? -1 : 1;
  const sign = x.neg ? -1 : 1;
  if (x.int.length !== y.int.length) return (x.int.length > y.int.length ? 1 : -1) * sign;
  if (x.int !== y.int) return (x.int > y.int ? 1 : -1) * sign;
  const len = Math.max(x.frac.length, y.frac.length);
  const fx = x.frac.padEnd(len, '0');
  const fy = y.frac.padEnd(len, '0');
  if (fx === fy) return 0;
  return (fx > fy ? 1 : -1) * sign;
}

export const atLeast = <S>(struct: Struct<string, S>, min: string | number) =>
  refine(struct, 'atLeast', (v) => compareDecimal(v, min) >= 0 || 'greater_than_or_equal_to');

export const atMost = <S>(struct: Struct<string, S>, max: string | number) =>
  refine(struct, 'atMost', (v) => compareDecimal(v, max) <= 0 || 'less_than_or_equal_to');

export const minLength = <S>(struct: Struct<string, S>, min: number) =>
  refine(struct, 'minLength', (v) => v.length >= min || 'too_short');

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
    const key = (MESSAGE_KEYS as readonly string[]).includes(f.message)
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
  const [error, result] = struct.validate(value, { coerce: true, mask: true });
  if (error) return { ok: false, errors: failuresToErrors(error) };
  return { ok: true, value: result as T };
}

export type { Infer };
