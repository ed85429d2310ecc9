// qs's own parser as an ES module without its Node polyfills (the server uses qs itself): 25 KiB less on every list.
import { parse as parseQuery } from 'qs-esm';
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toQueryString } from '../api/client';

/**
 * List state lives in the address (spec 1, 2.5a; DESIGN "Lists"), so every view of a list is a link:
 * `p` (page, default 1), `s` (page size 10/20/50, default 10), `sort_by`, `sort_direction`, `q`,
 * `filter[...]` in bracket notation and `show=filter` (filter popover open). Parameters this module does
 * not know (a tab, a selected id) are kept untouched.
 */

export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;

export type SortDirection = 'asc' | 'desc';
/** A filter value as it travels in bracket notation: a string, a list (`x[]=`) or a nested object (`x[gteq]=`). */
export type FilterValue = string | string[] | { [key: string]: FilterValue };
export type Filter = { [field: string]: FilterValue };

export interface ListDefaults {
  s?: number;
  sort_by?: string;
  sort_direction?: SortDirection;
  /** The filter a screen starts with; 'Clear' in the filter popover returns to it. */
  filter?: Filter;
}

/**
 * What a screen's list understands: the sortable columns and the filter names. A parameter outside
 * them (a typed address, an old bookmark) falls back to the default instead of a failed list.
 */
export interface ListShape {
  sortable?: readonly string[];
  filters?: readonly string[];
}

export interface ListParams {
  p: number;
  s: number;
  sort_by?: string;
  sort_direction?: SortDirection;
  q?: string;
  filter: Filter;
  /** `show=filter` opens the filter popover. */
  filterOpen: boolean;
}

/** What a list call sends (DESIGN principle 1): `{p, s, sort_by, sort_direction, q, filter}`. */
export interface ListQuery {
  p: number;
  s: number;
  sort_by?: string;
  sort_direction?: SortDirection;
  q?: string;
  filter?: Filter;
}

const KNOWN = new Set(['p', 's', 'sort_by', 'sort_direction', 'q', 'filter', 'show']);

/** Drops empty strings, empty lists and empty objects, so "nothing chosen" never reaches the address. */
export function compactFilter(filter: Filter | undefined): Filter {
  const clean = (value: unknown): FilterValue | undefined => {
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value)) {
      const list = value.filter((v) => v !== undefined && v !== null && v !== '').map(String);
      return list.length ? list : undefined;
    }
    if (typeof value === 'object') {
      const out: { [key: string]: FilterValue } = {};
      for (const [k, v] of Object.entries(value)) {
        const c = clean(v);
        if (c !== undefined) out[k] = c;
      }
      return Object.keys(out).length ? out : undefined;
    }
    const text = String(value);
    return text === '' ? undefined : text;
  };
  return (clean(filter ?? {}) as Filter | undefined) ?? {};
}

/** Fields with a value in the applied filter: the badge count on the Filter button. */
export function activeFilterCount(filter: Filter): number {
  return Object.keys(compactFilter(filter)).length;
}

/** Structural equality of two (compacted) filters; key order and list order of sets do not matter. */
export function sameFilter(a: Filter | undefined, b: Filter | undefined): boolean {
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) return [...v].map(String).sort();
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, norm((v as Record<string, unknown>)[k])]));
    return v;
  };
  return JSON.stringify(norm(compactFilter(a))) === JSON.stringify(norm(compactFilter(b)));
}

function knownFilters(filter: Filter, shape: ListShape): Filter {
  if (!shape.filters) return filter;
  return Object.fromEntries(Object.entries(filter).filter(([name]) => shape.filters!.includes(name)));
}

function positiveInt(raw: unknown): number | undefined {
  return typeof raw === 'string' && /^\d{1,9}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined;
}

export interface ParsedSearch {
  params: ListParams;
  /** Parameters the list does not own, kept as they were. */
  rest: Record<string, unknown>;
}

