import { type Expression, type RawBuilder, type SelectQueryBuilder, type SelectType, sql, type SqlBool } from 'kysely';
import type { CurrentUser } from '../context.js';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import { isDecimal } from '../../shared/money.js';
import { isCalendarDate } from '../../shared/validation/core.js';
import type { FilterKind } from '../../shared/lists/define-list.js';
import { unprocessable, ValidationFailed } from './errors.js';

/**
 * List queries (spec 1, 2.5a; DESIGN "Lists"): `p`/`s` or `page`/`size`, `sort_by` + `sort_direction`
 * or `sort`, `q`, and `filter[...]` in bracket notation, parsed against a per-resource whitelist.
 * Nothing from the query string reaches SQL except as a bound value: column references come from the
 * whitelist in code, typed against the database so a misspelt column does not compile.
 *
 * At scale (DESIGN "Scale"): the sort is the column's own order plus `id` in the same direction, so an
 * index on `(column, id)` serves it without a sort; `after` (the `next` cursor of the previous page)
 * pages by keyset instead of offset; the count stops at `COUNT_CAP` and says so with `total_capped`.
 */
export type { FilterKind } from '../../shared/lists/define-list.js';

/** `table.column` of a table of `DB`, e.g. `'banks.name'`. */
export type ColumnRef<DB = Database> = { [T in keyof DB & string]: `${T}.${keyof DB[T] & string}` }[keyof DB & string];

export interface FilterDef<DB = Database> {
  /** The column filtered, or an expression for computed filters. */
  column: ColumnRef<DB> | ((value: unknown) => Expression<SqlBool>);
  kind: FilterKind;
  /** Allowed values for enumerations. */
  values?: readonly string[];
  /** `text` filters match case-insensitively anywhere; `array` columns match when any element is given. */
  array?: boolean;
}

/** The columns of `DB` that can (`Null` true) or cannot hold null. */
type RefWhereNull<DB, Null extends boolean> = {
  [T in keyof DB & string]: {
    [K in keyof DB[T] & string]: (null extends SelectType<DB[T][K]> ? true : false) extends Null ? `${T}.${K}` : never;
  }[keyof DB[T] & string];
}[keyof DB & string];

/**
 * A sortable column. One that can hold null must say so (checked against its type): it sorts empty
 * values first ascending and last descending (the order users expect; an index serving it is built
 * `NULLS FIRST`). Any other sorts in the column's plain order, which a plain `(column, id)` index
 * serves in both directions.
 */
export type SortDef<DB = Database> = RefWhereNull<DB, false> | { column: RefWhereNull<DB, true>; nullable: true };

export interface ListSpec<DB = Database> {
  sort: Record<string, SortDef<DB>>;
  defaultSort: { column: string; direction: 'asc' | 'desc' };
  filters?: Record<string, FilterDef<DB>>;
  /** Columns searched by `q` (case-insensitive contains on any of them). */
  search?: ColumnRef<DB>[];
  maxSize?: number;
}

/**
 * A list with the rows it lists: `from` selects their ids. It gets the query string (or a bulk action's
 * body) for a list's own fixed parameter, such as revenue sources' `type`, and on the list call the
 * viewer, for lists such as vendors' `list=managed_by_me`. The id (or the key unique within `from`) is
 * `tieBreaker`.
 */
export interface ListSource<DB = Database> extends ListSpec<DB> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  from(db: Db, query: Record<string, unknown>, viewer?: CurrentUser): SelectQueryBuilder<any, any, any>;
  tieBreaker: ColumnRef<DB>;
}

type RangeOp = 'gteq' | 'lteq' | 'gt' | 'lt' | 'eq';
const RANGE_OPS: Record<RangeOp, string> = { gteq: '>=', lteq: '<=', gt: '>', lt: '<', eq: '=' };

export interface Condition {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  def: FilterDef<any>;
  op: 'eq' | 'in' | 'contains' | RangeOp;
  value: unknown;
}

export interface ListQuery {
  page: number;
  size: number;
  sort: { column: string; direction: 'asc' | 'desc' };
  q: string | undefined;
  conditions: Condition[];
  /** Keyset paging: the rows after this one (its sort value as text, and its id). */
  after?: Cursor;
}

export interface Cursor {
  value: string | null;
  id: number;
}

/** The count stops here: past it the answer is `total: COUNT_CAP, total_capped: true`. */
export const COUNT_CAP = 10_000;

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

function positiveInt(raw: unknown, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined || raw === '') return fallback;
  // At most 9 digits: a longer number loses precision and overflows the SQL offset (a 500, not a 422).
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw unprocessable({ [name]: ['invalid'] });
  return Math.min(Number(raw), max);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function coerce(def: FilterDef<any>, raw: unknown, param: string): unknown {
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
      // Money's grammar, as the forms have it: `12,5` is refused here too (the client sends `12.5`).
      if (!isDecimal(raw, { intDigits: 18, fracDigits: 10 })) throw fail();
      return raw;
    case 'date':
      if (!isCalendarDate(raw)) throw fail();
      return raw;
    case 'timestamp': {
      // The years PostgreSQL and the forms agree on (as `isCalendarDate`), so the filter is named when refused.
      const at = new Date(raw);
      if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 || at.getUTCFullYear() > 9999) throw fail();
      return at;
    }
    case 'boolean':
      if (['true', '1', 'yes'].includes(raw)) return true;
      if (['false', '0', 'no'].includes(raw)) return false;
      throw fail();
  }
}

