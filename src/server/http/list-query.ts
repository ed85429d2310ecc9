import { type Expression, type SelectQueryBuilder, sql, type SqlBool } from 'kysely';
import type { Db } from '../db/connection.js';
import { compareDecimal } from '../../shared/validation/core.js';
import { unprocessable } from './errors.js';

/**
 * List queries (spec 1, 2.5a; DESIGN "Lists"): `p`/`s` or `page`/`size`, `sort_by` + `sort_direction`
 * or `sort`, `q`, and `filter[...]` in bracket notation, parsed against a per-resource whitelist.
 * Nothing from the query string reaches SQL except as a bound value: column references come from the
 * whitelist in code.
 */
export type FilterKind = 'text' | 'string' | 'integer' | 'decimal' | 'date' | 'timestamp' | 'boolean';

export interface FilterDef {
  /** SQL column reference from code, e.g. `banks.name`, or an expression for computed filters. */
  column: string | ((value: unknown) => Expression<SqlBool>);
  kind: FilterKind;
  /** Allowed values for enumerations. */
  values?: readonly string[];
  /** `text` filters match case-insensitively anywhere; `array` columns match when any element is given. */
  array?: boolean;
}

export interface ListSpec {
  sort: Record<string, string>;
  defaultSort: { column: string; direction: 'asc' | 'desc' };
  filters?: Record<string, FilterDef>;
  /** Columns searched by `q` (case-insensitive contains on any of them). */
  search?: string[];
  maxSize?: number;
}

type RangeOp = 'gteq' | 'lteq' | 'gt' | 'lt' | 'eq';
const RANGE_OPS: Record<RangeOp, string> = { gteq: '>=', lteq: '<=', gt: '>', lt: '<', eq: '=' };

export interface Condition {
  name: string;
  def: FilterDef;
  op: 'eq' | 'in' | 'contains' | RangeOp;
  value: unknown;
}

export interface ListQuery {
  page: number;
  size: number;
  sort: { column: string; direction: 'asc' | 'desc' };
  q: string | undefined;
  conditions: Condition[];
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

function positiveInt(raw: unknown, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined || raw === '') return fallback;
  // At most 9 digits: a longer number loses precision and overflows the SQL offset (a 500, not a 422).
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw unprocessable({ [name]: ['invalid'] });
  return Math.min(Number(raw), max);
}

function coerce(def: FilterDef, raw: unknown, param: string): unknown {
  if (typeof raw !== 'string') throw unprocessable({ [param]: ['invalid'] });
  const fail = () => unprocessable({ [param]: ['invalid'] });
  switch (def.kind) {
    case 'text':
    case 'string':
      if (def.values && !def.values.includes(raw)) throw fail();
      return raw;
    case 'integer':
      if (!/^-?\d{1,15}$/.test(raw)) throw fail();
      return Number(raw);
    case 'decimal':
      if (!/^-?\d{1,18}(\.\d{1,10})?$/.test(raw)) throw fail();
      compareDecimal(raw, 0);
      return raw;
    case 'date': {
      // `Date.parse('2023-02-30')` is a number (V8 rolls over to March); the date must read back the same.
      if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw fail();
      const date = new Date(`${raw}T00:00:00Z`);
      if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== raw) throw fail();
      return raw;
    }
    case 'timestamp':
      if (Number.isNaN(Date.parse(raw))) throw fail();
      return new Date(raw);
    case 'boolean':
      if (['true', '1', 'yes'].includes(raw)) return true;
      if (['false', '0', 'no'].includes(raw)) return false;
      throw fail();
  }
}