/** Reads list parameters from a search string (`p=2&filter[state]=new`, with or without `?`). */
export function parseListSearch(search: string, defaults: ListDefaults = {}, shape: ListShape = {}): ParsedSearch {
  const raw = parseQuery(search.replace(/^\?/, ''), { depth: 6, arrayLimit: 1000, parameterLimit: 2000 }) as Record<string, unknown>;
  const size = positiveInt(raw.s);
  const direction = raw.sort_direction === 'asc' || raw.sort_direction === 'desc' ? raw.sort_direction : undefined;
  const sortBy = typeof raw.sort_by === 'string' && raw.sort_by !== '' && (!shape.sortable || shape.sortable.includes(raw.sort_by)) ? raw.sort_by : undefined;
  // `filter=` (present but empty) means "explicitly nothing", which differs from "the screen's default".
  const filter =
    raw.filter === undefined ? compactFilter(defaults.filter) : typeof raw.filter === 'object' ? knownFilters(compactFilter(raw.filter as Filter), shape) : {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (!KNOWN.has(k)) rest[k] = v;
  return {
    params: {
      p: positiveInt(raw.p) ?? DEFAULT_PAGE,
      s: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : (defaults.s ?? DEFAULT_PAGE_SIZE),
      sort_by: sortBy ?? defaults.sort_by,
      sort_direction: sortBy ? (direction ?? 'asc') : (direction ?? defaults.sort_direction),
      q: typeof raw.q === 'string' && raw.q !== '' ? raw.q : undefined,
      filter,
      filterOpen: raw.show === 'filter',
    },
    rest,
  };
}

/** Writes list parameters back; values equal to the defaults are left out so a plain list has a plain address. */
export function serializeListSearch(params: ListParams, defaults: ListDefaults = {}, rest: Record<string, unknown> = {}): string {
  const out: Record<string, unknown> = {};
  if (params.p !== DEFAULT_PAGE) out.p = params.p;
  if (params.s !== (defaults.s ?? DEFAULT_PAGE_SIZE)) out.s = params.s;
  const defaultSort = params.sort_by === defaults.sort_by && (params.sort_direction ?? 'asc') === (defaults.sort_direction ?? 'asc');
  if (params.sort_by && !defaultSort) {
    out.sort_by = params.sort_by;
    out.sort_direction = params.sort_direction ?? 'asc';
  }
  if (params.q) out.q = params.q;
  const filter = compactFilter(params.filter);
  // `filter=` (present, empty) marks "no filter" when the screen's default filter is not empty.
  const explicitlyEmpty = !sameFilter(filter, defaults.filter) && Object.keys(filter).length === 0;
  if (!sameFilter(filter, defaults.filter) && !explicitlyEmpty) out.filter = filter;
  const tail: Record<string, unknown> = {};
  if (params.filterOpen) tail.show = 'filter';
  return [toQueryString(out), explicitlyEmpty ? 'filter=' : '', toQueryString({ ...tail, ...rest })].filter(Boolean).join('&');
}

/** The API query of a list state: always page and size, the rest when set. */
export function toListQuery(params: ListParams): ListQuery {
  const query: ListQuery = { p: params.p, s: params.s };
  if (params.sort_by) {
    query.sort_by = params.sort_by;
    query.sort_direction = params.sort_direction ?? 'asc';
  }
  if (params.q) query.q = params.q;
  const filter = compactFilter(params.filter);
  if (Object.keys(filter).length) query.filter = filter;
  return query;
}

/**
 * The filter names a list answer refused (`422 {errors: {'filter[created_at][gteq]': ['invalid']}}`):
 * a typed address or an old bookmark with a value the server does not take. Empty for any other failure.
 */
export function refusedFilters(error: unknown): string[] {
  const e = error as { status?: unknown; body?: unknown } | null;
  if (!e || e.status !== 422 || typeof e.body !== 'object' || e.body === null) return [];
  const errors = (e.body as { errors?: unknown }).errors;
  if (!errors || typeof errors !== 'object') return [];
  const names = Object.keys(errors).map((k) => /^filter\[([^\]]+)\]/.exec(k)?.[1]);
  // Only when every refusal is a filter's: anything else stays a failed list.
  return names.length && names.every((n) => n !== undefined) ? [...new Set(names as string[])] : [];
}