/** The opaque `after` cursor: base64url of `[value, id]`. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');
}

function decodeCursor(raw: unknown): Cursor {
  const fail = () => unprocessable({ after: ['invalid'] });
  if (typeof raw !== 'string' || raw.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw fail();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw fail();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw fail();
  const [value, id] = parsed as unknown[];
  if ((value !== null && typeof value !== 'string') || !Number.isSafeInteger(id)) throw fail();
  // PostgreSQL cannot hold a NUL in text; the value is compared with the column as a bound parameter.
  if (typeof value === 'string' && value.includes('\0')) throw fail();
  return { value, id: id as number };
}

/** The column and nullability of a sort key the spec has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function sortColumn(spec: ListSpec<any>, key: string): { column: string; nullable: boolean } {
  const def = spec.sort[key] as string | { column: string; nullable: true };
  return typeof def === 'string' ? { column: def, nullable: false } : def;
}

export function parseListQuery<DB = Database>(query: Record<string, unknown>, spec: ListSpec<NoInfer<DB>>): ListQuery {
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
    // Every refused filter is named at once, so a client can drop them all in one step.
    let refused: Record<string, string[]> = {};
    for (const [name, raw] of Object.entries(filter as Record<string, unknown>)) {
      try {
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
      } catch (error) {
        if (!(error instanceof ValidationFailed)) throw error;
        refused = { ...refused, ...(error.errors as Record<string, string[]>) };
      }
    }
    if (Object.keys(refused).length) throw unprocessable(refused);
  }
  const after = query.after === undefined || query.after === '' ? undefined : decodeCursor(query.after);
  if (after && after.value === null && !sortColumn(spec, sort.column).nullable) throw unprocessable({ after: ['invalid'] });
  return { page, size, sort, q, conditions, after };
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** Adds the filter and search conditions of `list` to `qb`. */
export function applyFilters<Q extends AnyQuery, DB = Database>(qb: Q, list: ListQuery, spec: ListSpec<DB>): Q {
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
  /** The number of matching rows, or `COUNT_CAP` when there are more (then `total_capped` is true). */
  total: number;
  total_capped?: true;
  page: number;
  size: number;
  /** The `after` cursor of the next page, when this page is full. */
  next?: string;
}

/** Rows after the cursor in the list's order (see `SortDef` for where empty values go). */
function afterCursor(sortRef: RawBuilder<unknown>, idRef: RawBuilder<unknown>, nullable: boolean, desc: boolean, after: Cursor): RawBuilder<SqlBool> {
  const cmp = sql.raw(desc ? '<' : '>');
  if (after.value === null) {
    // Only nullable columns have null cursors: ascending the nulls come first, descending last.
    return desc
      ? sql<SqlBool>`(${sortRef} IS NULL AND ${idRef} < ${after.id})`
      : sql<SqlBool>`(${sortRef} IS NULL AND ${idRef} > ${after.id} OR ${sortRef} IS NOT NULL)`;
  }
  const past = sql<SqlBool>`(${sortRef}, ${idRef}) ${cmp} (${after.value}, ${after.id})`;
  return nullable && desc ? sql<SqlBool>`(${past} OR ${sortRef} IS NULL)` : past;
}

type PageRow = Record<string, unknown> & { __sort_value: string | null; __sort_id: number };

/**
 * The two queries of a list: the page (filtered, sorted, by offset or after the cursor) and the count
 * (`n`) of the filtered rows up to `COUNT_CAP + 1`. Sorting adds `tieBreaker` (the primary key) in the same
 * direction, so pages never overlap and an index on `(column, id)` serves the order without a sort.
 */
export function listQueries<DB = Database>(db: Db, qb: AnyQuery, list: ListQuery, spec: ListSpec<NoInfer<DB>>, tieBreaker: ColumnRef<NoInfer<DB>>) {
  const filtered = applyFilters<AnyQuery, DB>(qb, list, spec);
  const { column, nullable } = sortColumn(spec, list.sort.column);
  const desc = list.sort.direction === 'desc';
  const sortRef = sql.ref(column);
  const idRef = sql.ref(tieBreaker);
  const nulls = nullable ? (desc ? ' NULLS LAST' : ' NULLS FIRST') : '';
  const sorted = filtered
    // The last row's sort value and id make the `next` cursor.
    .select([sql<string | null>`${sortRef}::text`.as('__sort_value'), sql<number>`${idRef}`.as('__sort_id')])
    .orderBy(sql`${sortRef} ${sql.raw((desc ? 'DESC' : 'ASC') + nulls)}`)
    .orderBy(sql`${idRef} ${sql.raw(desc ? 'DESC' : 'ASC')}`)
    .limit(list.size);
  const page = list.after ? sorted.where(afterCursor(sortRef, idRef, nullable, desc, list.after)) : sorted.offset((list.page - 1) * list.size);
  const count = db.selectFrom(filtered.limit(COUNT_CAP + 1).as('counted')).select(sql<number>`count(*)::int`.as('n'));
  return { page, count };
}

/** Runs a filtered, sorted, paged list (see `listQueries`): the count and the page in parallel. */
export async function runList<T, DB = Database>(
  db: Db,
  qb: AnyQuery,
  list: ListQuery,
  spec: ListSpec<NoInfer<DB>>,
  tieBreaker: ColumnRef<NoInfer<DB>>,
): Promise<ListResult<T>> {
  const { page, count } = listQueries<DB>(db, qb, list, spec, tieBreaker);
  const [{ n }, rows] = await Promise.all([count.executeTakeFirstOrThrow(), page.execute() as Promise<PageRow[]>]);
  const entries = rows.map(({ __sort_value: _value, __sort_id: _id, ...row }) => row as T);
  const last = rows.at(-1);
  return {
    entries,
    total: Math.min(n, COUNT_CAP),
    ...(n > COUNT_CAP ? { total_capped: true as const } : {}),
    page: list.page,
    size: list.size,
    ...(last && rows.length === list.size ? { next: encodeCursor({ value: last.__sort_value, id: last.__sort_id }) } : {}),
  };
}
