import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import type { Struct } from 'superstruct';
import useSWR, { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { check, type FieldErrors } from '../../../shared/validation/core';
import { api, ApiError } from '../../api/client';
import { useCommandEnvironment } from '../../commands/context';
import { invalidateLists } from '../grid/use-list';
import { useT } from '../../lib/i18n';
import { deepEqual, errorPaths, errorsAt, getIn, isUnder, mergeErrors, reindex, reindexPaths, setIn, withoutErrorsAt, type FieldPath, type Path, type PathValue } from './paths';

export type FormValues = Record<string, unknown>;
/** The item type of a list value (anything for an untyped path). */
type ItemOf<L> = L extends readonly (infer U)[] ? U : unknown;
export type SaveMode = 'list' | 'continue';

export interface ResourceFormOptions<V extends FormValues> {
  /** Resource name: lists of it are told to reload after a save; default label keys are `${resource}.fields.<name>`. */
  resource: string;
  /** API base, e.g. `/api/banks` (read `GET {base}/{id}`, create `POST {base}`, update `PUT {base}/{id}`). */
  basePath: string;
  /** The payload's wrapper, e.g. `bank` for `{bank: {...}}`. */
  wrapper: string;
  /** Where 'Save' returns to, e.g. `/admin/banks`. */
  listPath: string;
  /** The edit page of a record, e.g. `(id) => `/admin/banks/${id}/edit``. */
  editPath(id: number | string): string;
  /** Where 'Save' goes instead of the list, with the saved record's id (a payout: its show page). */
  savedPath?(id: number | string): string;
  /** Absent: a create form. */
  id?: number | string | null;
  /** The shared superstruct struct of the resource (client validation; its mask shapes the default payload). */
  struct: Struct<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Values of a new record, and the defaults under a loaded one. */
  initial: V;
  /** Loaded record → form values (default: `{...initial, ...record}`). */
  fromRecord?(record: Record<string, unknown>): V;
  /**
   * Values → payload. A FormData is sent as it is (build it with `toFormData(wrapper, ...)`); anything
   * else is wrapped as `{[wrapper]: payload}`. Default: the struct's validated (masked) value.
   */
  toPayload?(values: V, validated: unknown): unknown;
  /**
   * Translation keys of the success messages; `{name}` is the value of the field `name`. `savedAs`
   * names what an update became instead when the server made something else of it (a change request).
   */
  messages: { created?: string; saved: string; savedAs?(record: Record<string, unknown>): string | undefined };
  /** Extra cross-field rules (e.g. signers), in the same nested `{field: [key]}` shape. */
  validate?(values: V): FieldErrors | undefined | null;
}

export type FormStatus = 'loading' | 'ready' | 'not_found' | 'error';

/**
 * A save refused with 409: someone else saved the record after this form loaded it. `record` is the
 * record as it is now; `changed` the form's top-level fields whose stored value they changed.
 */
export interface SaveConflict {
  record: Record<string, unknown>;
  changed: string[];
  /** Of `changed`, the fields this form edited too (keeping mine overwrites theirs there). */
  overlapping: string[];
}

export interface ResourceFormApi<V extends FormValues = FormValues> {
  options: ResourceFormOptions<V>;
  status: FormStatus;
  /** The loaded record (edit) as the server sent it. */
  record: Record<string, unknown> | undefined;
  loadError: unknown;
  reload(): void;
  values: V;
  /** The values the form started from (the loaded, saved or reloaded record); a new object each time they are replaced. */
  initial: V;
  /** Paths are typed by the form's values (`Path<V>`): `getValue('contacts.1.emails.0.email')` is checked. */
  getValue<P extends Path<V>>(path: P): PathValue<V, P>;
  setValue<P extends Path<V>>(path: P, value: PathValue<V, P>): void;
  setValues(update: (values: V) => V): void;
  /** Marks a field as visited (its client error shows from then on). */
  touch(path: Path<V>): void;
  /** A field's own parse error (unreadable date, file too large); blocks saving like any error. */
  setLocalError(path: Path<V>, key: string | null): void;
  /** The message key to show at `path` now (first message; client errors after submit or touch, server errors always). */
  errorFor(path: Path<V> | 'base'): string | undefined;
  /** Whether any error lies at or below one of `prefixes` (tab badges); null prefixes = any. */
  hasErrorsUnder(prefixes: FieldPath[] | null, exclude?: FieldPath[]): boolean;
  /** Whether the struct (or the extra rule) says `blank` for an empty value at `path`, for the current values. */
  isRequired(path: Path<V>): boolean;
  insertItem<P extends Path<V>>(path: P, item: ItemOf<PathValue<V, P>>, index?: number): void;
  removeItem(path: Path<V>, index: number): void;
  moveItem(path: Path<V>, from: number, to: number): void;
  dirty: boolean;
  submitted: boolean;
  /** Increments on every submit attempt that ended with errors (focus and tab switching follow it). */
  failedSubmits: number;
  saving: boolean;
  submit(mode: SaveMode): Promise<boolean>;
  /** The last save's conflict, until resolved (`<ResourceForm>` shows it as an alert). */
  conflict: SaveConflict | null;
  /**
   * 'reload': take their record and drop this form's edits. 'keep': take their record under this
   * form's edits (their values where this form changed nothing), to review and save again.
   */
  resolveConflict(choice: 'reload' | 'keep'): void;
  /** Stands the leave guard down (set by `<ResourceForm>`); the hook calls it before navigating after a save. */
  releaseRef: RefObject<(() => void) | null>;
  formRef: RefObject<HTMLFormElement | null>;
}

interface State<V> {
  key: string;
  loaded: boolean;
  values: V;
  initial: V;
  touched: Set<FieldPath>;
  localErrors: Record<FieldPath, string>;
  serverErrors: FieldErrors;
  submitted: boolean;
  failedSubmits: number;
  saving: boolean;
  /** `lock_version` of the record `initial` came from; sent with every update so a stale save is refused. */
  version: number | undefined;
  conflict: SaveConflict | null;
}

function fresh<V>(key: string, loaded: boolean, values: V, version?: number): State<V> {
  return { key, loaded, values, initial: values, touched: new Set(), localErrors: {}, serverErrors: {}, submitted: false, failedSubmits: 0, saving: false, version, conflict: null };
}

function versionOf(record: Record<string, unknown> | undefined): number | undefined {
  const v = record?.lock_version;
  return typeof v === 'number' ? v : undefined;
}

/** The payload with `lock_version` added: a field of a JSON object, or the wrapper's part of a multipart body. */
function withVersion(payload: unknown, wrapper: string, version: number | undefined): unknown {
  if (version === undefined) return payload instanceof FormData ? payload : { [wrapper]: payload };
  if (payload instanceof FormData) {
    payload.set(`${wrapper}[lock_version]`, String(version));
    return payload;
  }
  return { [wrapper]: payload && typeof payload === 'object' && !Array.isArray(payload) ? { ...payload, lock_version: version } : payload };
}

/** Client errors: the struct, the extra rule and the fields' own parse errors. */
function clientErrorsOf<V extends FormValues>(options: ResourceFormOptions<V>, values: V, localErrors: Record<FieldPath, string>): FieldErrors {
  // A field's own parse error comes first: an unreadable date is `invalid`, not `blank`.
  let errors: FieldErrors = {};
  for (const [path, key] of Object.entries(localErrors)) errors = mergeErrors(errors, setIn({}, path, [key]) as FieldErrors);
  const result = check(options.struct, values);
  if (!result.ok) errors = mergeErrors(errors, result.errors);
  const extra = options.validate?.(values);
  if (extra) errors = mergeErrors(errors, extra);
  return errors;
}

/** Records this client just saved: their edit page opens from the saved answer without reading them again. */
const justSaved = new Map<string, number>();
const JUST_SAVED_MS = 5000;
function savedMoments(url: string | null): boolean {
  if (!url) return false;
  const at = justSaved.get(url);
  return at !== undefined && Date.now() - at < JUST_SAVED_MS;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What the 409's record changed against the values this form started from, top-level field by field. */
function conflictOf<V extends FormValues>(options: ResourceFormOptions<V>, s: State<V>, record: Record<string, unknown>): SaveConflict {
  const theirs = options.fromRecord ? options.fromRecord(record) : ({ ...options.initial, ...record } as V);
  const fields = Object.keys(options.initial);
  const changed = fields.filter((f) => !deepEqual(getIn(theirs, f), getIn(s.initial, f)));
  const overlapping = changed.filter((f) => !deepEqual(getIn(s.values, f), getIn(s.initial, f)));
  return { record, changed, overlapping };
}

export function useResourceForm<V extends FormValues>(options: ResourceFormOptions<V>): ResourceFormApi<V> {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const env = useCommandEnvironment();
  const t = useT();
  const [, navigate] = useLocation();
  const { mutate, cache } = useSWRConfig();
  const id = options.id ?? null;
  const key = id === null ? 'new' : String(id);
  const url = id === null ? null : `${options.basePath}/${id}`;
  const swr = useSWR<Record<string, unknown>>(url, (u: string) => api.get<Record<string, unknown>>(u), {
    revalidateOnMount: !(savedMoments(url) && url !== null && cache.get(url)?.data !== undefined),
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
  const fromRecord = (record: Record<string, unknown>): V => (options.fromRecord ? options.fromRecord(record) : ({ ...options.initial, ...record } as V));

  const [state, setState] = useState<State<V>>(() =>
    id === null ? fresh(key, true, options.initial) : swr.data ? fresh(key, true, fromRecord(swr.data), versionOf(swr.data)) : fresh(key, false, options.initial),
  );
  // Another record (or create → edit): start over; a record that arrived: take it as the initial values.
  let current = state;
  if (state.key !== key || (!state.loaded && id !== null && swr.data)) {
    current = id === null ? fresh(key, true, options.initial) : swr.data ? fresh(key, true, fromRecord(swr.data), versionOf(swr.data)) : fresh(key, false, options.initial);
    setState(current);
  }
  const stateRef = useRef(current);
  stateRef.current = current;

  const clientErrors = useMemo(() => clientErrorsOf(optionsRef.current, current.values, current.localErrors), [current.values, current.localErrors]);
  const allErrors = useMemo(() => mergeErrors(clientErrors, current.serverErrors), [clientErrors, current.serverErrors]);
  // Answers hold for one set of values: a rule such as "required when the country is DE" changes with them.
  const requiredCache = useMemo(() => new Map<string, boolean>(), [current.values]); // eslint-disable-line react-hooks/exhaustive-deps
  const releaseRef = useRef<(() => void) | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);

  const update = useCallback((fn: (s: State<V>) => State<V>) => setState((s) => fn(s)), []);

  const setValue = useCallback(
    (path: FieldPath, value: unknown) =>
      update((s) => ({ ...s, values: setIn(s.values, path, value), serverErrors: withoutErrorsAt(s.serverErrors, path) })),
    [update],
  );
  const setValues = useCallback((fn: (v: V) => V) => update((s) => ({ ...s, values: fn(s.values) })), [update]);
  const touch = useCallback(
    (path: FieldPath) => update((s) => (s.touched.has(path) ? s : { ...s, touched: new Set([...s.touched, path]) })),
    [update],
  );
  const setLocalError = useCallback(
    (path: FieldPath, errorKey: string | null) =>
      update((s) => {
        if ((s.localErrors[path] ?? null) === errorKey) return s;
        const localErrors = { ...s.localErrors };
        if (errorKey) localErrors[path] = errorKey;
        else delete localErrors[path];
        return { ...s, localErrors };
      }),
    [update],
  );

  /** Applies a reordering of the list at `path` to values, server errors, touched marks and parse errors. */
  const reorder = useCallback(
    (path: FieldPath, order: (number | null)[], items: unknown[]) =>
      update((s) => {
        const node = getIn(s.serverErrors, path);
        const serverErrors = node && typeof node === 'object' && !Array.isArray(node) ? (setIn(s.serverErrors, path, reindex(node as FieldErrors, order)) as FieldErrors) : s.serverErrors;
        const localErrors: Record<FieldPath, string> = {};
        for (const [p, k] of Object.entries(s.localErrors)) {
          const [moved] = reindexPaths([p], path, order);
          if (moved) localErrors[moved] = k;
        }
        return { ...s, values: setIn(s.values, path, items), serverErrors, touched: reindexPaths(s.touched, path, order).add(path), localErrors };
      }),
    [update],
  );
  const listAt = (path: FieldPath) => {
    const list = getIn(stateRef.current.values, path);
    return Array.isArray(list) ? list : [];
  };
  const insertItem = useCallback(
    (path: FieldPath, item: unknown, index?: number) => {
      const list = listAt(path);
      const at = index ?? list.length;
      const order = [...list.keys()] as (number | null)[];
      order.splice(at, 0, null);
      const items = [...list];
      items.splice(at, 0, item);
      reorder(path, order, items);
    },
    [reorder],
  );
  const removeItem = useCallback(
    (path: FieldPath, index: number) => {
      const list = listAt(path);
      reorder(
        path,
        [...list.keys()].filter((i) => i !== index),
        list.filter((_, i) => i !== index),
      );
    },
    [reorder],
  );
  const moveItem = useCallback(
    (path: FieldPath, from: number, to: number) => {
      const list = listAt(path);
      if (to < 0 || to >= list.length || from === to) return;
      const order = [...list.keys()] as (number | null)[];
      const [moved] = order.splice(from, 1);
      order.splice(to, 0, moved);
      reorder(
        path,
        order,
        order.map((i) => list[i as number]),
      );
    },
    [reorder],
  );

  const errorFor = (path: FieldPath): string | undefined => {
    // A list's own rule (vendor shares total 100) shows once any of its rows was edited.
    const visible = current.submitted || current.touched.has(path) || [...current.touched].some((p) => isUnder(p, path));
    if (visible) {
      const client = errorsAt(clientErrors, path)?.[0];
      if (client) return client;
    }
    return errorsAt(current.serverErrors, path)?.[0];
  };

  const hasErrorsUnder = (prefixes: FieldPath[] | null, exclude: FieldPath[] = []) =>
    errorPaths(allErrors).some((p) => (prefixes === null || prefixes.some((x) => isUnder(p, x))) && !exclude.some((x) => isUnder(p, x)));

  /** Probes the struct and the extra rule with the field emptied: `blank` there means required. */
  const isRequired = (path: FieldPath) => {
    let answer = requiredCache.get(path);
    if (answer === undefined) {
      const emptied = setIn(current.values, path, '');
      const probe = check(optionsRef.current.struct, emptied);
      const extra = optionsRef.current.validate?.(emptied) ?? {};
      const errors = mergeErrors(probe.ok ? {} : probe.errors, extra);
      answer = (errorsAt(errors, path) ?? []).includes('blank');
      requiredCache.set(path, answer);
    }
    return answer;
  };

  const submit = useCallback(
    async (mode: SaveMode): Promise<boolean> => {
      const opts = optionsRef.current;
      const s = stateRef.current;
      if (s.saving || !s.loaded) return false;
      const errors = clientErrorsOf(opts, s.values, s.localErrors);
      if (Object.keys(errors).length) {
        update((x) => ({ ...x, submitted: true, failedSubmits: x.failedSubmits + 1 }));
        return false;
      }
      update((x) => ({ ...x, submitted: true, saving: true }));
      const validated = check(opts.struct, s.values);
      const payload = opts.toPayload ? opts.toPayload(s.values, validated.ok ? validated.value : s.values) : validated.ok ? validated.value : s.values;
      const recordId = opts.id ?? null;
      const body = recordId === null ? withVersion(payload, opts.wrapper, undefined) : withVersion(payload, opts.wrapper, s.version);
      let saved: Record<string, unknown> | undefined;
      try {
        saved = recordId === null ? await api.post(opts.basePath, body) : await api.put(`${opts.basePath}/${recordId}`, body);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && isRecord(error.body)) {
          const theirs = error.body;
          update((x) => ({ ...x, saving: false, conflict: conflictOf(opts, x, theirs) }));
          return false;
        }
        const serverErrors = error instanceof ApiError ? error.errors : undefined;
        update((x) => ({ ...x, saving: false, serverErrors: serverErrors ?? x.serverErrors, failedSubmits: serverErrors ? x.failedSubmits + 1 : x.failedSubmits }));
        // 401, 403 and network failures are announced by the shell (api events); other failures here.
        if (error instanceof ApiError && !serverErrors && error.status !== 401 && error.status !== 403) {
          env.services.notify('error', t('form.save_failed', { message: error.message }));
        }
        return false;
      }
      const newId = (saved && typeof saved === 'object' && 'id' in saved ? (saved.id as number | string) : undefined) ?? recordId;
      releaseRef.current?.();
      const name = getIn(s.values, 'name');
      const savedAs = recordId !== null && isRecord(saved) ? opts.messages.savedAs?.(saved) : undefined;
      env.services.notify('success', t(recordId === null ? (opts.messages.created ?? opts.messages.saved) : (savedAs ?? opts.messages.saved), { name: typeof name === 'string' ? name : '' }));
      env.services.invalidate(opts.resource);
      // Lists of the resource that are cached but not on screen: without this, the list opened right
      // after a save (within SWR's 2 s dedupe window) would show the answer from before the save.
      void invalidateLists(opts.resource);
      const record = saved && typeof saved === 'object' && Object.keys(saved).length ? saved : undefined;
      if (newId !== null && newId !== undefined) {
        if (record) justSaved.set(`${opts.basePath}/${newId}`, Date.now());
        void mutate(`${opts.basePath}/${newId}`, record ?? s.values, { revalidate: !record });
      }
      if (mode === 'list') navigate(opts.savedPath && newId != null ? opts.savedPath(newId) : opts.listPath);
      // After a create the edit page opens on the same tab (the hash).
      else if (recordId === null && newId !== null && newId !== undefined) navigate(`${opts.editPath(newId)}${typeof window === 'undefined' ? '' : window.location.hash}`);
      else {
        const values = record ? (opts.fromRecord ? opts.fromRecord(record) : ({ ...opts.initial, ...record } as V)) : s.values;
        update((x) => ({ ...fresh(x.key, true, values, versionOf(record) ?? x.version) }));
      }
      return true;
    },
    [env, t, mutate, navigate, update],
  );

  const resolveConflict = useCallback(
    (choice: 'reload' | 'keep') => {
      const opts = optionsRef.current;
      const conflict = stateRef.current.conflict;
      if (!conflict) return;
      const theirs = opts.fromRecord ? opts.fromRecord(conflict.record) : ({ ...opts.initial, ...conflict.record } as V);
      const version = versionOf(conflict.record);
      if (opts.id != null) void mutate(`${opts.basePath}/${opts.id}`, conflict.record, { revalidate: false });
      if (choice === 'reload') {
        update((x) => fresh(x.key, true, theirs, version));
        return;
      }
      update((x) => {
        // Mine where this form edited a field, theirs everywhere else: nothing of either is lost silently.
        let values = theirs;
        for (const field of Object.keys(opts.initial)) {
          if (!deepEqual(getIn(x.values, field), getIn(x.initial, field))) values = setIn(values, field, getIn(x.values, field)) as V;
        }
        return { ...x, values, initial: theirs, version, conflict: null };
      });
    },
    [mutate, update],
  );

  const loadError = swr.error;
  const status: FormStatus =
    id === null || current.loaded ? 'ready' : loadError ? (loadError instanceof ApiError && loadError.status === 404 ? 'not_found' : 'error') : 'loading';

  return {
    options,
    status,
    record: swr.data,
    loadError,
    reload: () => void swr.mutate(),
    values: current.values,
    initial: current.initial,
    getValue: <P extends Path<V>>(path: P) => getIn(current.values, path) as PathValue<V, P>,
    setValue,
    setValues,
    touch,
    setLocalError,
    errorFor,
    hasErrorsUnder,
    isRequired,
    insertItem,
    removeItem,
    moveItem,
    dirty: current.loaded && !deepEqual(current.values, current.initial),
    submitted: current.submitted,
    failedSubmits: current.failedSubmits,
    saving: current.saving,
    submit,
    conflict: current.conflict,
    resolveConflict,
    releaseRef,
    formRef,
  };
}
