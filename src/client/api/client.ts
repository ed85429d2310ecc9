import { readCookie } from '../lib/cookies';
import { emitApiEvent } from './events';

export type FieldErrors = { [field: string]: string[] | FieldErrors };

/** A failed call: `errors` holds the 422 field errors, `message` the server's reason when it gave one. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: unknown,
  ) {
    super(typeof body === 'object' && body && 'error' in body ? String((body as { error: unknown }).error) : `HTTP ${status}`);
  }
  get errors(): FieldErrors | undefined {
    return this.status === 422 && typeof this.body === 'object' && this.body ? (this.body as { errors?: FieldErrors }).errors : undefined;
  }
}

export type Query = Record<string, unknown>;

/** Nested parameters in bracket notation: `filter[amount][gteq]=10`, `filter[vendor_id][]=1`. */
export function toQueryString(query: Query): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) value.forEach((v) => add(`${key}[]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else parts.push(`${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(String(value))}`);
  };
  for (const [k, v] of Object.entries(query)) add(k, v);
  return parts.join('&');
}

interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Do not raise the global 401/403 handling (the sign-in call handles its own 401). */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Read the answer as a Blob (an image the page shows, a download) instead of JSON; `response`: the answer itself (a download that needs its headers). */
  as?: 'blob' | 'response';
}

/** The headers every call sends: `client: web`, the bearer token and the uid (spec 1, section 7). */
function sessionHeaders(accept: string): Record<string, string> {
  const headers: Record<string, string> = { accept, client: 'web' };
  const token = readCookie('token');
  const uid = readCookie('uid');
  if (token && uid) {
    headers.authorization = `Bearer ${token}`;
    headers.uid = uid;
  }
  return headers;
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers = sessionHeaders(opts.as ? '*/*' : 'application/json');
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const qs = opts.query ? toQueryString(opts.query) : '';
  let res: Response;
  try {
    res = await fetch(qs ? `${path}?${qs}` : path, { method, headers, body, signal: opts.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    emitApiEvent({ kind: 'network', message: (error as Error).message });
    throw error;
  }
  if (res.status === 204) return undefined as T;
  if (opts.as === 'blob' && res.ok) return (await res.blob()) as T;
  if (opts.as === 'response' && res.ok) return res as T;
  const isJson = res.headers.get('content-type')?.includes('application/json');
  const data = isJson ? await res.json().catch(() => undefined) : undefined;
  if (!res.ok) {
    if (!opts.quiet && res.status === 401) emitApiEvent({ kind: 'unauthorized' });
    if (!opts.quiet && res.status === 403) emitApiEvent({ kind: 'forbidden' });
    throw new ApiError(res.status, data);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query, opts?: Omit<RequestOptions, 'query'>) => request<T>('GET', path, { ...opts, query }),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  delete: (path: string, opts?: RequestOptions) => request<void>('DELETE', path, opts),
  /** A file behind the bearer header (an organization's logo): `URL.createObjectURL(await api.blob(url))`. */
  blob: (path: string, query?: Query, opts?: Omit<RequestOptions, 'query' | 'as'>) => request<Blob>('GET', path, { ...opts, query, as: 'blob' }),
};

/**
 * A multipart POST that reports how much was sent (`fetch` cannot): `onProgress(sent, total)` in bytes.
 * Answers and failures as `request` gives them.
 */
export function uploadWithProgress<T>(path: string, body: FormData, onProgress: (sent: number, total: number) => void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [k, v] of Object.entries(sessionHeaders('application/json'))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onerror = () => {
      emitApiEvent({ kind: 'network', message: 'upload failed' });
      reject(new Error('upload failed'));
    };
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      if (xhr.status === 401) emitApiEvent({ kind: 'unauthorized' });
      if (xhr.status === 403) emitApiEvent({ kind: 'forbidden' });
      reject(new ApiError(xhr.status, data));
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

export interface ListResponse<T> {
  entries: T[];
  /** Matching rows; a lower bound when `total_capped` (the server stops counting at 10,000). */
  total: number;
  total_capped?: boolean;
  page?: number;
  size?: number;
  /** The `after` cursor of the next page (keyset paging), when this page is full. */
  next?: string;
}
