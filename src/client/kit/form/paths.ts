import type { FieldErrors } from '../../../shared/validation/core';

/**
 * Field paths are dot strings: `name`, `managing_directors.0.email`. Values, errors (the server's and
 * the struct's nested `{contacts: {0: {email: ['invalid']}}}`) and touched marks are all addressed by them.
 */
export type FieldPath = string;

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | Blob;

/**
 * The dot paths of a form's value type: `Path<{contacts: {emails: {email: string}[]}[]}>` is
 * `'contacts' | `contacts.${number}` | `contacts.${number}.emails` | ... | `contacts.${number}.emails.${number}.email``,
 * so `form.getValue('contacts.1.emails.0.email')` is checked by TypeScript and a typo is a compile error.
 * An untyped form (`Record<string, unknown>`) takes any string.
 */
export type Path<T> = T extends Leaf
  ? never
  : T extends readonly (infer U)[]
    ? `${number}` | `${number}.${Path<U>}`
    : string extends keyof T
      ? string
      : { [K in keyof T & string]: unknown extends T[K] ? K | `${K}.${string}` : T[K] extends Leaf ? K : K | `${K}.${Path<T[K]>}` }[keyof T & string];

/** The value type at a path: `PathValue<Vendor, 'contacts.0.emails'>` is the emails' array type. */
export type PathValue<T, P extends string> = string extends P
  ? unknown
  : P extends `${infer K}.${infer R}`
    ? T extends readonly (infer U)[]
      ? K extends `${number}`
        ? PathValue<U, R>
        : never
      : K extends keyof T
        ? PathValue<T[K], R>
        : unknown
    : T extends readonly (infer U)[]
      ? P extends `${number}`
        ? U
        : never
      : P extends keyof T
        ? T[P]
        : unknown;

export function splitPath(path: FieldPath): string[] {
  return path === '' ? [] : path.split('.');
}

export function joinPath(...parts: (string | number | undefined)[]): FieldPath {
  return parts.filter((p) => p !== undefined && p !== '').join('.');
}

/** `managing_directors.0.email` → `managing_directors.email` (for translation keys). */
export function withoutIndices(path: FieldPath): string {
  return splitPath(path)
    .filter((p) => !/^\d+$/.test(p))
    .join('.');
}

export function getIn(source: unknown, path: FieldPath): unknown {
  let node = source;
  for (const part of splitPath(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** An immutable update; missing containers are created (an array when the next part is an index). */
export function setIn<T>(source: T, path: FieldPath, value: unknown): T {
  const parts = splitPath(path);
  if (parts.length === 0) return value as T;
  const [head, ...rest] = parts;
  const container: Record<string, unknown> | unknown[] =
    source !== null && typeof source === 'object'
      ? Array.isArray(source)
        ? [...source]
        : { ...(source as Record<string, unknown>) }
      : /^\d+$/.test(head)
        ? []
        : {};
  const current = (container as Record<string, unknown>)[head];
  (container as Record<string, unknown>)[head] = rest.length ? setIn(current, rest.join('.'), value) : value;
  return container as T;
}

/** The messages at `path`: the list itself, or a nested node's `base` list (a list-level error). */
export function errorsAt(errors: FieldErrors | undefined, path: FieldPath): string[] | undefined {
  const node = getIn(errors, path);
  if (Array.isArray(node)) return node.length ? (node as string[]) : undefined;
  if (node && typeof node === 'object' && Array.isArray((node as FieldErrors).base)) return (node as FieldErrors).base as string[];
  return undefined;
}

/** Every path under `errors` that carries at least one message. */
export function errorPaths(errors: FieldErrors | undefined, prefix = ''): FieldPath[] {
  if (!errors) return [];
  const out: FieldPath[] = [];
  for (const [key, node] of Object.entries(errors)) {
    const path = key === 'base' && prefix ? prefix : joinPath(prefix, key);
    if (Array.isArray(node)) {
      if (node.length) out.push(path);
    } else if (node && typeof node === 'object') out.push(...errorPaths(node, joinPath(prefix, key)));
  }
  return out;
}

/** Whether `path` is `prefix` or lies below it (`signers.0.user_id` is under `signers`). */
export function isUnder(path: FieldPath, prefix: FieldPath): boolean {
  return path === prefix || path.startsWith(`${prefix}.`);
}

export function mergeErrors(a: FieldErrors, b: FieldErrors): FieldErrors {
  const out: FieldErrors = { ...a };
  for (const [key, node] of Object.entries(b)) {
    const mine = out[key];
    if (Array.isArray(node)) {
      if (Array.isArray(mine)) out[key] = [...new Set([...mine, ...node])];
      else if (mine && typeof mine === 'object') out[key] = { ...mine, base: [...(Array.isArray(mine.base) ? mine.base : []), ...node] };
      else out[key] = node;
    } else if (mine && typeof mine === 'object' && !Array.isArray(mine)) out[key] = mergeErrors(mine, node);
    else if (Array.isArray(mine)) out[key] = { ...node, base: mine };
    else out[key] = node;
  }
  return out;
}

/** Removes the messages at `path` and below (a field changed: its server messages are stale). */
export function withoutErrorsAt(errors: FieldErrors, path: FieldPath): FieldErrors {
  const parts = splitPath(path);
  if (getIn(errors, path) === undefined) return errors;
  const [head, ...rest] = parts;
  const out = { ...errors };
  if (!rest.length) delete out[head];
  else {
    const child = out[head];
    if (child && typeof child === 'object' && !Array.isArray(child)) {
      const next = withoutErrorsAt(child, rest.join('.'));
      if (Object.keys(next).length) out[head] = next;
      else delete out[head];
    }
  }
  return out;
}

/**
 * Reorders the per-item entries of a list-keyed object (`{0: ..., 1: ...}`) the way the list's items
 * were reordered: `order[newIndex] = oldIndex`. Keys that are not indices (`base`) stay.
 */
export function reindex<T>(node: Record<string, T> | undefined, order: (number | null)[]): Record<string, T> | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(node)) if (!/^\d+$/.test(k)) out[k] = v;
  order.forEach((oldIndex, newIndex) => {
    if (oldIndex !== null && node[String(oldIndex)] !== undefined) out[String(newIndex)] = node[String(oldIndex)];
  });
  return out;
}

/** Same reordering for a set of paths (touched marks). */
export function reindexPaths(paths: Iterable<FieldPath>, list: FieldPath, order: (number | null)[]): Set<FieldPath> {
  const back = new Map<number, number>();
  order.forEach((oldIndex, newIndex) => oldIndex !== null && back.set(oldIndex, newIndex));
  const out = new Set<FieldPath>();
  for (const p of paths) {
    if (!p.startsWith(`${list}.`)) {
      out.add(p);
      continue;
    }
    const rest = splitPath(p.slice(list.length + 1));
    const index = Number(rest[0]);
    if (!/^\d+$/.test(rest[0])) out.add(p);
    else if (back.has(index)) out.add(joinPath(list, back.get(index), ...rest.slice(1)));
  }
  return out;
}

/**
 * Structural equality for "are there unsaved changes": null, undefined and '' count as the same empty
 * value (a record's `bic: null` shown as an empty input is not a change); files and blobs compare by
 * identity (JSON would call every File `{}`).
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  const blank = (x: unknown) => x === null || x === undefined || x === '';
  if (blank(a) && blank(b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (typeof Blob !== 'undefined' && (a instanceof Blob || b instanceof Blob)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && a.length !== (b as unknown[]).length) return false;
  const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
  for (const k of keys) if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}