export function parseListQuery(query: Record<string, unknown>, spec: ListSpec): ListQuery {
  const maxSize = spec.maxSize ?? MAX_PAGE_SIZE;
  const page = positiveInt(query.p ?? query.page, query.p !== undefined ? 'p' : 'page', 1);
  const size = positiveInt(query.s ?? query.size, query.s !== undefined ? 's' : 'size', DEFAULT_PAGE_SIZE, maxSize);

  let sortBy = query.sort_by;
  let direction = query.sort_direction;
  // A refusal names the parameter the caller sent: `sort` for the one-parameter form.
  let sortParam = 'sort_by';
  let directionParam = 'sort_direction';
  if (sortBy === undefined && query.sort !== undefined && typeof query.sort !== 'string') throw unprocessable({ sort: ['invalid'] });
  if (sortBy === undefined && typeof query.sort === 'string' && query.sort !== '') {
    sortParam = directionParam = 'sort';
    // `sort=name` or `sort=-name` or `sort=name desc`
    const raw = query.sort.trim();
    const [col, dir] = raw.split(/\s+/);
    sortBy = col.replace(/^-/, '');
    direction = dir ?? (col.startsWith('-') ? 'desc' : 'asc');
  }
  let sort = spec.defaultSort;
  if (sortBy !== undefined && sortBy !== '') {
    if (typeof sortBy !== 'string' || !Object.hasOwn(spec.sort, sortBy)) throw unprocessable({ [sortParam]: ['invalid'] });
    const dir = direction === undefined || direction === '' ? 'asc' : direction;
    if (dir !== 'asc' && dir !== 'desc') throw unprocessable({ [directionParam]: ['invalid'] });
    sort = { column: sortBy, direction: dir };
  } else if (direction !== undefined && direction !== '' && direction !== 'asc' && direction !== 'desc') {
    throw unprocessable({ sort_direction: ['invalid'] });
  }

  const q = typeof query.q === 'string' && query.q.trim() !== '' ? query.q.trim() : undefined;
  if (query.q !== undefined && typeof query.q !== 'string') throw unprocessable({ q: ['invalid'] });

  const conditions: Condition[] = [];
  const filter = query.filter;
  if (filter !== undefined && filter !== '') {
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw unprocessable({ filter: ['invalid'] });
    for (const [name, raw] of Object.entries(filter as Record<string, unknown>)) {
      const param = `filter[${name}]`;
      const def = spec.filters && Object.hasOwn(spec.filters, name) ? spec.filters[name] : undefined;
      if (!def) throw unprocessable({ [param]: ['invalid'] });
      if (raw === '' || raw === undefined) continue;
      if (Array.isArray(raw)) {
        const values = raw.filter((v) => v !== '').map((v) => coerce(def, v, param));
        if (values.length > 0) conditions.push({ name, def, op: 'in', value: values });
      } else if (typeof raw === 'object' && raw !== null) {
        for (const [op, v] of Object.entries(raw as Record<string, unknown>)) {
          if (!Object.hasOwn(RANGE_OPS, op) || def.kind === 'text' || def.kind === 'boolean') {
            throw unprocessable({ [`${param}[${op}]`]: ['invalid'] });
          }
          if (v === '' || v === undefined) continue;
          conditions.push({ name, def, op: op as RangeOp, value: coerce(def, v, `${param}[${op}]`) });
        }
      } else {
        conditions.push({ name, def, op: def.kind === 'text' ? 'contains' : 'eq', value: coerce(def, raw, param) });
      }
    }
  }
  return { page, size, sort, q, conditions };
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** Adds the filter and search conditions of `list` to `qb`. */
export function applyFilters<Q extends AnyQuery>(qb: Q, list: ListQuery, spec: ListSpec): Q {
  let out = qb;
  for (const c of list.conditions) {
    const col = c.def.column;
    if (typeof col === 'function') {
      out = out.where(col(c.value)) as Q;
      continue;
    }
    const ref = sql.ref(col);
    if (c.op === 'contains') {
      out = out.where(sql<SqlBool>`${ref}::text ILIKE ${'%' + escapeLike(String(c.value)) + '%'}`) as Q;
    } else if (c.op === 'in') {
      out = c.def.array
        ? (out.where(sql<SqlBool>`${ref} && ${c.value}`) as Q)
        : (out.where(sql<SqlBool>`${ref} = ANY(${c.value})`) as Q);
    } else if (c.def.array && c.op === 'eq') {
      out = out.where(sql<SqlBool>`${c.value} = ANY(${ref})`) as Q;
    } else if (c.def.kind === 'date' && c.op === 'lteq') {
      // A date range's upper bound includes the whole day, also for timestamp columns.
      out = out.where(sql<SqlBool>`${ref} < (${c.value}::date + 1)`) as Q;
    } else {
      out = out.where(sql<SqlBool>`${ref} ${sql.raw(RANGE_OPS[c.op])} ${c.value}`) as Q;
    }
  }
  if (list.q && spec.search?.length) {
    const pattern = '%' + escapeLike(list.q) + '%';
    out = out.where(sql<SqlBool>`(${sql.join(spec.search.map((s) => sql`${sql.ref(s)}::text ILIKE ${pattern}`), sql` OR `)})`) as Q;
  }
  return out;
}

export interface ListResult<T> {
  entries: T[];
  total: number;
  page: number;
  size: number;
}

/**
 * Runs a filtered, sorted, paged list. `qb` selects the rows; the total counts the same filtered rows.
 * Sorting adds the primary key as a tie-breaker so pages never overlap.
 */
export async function runList<T>(db: Db, qb: AnyQuery, list: ListQuery, spec: ListSpec, tieBreaker: string): Promise<ListResult<T>> {
  const filtered = applyFilters(qb, list, spec);
  const [{ n }] = (await db
    .selectFrom(filtered.as('counted'))
    .select(sql<number>`count(*)::int`.as('n'))
    .execute()) as { n: number }[];
  const sortRef = sql.ref(spec.sort[list.sort.column]);
  const dir = sql.raw(list.sort.direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST');
  const rows = await filtered
    .orderBy(sql`${sortRef} ${dir}`)
    .orderBy(sql`${sql.ref(tieBreaker)} ${sql.raw(list.sort.direction === 'desc' ? 'DESC' : 'ASC')}`)
    .limit(list.size)
    .offset((list.page - 1) * list.size)
    .execute();
  return { entries: rows as T[], total: n, page: list.page, size: list.size };
}
