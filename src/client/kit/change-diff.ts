/** One changed value: where it is (`address.city`, `payment_methods.0.iban`) and its two sides. */
export interface ChangeLine {
  path: string;
  before: unknown;
  after: unknown;
}

const isScalar = (v: unknown) => v === null || v === undefined || typeof v !== 'object';
const join = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

/** Two sides of one value, nested objects and lists compared key by key; equal leaves are left out. */
function diffPair(before: unknown, after: unknown, path: string): ChangeLine[] {
  if (isScalar(before) && isScalar(after)) return before === after ? [] : [{ path, before, after }];
  const b = (isScalar(before) ? {} : before) as Record<string, unknown>;
  const a = (isScalar(after) ? {} : after) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.flatMap((key) => diffPair(b[key], a[key], join(path, key)));
}

/** A value without a before side (a create): every leaf as an after value. */
function leaves(value: unknown, path: string): ChangeLine[] {
  if (isScalar(value)) return [{ path, before: undefined, after: value }];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) => leaves(v, join(path, key)));
}

/**
 * A change set as readable lines. Each changed field is `[before, after]` (a change request's
 * `changes`, an audit entry's update), whole objects and lists included, compared down to their
 * leaves; a bare value (an audit entry's create) is its after side.
 */
export function changeLines(changes: unknown): ChangeLine[] {
  if (isScalar(changes)) return changes === null || changes === undefined ? [] : [{ path: '', before: undefined, after: changes }];
  return Object.entries(changes as Record<string, unknown>).flatMap(([field, value]) =>
    Array.isArray(value) && value.length === 2 ? diffPair(value[0], value[1], field) : leaves(value, field),
  );
}

/** A value as text: '' and null read as nothing, booleans as yes / no (translated by the caller). */
export function valueText(value: unknown, yesNo: (b: boolean) => string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return yesNo(value);
  return String(value);
}