/** Page after a page-size change that keeps the first visible row visible (spec 2.5a). */
export function pageForSize(page: number, size: number, nextSize: number): number {
  const firstIndex = (page - 1) * size;
  return Math.floor(firstIndex / nextSize) + 1;
}

/** Sort after choosing a column: a new column sorts ascending, the same column again toggles. */
export function nextSort(current: Pick<ListParams, 'sort_by' | 'sort_direction'>, column: string): { sort_by: string; sort_direction: SortDirection } {
  if (current.sort_by === column) return { sort_by: column, sort_direction: (current.sort_direction ?? 'asc') === 'asc' ? 'desc' : 'asc' };
  return { sort_by: column, sort_direction: 'asc' };
}

/** Last page for a total (at least 1, so an empty list is "page 1 of 1"). */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

export interface NavigateOptions {
  /** Replace the history entry instead of adding one (typing, opening the popover). */
  replace?: boolean;
}

export interface ListState extends ListParams {
  defaults: ListDefaults;
  /** For the API: `api.get(path, state.query)`. */
  query: ListQuery;
  /** `toQueryString(query)`: stable key for caches; changes only when the data to load changes. */
  queryKey: string;
  setPage(p: number): void;
  /** Keeps the first visible row visible: page = floor(firstIndex / size) + 1. */
  setPageSize(s: number): void;
  /** Same column again toggles asc/desc; a given direction is written as is. Goes back to page 1. */
  setSort(column: string, direction?: SortDirection): void;
  /** Typing-driven: replaces the history entry; goes to page 1. */
  setSearch(q: string): void;
  /** Applies a filter: page 1, popover closed. */
  setFilter(filter: Filter): void;
  setFilterOpen(open: boolean): void;
  /** Any combination at once (several setters in one handler would each start from the same address). */
  update(patch: Partial<ListParams>, options?: NavigateOptions): void;
}

/**
 * The list state of the current address. `defaults` should be a constant (module level or memoised):
 * it is part of how the address is read.
 */
export function useListState(defaults: ListDefaults = {}, shape: ListShape = {}): ListState {
  const search = useSearch();
  const [location, navigate] = useLocation();
  // Several updates within one event must build on each other, not on the address of the last render.
  const latest = useRef(search);
  const rendered = useRef(search);
  if (rendered.current !== search) {
    rendered.current = search;
    latest.current = search;
  }
  const defaultsKey = JSON.stringify(defaults);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableDefaults = useMemo(() => defaults, [defaultsKey]);
  const shapeKey = JSON.stringify(shape);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableShape = useMemo(() => shape, [shapeKey]);
  const parsed = useMemo(() => parseListSearch(search, stableDefaults, stableShape), [search, stableDefaults, stableShape]);

  const update = useCallback(
    (patch: Partial<ListParams>, options: NavigateOptions = {}) => {
      const current = parseListSearch(latest.current, stableDefaults, stableShape);
      const next = serializeListSearch({ ...current.params, ...patch }, stableDefaults, current.rest);
      latest.current = next;
      navigate(next ? `${location}?${next}` : location, { replace: options.replace });
    },
    [location, navigate, stableDefaults, stableShape],
  );

  return useMemo(() => {
    const params = parsed.params;
    const query = toListQuery(params);
    const read = () => parseListSearch(latest.current, stableDefaults, stableShape).params;
    return {
      ...params,
      defaults: stableDefaults,
      query,
      queryKey: toQueryString(query as unknown as Record<string, unknown>),
      update,
      setPage: (p) => update({ p: Math.max(1, Math.floor(p)) }),
      setPageSize: (s) => {
        const now = read();
        update({ s, p: pageForSize(now.p, now.s, s) });
      },
      setSort: (column, direction) => update({ ...(direction ? { sort_by: column, sort_direction: direction } : nextSort(read(), column)), p: 1 }),
      setSearch: (q) => update({ q: q.trim() || undefined, p: 1 }, { replace: true }),
      setFilter: (filter) => update({ filter: compactFilter(filter), p: 1, filterOpen: false }),
      setFilterOpen: (open) => update({ filterOpen: open }, { replace: true }),
    };
  }, [parsed, stableDefaults, stableShape, update]);
}
