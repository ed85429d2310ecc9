import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR, { mutate as globalMutate, type SWRConfiguration } from 'swr';
import { api, type ListResponse } from '../../api/client';
import { onInvalidate } from '../../lib/invalidate';
import type { ListState } from '../list-state';
import type { RowKey, Selection } from './types';

/**
 * Loading a list (spec 1, 4 "List loading"): when a load starts the loading state is set and the
 * selection cleared; on success entries and total are set; on error the message is kept. The previous
 * page stays on screen under the loading overlay (`keepPreviousData`), so nothing jumps.
 *
 * The SWR key starts with the API path (`['/api/banks', 'list', 'p=1&s=10']`), so the shell's
 * `invalidateResource('/api/banks')` reloads every list of that path; `invalidateLists('banks')` does the
 * same by resource name, and the `onInvalidate(resource)` listener covers `services.invalidate('banks')`.
 */
export const LIST_TAG = 'list';

export type ListKey = [path: string, tag: typeof LIST_TAG, query: string, resource: string];

/** `/api/cms/content_owners` → `content_owners`; the name commands use in `scope.resource`. */
export function resourceOfPath(path: string): string {
  return path.replace(/[?#].*$/, '').replace(/\.json$/, '').split('/').filter(Boolean).pop() ?? path;
}

/** Whether an SWR key is a list of this resource (given by name or API path). */
export function isListKeyOf(key: unknown, resource: string): boolean {
  if (!Array.isArray(key) || key[1] !== LIST_TAG || typeof key[0] !== 'string') return false;
  const path = key[0];
  return key[3] === resource || path === resource || path.startsWith(`${resource}/`) || path.endsWith(`/${resource}`);
}

// Mounted lists by their key; reaching them directly also works under a scoped <SWRConfig provider>.
const mounted = new Map<symbol, { key: ListKey; reload(): Promise<unknown> }>();

/** Reloads every list of a resource (name `banks` or path `/api/banks`): mounted ones and cached ones. */
export function invalidateLists(resource: string): Promise<unknown> {
  const live = [...mounted.values()].filter((m) => isListKeyOf(m.key, resource));
  const liveKeys = new Set(live.map((m) => m.key.join('\u0000')));
  // cached lists not on screen: mark them stale in the app's cache (once: a mounted one reloads itself)
  const cached = globalMutate((key) => isListKeyOf(key, resource) && !liveKeys.has((key as string[]).join('\u0000')));
  return Promise.all([...live.map((m) => m.reload()), cached]);
}

export interface UseListOptions<T> {
  /** Resource name for commands and invalidation; default the last path segment. */
  resource?: string;
  /** False to hold the request (e.g. until a required filter is chosen). */
  enabled?: boolean;
  /** Fixed parameters of this list that are not list state (the vendors' `list=managed_by_me` tab). */
  params?: Record<string, string>;
  rowKey?: (row: T) => RowKey;
  swr?: SWRConfiguration<ListResponse<T>>;
}

export interface ListResult<T> {
  rows: T[];
  total: number;
  /** `total` is a lower bound: there are more matching rows than the server counts. */
  totalCapped: boolean;
  /** A load is running (first load, a new page, or a reload after `mutate`). */
  loading: boolean;
  error: unknown;
  /** Reloads (or replaces) the data: commands and cell editors call it after a write. */
  mutate: () => Promise<unknown>;
  selection: Selection;
  setSelection(next: Selection): void;
  /** The selected rows of the current page, in page order. */
  selectedRows: T[];
  resource: string;
}

const defaultKey = (row: unknown): RowKey => (row as { id: RowKey }).id;

export function useList<T>(path: string, list: Pick<ListState, 'queryKey'>, options: UseListOptions<T> = {}): ListResult<T> {
  const resource = options.resource ?? resourceOfPath(path);
  const fixed = options.params ? new URLSearchParams(options.params).toString() : '';
  const query = [fixed, list.queryKey].filter(Boolean).join('&');
  const key: ListKey | null = options.enabled === false ? null : [path, LIST_TAG, query, resource];
  const swr = useSWR<ListResponse<T>, unknown, ListKey | null>(
    key,
    // A path may carry a fixed parameter of its own (`/api/revenue_sources?type=youtube_label`).
    ([p, , q]) => api.get<ListResponse<T>>(q ? `${p}${p.includes('?') ? '&' : '?'}${q}` : p),
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false, ...options.swr },
  );
  const [selection, setSelection] = useState<Selection>(() => new Set());

  // Selection belongs to what is on screen; a load (new page, sort, filter, reload) starts it afresh.
  const wasLoading = useRef(false);
  useEffect(() => {
    if (swr.isValidating && !wasLoading.current) setSelection((s) => (s.size ? new Set() : s));
    wasLoading.current = swr.isValidating;
  }, [swr.isValidating]);

  const { mutate } = swr;
  const reload = useCallback(() => mutate(), [mutate]);
  useEffect(() => onInvalidate(resource, () => void mutate()), [resource, mutate]);
  const keyText = key ? key.join('\u0000') : '';
  useEffect(() => {
    if (!keyText) return;
    const id = Symbol(keyText);
    mounted.set(id, { key: keyText.split('\u0000') as ListKey, reload: () => mutate() });
    return () => void mounted.delete(id);
  }, [keyText, mutate]);

  const rows = swr.data?.entries ?? EMPTY;
  const rowKey = options.rowKey ?? defaultKey;
  const selectedRows = selection.size ? (rows as T[]).filter((r) => selection.has(rowKey(r))) : (EMPTY as T[]);
  return {
    rows: rows as T[],
    total: swr.data?.total ?? 0,
    totalCapped: swr.data?.total_capped === true,
    loading: swr.isValidating || swr.isLoading,
    error: swr.error,
    mutate: reload,
    selection,
    setSelection,
    selectedRows,
    resource,
  };
}

const EMPTY: never[] = [];
