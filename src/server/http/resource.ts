import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Versioned } from '../../shared/entities/versioned.js';
import { addError, type FieldErrors } from '../../shared/validation/core.js';
import type { AppContext, CurrentUser } from '../context.js';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import type { UploadRule } from '../lib/storage.js';
import { audit, changedAttributes } from '../modules/audit/audit.js';
import { currentUser } from './auth.js';
import { actionRoutes, type Action } from './actions.js';
import { HttpError, notFound, ValidationFailed } from './errors.js';
import { escapeLike, type ListQuery, type ListSource, parseListQuery, runList } from './list-query.js';
import { readBody } from './multipart.js';

/**
 * The generic resource calls of spec 1, 7.2 (list, read, create, update, delete) for one table, with
 * what every resource shares: ids, 404s, payload unwrapping, one transaction per write with its audit
 * entry, and constraint violations turned into 422s. A resource supplies how to load its entities and
 * how to write them; anything beyond the five calls it registers itself.
 */

export interface Entity {
  id: number;
}

export interface WriteContext {
  trx: Db;
  user: CurrentUser;
  /** Runs once the transaction has committed: mails, removing files that were replaced. */
  afterCommit(fn: () => Promise<void>): void;
  /** Runs when the write fails: removing files stored for it. */
  onRollback(fn: () => Promise<void>): void;
}

export interface Resource<E extends Entity, I> {
  /** e.g. `/api/banks` */
  base: string;
  /** The payload wrapper (`{bank: {...}}`) and the multipart field prefix. */
  name: string;
  table: keyof Database & string;
  /** The audit trail's type name, e.g. `Bank`. */
  auditType: string;
  /** Roles for every call; `readRoles` widens read (and list, unless `listRoles` names the list's own). */
  roles: readonly string[];
  readRoles?: readonly string[];
  listRoles?: readonly string[];
  /** Deleting (one or in bulk), when it is open to other roles than the rest of the writes. */
  destroyRoles?: readonly string[];
  /** Sorting, filtering and search, and the listed rows (see `ListSource`). */
  list: ListSource;
  /**
   * Refuses (throw 403) a list call this viewer may make only with some filters, e.g. a role that may
   * list one contract's rows but not all of them. Runs on the parsed query, before anything is read.
   */
  listGuard?(list: ListQuery, viewer: CurrentUser): void;
  /** The entities with these ids (any order; missing ids are left out), as the viewer sees them. */
  load(db: Db, ids: readonly number[], viewer: CurrentUser | null): Promise<E[]>;
  /**
   * Validates a payload into input; throws `ValidationFailed`. `current` is the entity being updated
   * (the payload is then the entity with the sent fields over it); `sent` the fields the request named.
   */
  parse(payload: Record<string, unknown>, current: E | null, sent: Record<string, unknown>): I;
  /** File fields accepted in a multipart payload, by field name or pattern (`organization[logo]`, `contract[documents][*][file]`). */
  uploads?: Record<string, UploadRule>;
  /** Resolves the `:id` of a path; by default digits only. */
  findId?(db: Db, param: string): Promise<number | undefined>;
  /**
   * Refuses a write on this record for this user (throw 403), before its payload is looked at. It runs
   * on the row as locked by the write, so what it checks cannot change before the write commits.
   */
  guard?(action: 'update' | 'destroy' | string, current: E, user: CurrentUser): void;
  create?(w: WriteContext, input: I): Promise<number>;
  update?(w: WriteContext, current: E, input: I): Promise<void>;
  destroy?(w: WriteContext, current: E): Promise<void>;
  /** Constraint name → the errors to answer when it is violated (races past validation, uniqueness). */
  constraints?: Record<string, FieldErrors>;
  /** Entity keys that are not the record's own data (computed, viewer-dependent) and not audited. */
  auditIgnore?: readonly string[];
  /** Transitions (`POST {base}/{id}/{action}`) and bulk actions (`POST {base}/{action}`), see `actions.ts`. */
  actions?: Record<string, Action<E>>;
  /** `POST {base}/delete` with `ids` or the list's `filter`/`q`: deletes all of them or none. */
  bulkDelete?: boolean;
  /** The table has no `lock_version` / `updated_at` (rows only synchronised in and deleted). */
  unversioned?: boolean;
  /** `load` answers each record's `lock_version` itself (it reads the whole row anyway): no query of its own for it. */
  loadsVersions?: boolean;
}

/** A path id: digits only, else the record does not exist. */
export function recordId(param: string): number | undefined {
  return /^\d{1,15}$/.test(param) ? Number(param) : undefined;
}

/**
 * Where `value` holds text PostgreSQL cannot store (a NUL character), as field errors; empty when none.
 * Such input is refused up front: the database would fail on it mid-write.
 */
export function unstorableText(value: unknown, path: (string | number)[] = []): FieldErrors {
  const errors: FieldErrors = {};
  const visit = (v: unknown, at: (string | number)[]) => {
    if (typeof v === 'string') {
      if (v.includes('\0')) addError(errors, at, 'invalid');
    } else if (Array.isArray(v)) {
      // A list's items are named by their list; a body that is itself a list has no field to name them by.
      if (at.length > 0) v.forEach((x, i) => visit(x, [...at, i]));
      else if (v.some((x) => Object.keys(unstorableText(x)).length > 0)) addError(errors, ['base'], 'invalid');
    }
    else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) for (const [k, x] of Object.entries(v)) visit(x, [...at, k]);
  };
  visit(value, path);
  return errors;
}

/** The payload's object under `name`, or an empty object for anything else. */
export function unwrap(body: unknown, name: string): Record<string, unknown> {
  const inner = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
}

/** Integrity violations by SQLSTATE, as the message key of a write or a delete. */
const PG_CONSTRAINT_CODES: Record<string, { write: string; destroy: string }> = {
  '23505': { write: 'already_used', destroy: 'already_used' },
  '23503': { write: 'invalid', destroy: 'in_use' },
  '23001': { write: 'invalid', destroy: 'in_use' },
  '23P01': { write: 'already_used', destroy: 'already_used' },
  '23514': { write: 'invalid', destroy: 'invalid' },
  '23502': { write: 'blank', destroy: 'invalid' },
};

/** A constraint violation as the 422 a client can show; any other error unchanged. */
export function constraintError(error: unknown, map: Record<string, FieldErrors> = {}, action: 'write' | 'destroy' = 'write'): unknown {
  const pg = error as { code?: string; constraint?: string; column?: string };
  const codes = pg?.code ? PG_CONSTRAINT_CODES[pg.code] : undefined;
  if (!codes) return error;
  if (pg.constraint && map[pg.constraint]) return new ValidationFailed(map[pg.constraint]);
  return new ValidationFailed({ [pg.column ?? 'base']: [codes[action]] });
}

/**
 * Runs `fn` in one transaction with after-commit and rollback hooks; constraint violations become 422s.
 * For writes outside the five generic calls too (e.g. sending a reset link with its audit entry). Given a
 * transaction (a demo seed's, all or nothing), `fn` joins it and the caller commits: its locks and checks
 * are the same, and its after-commit hooks run when `fn` is done.
 */
export async function write<T>(
  db: Db,
  user: CurrentUser,
  fn: (w: WriteContext) => Promise<T>,
  opts: { constraints?: Record<string, FieldErrors>; action?: 'write' | 'destroy' } = {},
): Promise<T> {
  const after: (() => Promise<void>)[] = [];
  const rollback: (() => Promise<void>)[] = [];
  const step = (trx: Db) => fn({ trx, user, afterCommit: (f) => void after.push(f), onRollback: (f) => void rollback.push(f) });
  let result: T;
  try {
    result = await (db.isTransaction ? step(db) : db.transaction().execute(step));
  } catch (error) {
    for (const f of rollback) await f().catch(() => {});
    throw constraintError(error, opts.constraints, opts.action);
  }
  for (const f of after) await f();
  return result;
}

/** Unstorable text in a list query, named the way list errors name parameters (`filter[name]`). */
function queryErrors(query: unknown): FieldErrors {
  const errors = unstorableText(query);
  const flat: FieldErrors = {};
  const walk = (node: FieldErrors, name: string) => {
    for (const [k, v] of Object.entries(node)) {
      const param = name ? `${name}[${k}]` : k;
      if (Array.isArray(v)) flat[param] = v;
      else walk(v, param);
    }
  };
  walk(errors, '');
  return flat;
}

export type { Versioned };

/**
 * The one write path of a resource's records (DOMAIN.md: "every transition checks its flag inside its
 * transaction"). Each write locks its rows (several in id order, so two bulk writes cannot deadlock),
 * loads them as the viewer sees them inside the transaction, and only then checks guards and flags,
 * merges payloads and writes: a concurrent write waits for the lock and sees the committed result.
 */
export interface RecordWriter<E extends Entity> {
  /** Runs `step` on the locked record `id` after `guard(action)`; 404 when it does not exist. */
  one<T>(user: CurrentUser, id: number, action: string, step: (w: WriteContext, locked: Locked<E>) => Promise<T>): Promise<T>;
  /**
   * Runs `step` on each locked record of `ids` in one transaction, or on none: when a record is missing,
   * refused by `guard` or fails `eligible`, nothing is written and the 422 names the ineligible ids.
   */
  many(user: CurrentUser, ids: readonly number[], action: string, eligible: (current: E) => boolean, step: (w: WriteContext, locked: Locked<E>) => Promise<void>): Promise<void>;
  /** After a step changed `before`: bumps `lock_version` and audits what changed under `action`, if anything did. */
  recorded(w: WriteContext, before: E, action: string): Promise<void>;
  /** Deletes the locked record with the resource's `destroy` and audits it. */
  destroyed(w: WriteContext, before: E): Promise<void>;
  /** The record as answered to `viewer`, with its version. */
  answer(db: Db, id: number, viewer: CurrentUser): Promise<Versioned<E>>;
  /** The records of `ids` as answered to `viewer`, in the order of `ids` (missing ones left out): two queries for any number. */
  answers(db: Db, ids: readonly number[], viewer: CurrentUser): Promise<Versioned<E>[]>;
  /** The `:id` of a path, or 404. */
  idOf(param: string): Promise<number>;
}

export interface Locked<E> {
  current: E;
  lockVersion: number;
}

/** `{errors: {ids: ['ineligible']}, ineligible_ids: [...]}`: the answer of an all-or-none write that found ineligible records. */
export class Ineligible extends HttpError {
  constructor(public readonly ids: number[]) {
    super(422, { errors: { ids: ['ineligible'] }, ineligible_ids: ids });
  }
}

export function recordWriter<E extends Entity, I>(db: Db, r: Resource<E, I>): RecordWriter<E> {
  const ignore = ['id', 'created_at', 'updated_at', 'lock_version', ...(r.auditIgnore ?? [])];
  const snapshot = (e: E) => Object.fromEntries(Object.entries(e).filter(([k]) => !ignore.includes(k)));
  const table = sql.table(r.table);

  /** Locks the rows in id order; their versions by id (missing ids are absent). */
  const lock = async (trx: Db, ids: readonly number[]): Promise<Map<number, number>> => {
    const version = r.unversioned ? sql`0` : sql`lock_version`;
    const res = await sql<{ id: number; lock_version: number }>`
      SELECT id, ${version} AS lock_version FROM ${table} WHERE id = ANY(${[...ids]}::bigint[]) ORDER BY id FOR UPDATE`.execute(trx);
    return new Map(res.rows.map((row) => [Number(row.id), row.lock_version]));
  };
  const loadLocked = async (trx: Db, ids: readonly number[], user: CurrentUser) => {
    const versions = await lock(trx, ids);
    const entities = await r.load(trx, [...versions.keys()], user);
    return new Map(entities.map((current) => [current.id, { current, lockVersion: versions.get(current.id)! }]));
  };
  /**
   * The versions are read in one query for all ids, not one per record, and beside the records rather than
   * after them (a round trip less for every list and answer); an unversioned record has none, and a
   * resource whose `load` reads them needs no query for them.
   */
  const answers = async (dbOrTrx: Db, ids: readonly number[], viewer: CurrentUser): Promise<Versioned<E>[]> => {
    if (ids.length === 0) return [];
    const [loaded, res] = await Promise.all([
      r.load(dbOrTrx, ids, viewer),
      r.unversioned || r.loadsVersions ? undefined : sql<{ id: number; lock_version: number }>`SELECT id, lock_version FROM ${table} WHERE id = ANY(${ids}::bigint[])`.execute(dbOrTrx),
    ]);
    const entities = new Map(loaded.map((e) => [e.id, e]));
    const found = ids.flatMap((id) => entities.get(id) ?? []);
    if (!res) return found as Versioned<E>[];
    const versions = new Map(res.rows.map((row) => [Number(row.id), row.lock_version]));
    return found.map((e) => ({ ...e, lock_version: versions.get(e.id) ?? 0 }));
  };
  const constraints = (action: string) => ({ constraints: r.constraints, action: action === 'destroy' ? ('destroy' as const) : ('write' as const) });

  return {
    one: (user, id, action, step) =>
      write(
        db,
        user,
        async (w) => {
          const locked = (await loadLocked(w.trx, [id], user)).get(id);
          if (!locked) throw notFound();
          r.guard?.(action, locked.current, user);
          return step(w, locked);
        },
        constraints(action),
      ),

    many: (user, ids, action, eligible, step) =>
      write(
        db,
        user,
        async (w) => {
          const sorted = [...new Set(ids)].sort((a, b) => a - b);
          const locked = await loadLocked(w.trx, sorted, user);
          const allowed = (id: number) => {
            const row = locked.get(id);
            if (!row || !eligible(row.current)) return false;
            try {
              r.guard?.(action, row.current, user);
              return true;
            } catch (error) {
              if (error instanceof HttpError) return false;
              throw error;
            }
          };
          const ineligible = sorted.filter((id) => !allowed(id));
          if (ineligible.length > 0) throw new Ineligible(ineligible);
          for (const id of sorted) await step(w, locked.get(id)!);
        },
        constraints(action),
      ),

    recorded: async (w, before, action) => {
      const after = (await r.load(w.trx, [before.id], w.user))[0];
      const changes = changedAttributes(snapshot(before), after ? snapshot(after) : null, []);
      if (Object.keys(changes).length === 0) return;
      if (!r.unversioned) await sql`UPDATE ${table} SET updated_at = now(), lock_version = lock_version + 1 WHERE id = ${before.id}`.execute(w.trx);
      await audit(w.trx, { action, type: r.auditType, id: before.id, changes, userId: w.user.id });
    },

    destroyed: async (w, before) => {
      if (!r.destroy) throw notFound();
      await r.destroy(w, before);
      await audit(w.trx, { action: 'destroy', type: r.auditType, id: before.id, changes: changedAttributes(snapshot(before), null, []), userId: w.user.id });
    },

    answer: async (dbOrTrx, id, viewer) => {
      const [entity] = await answers(dbOrTrx, [id], viewer);
      if (!entity) throw notFound();
      return entity;
    },

    answers,

    idOf: async (param) => {
      const id = r.findId ? await r.findId(db, param) : recordId(param);
      if (id === undefined) throw notFound();
      return id;
    },
  };
}

/** The `lock_version` a payload carries, if any; a value that is not a version is a 422. */
function sentVersion(payload: Record<string, unknown>): number | undefined {
  const raw = payload.lock_version;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = String(raw);
  if (!/^\d{1,9}$/.test(text)) throw new ValidationFailed({ lock_version: ['invalid'] });
  return Number(text);
}

export function resourceRoutes<E extends Entity, I>(app: FastifyInstance, ctx: AppContext, r: Resource<E, I>): void {
  const { db } = ctx;
  const readRoles = r.readRoles ?? r.roles;
  const writer = recordWriter(db, r);
  const ignore = ['id', 'created_at', 'updated_at', 'lock_version', ...(r.auditIgnore ?? [])];
  const snapshot = (e: E) => Object.fromEntries(Object.entries(e).filter(([k]) => !ignore.includes(k)));

  const payload = async (request: FastifyRequest) => {
    const body = unwrap(await readBody(request, r.uploads), r.name);
    failIf(unstorableText(body));
    return body;
  };

  app.get(r.base, { config: { roles: r.listRoles ?? readRoles } }, async (request) => {
    failIf(queryErrors(request.query));
    const query = request.query as Record<string, unknown>;
    const list = parseListQuery(query, r.list);
    const viewer = currentUser(request);
    r.listGuard?.(list, viewer);
    const page = await runList<{ id: number }>(db, r.list.from(db, query, viewer), list, r.list, r.list.tieBreaker);
    return { ...page, entries: await writer.answers(db, page.entries.map((e) => e.id), viewer) };
  });

  app.get<{ Params: { id: string } }>(`${r.base}/:id`, { config: { roles: readRoles } }, async (request) =>
    writer.answer(db, await writer.idOf(request.params.id), currentUser(request)),
  );

  if (r.create) {
    const create = r.create;
    app.post(r.base, { config: { roles: r.roles } }, async (request, reply) => {
      const user = currentUser(request);
      const body = await payload(request);
      const input = r.parse(body, null, body);
      const id = await write(
        db,
        user,
        async (w) => {
          const newId = await create(w, input);
          const [after] = await r.load(w.trx, [newId], user);
          await audit(w.trx, { action: 'create', type: r.auditType, id: newId, changes: changedAttributes(null, snapshot(after), []), userId: user.id });
          return newId;
        },
        { constraints: r.constraints },
      );
      return reply.code(201).send(await writer.answer(db, id, user));
    });
  }

  if (r.update) {
    const update = r.update;
    app.put<{ Params: { id: string } }>(`${r.base}/:id`, { config: { roles: r.roles } }, async (request) => {
      const user = currentUser(request);
      const id = await writer.idOf(request.params.id);
      const body = await payload(request);
      const version = sentVersion(body);
      await writer.one(user, id, 'update', async (w, { current, lockVersion }) => {
        // Edited from an older version: the client gets the record as it is now and decides.
        if (version !== undefined && version !== lockVersion) throw new HttpError(409, await writer.answer(w.trx, id, user));
        // A payload may name only the fields it changes (PUT of a partial form): the rest stay as locked.
        const { lock_version: _sent, ...fields } = body;
        const input = r.parse({ ...current, ...fields }, current, fields);
        await update(w, current, input);
        await writer.recorded(w, current, 'update');
      });
      return writer.answer(db, id, user);
    });
  }

  if (r.destroy) {
    app.delete<{ Params: { id: string } }>(`${r.base}/:id`, { config: { roles: r.destroyRoles ?? r.roles } }, async (request, reply) => {
      const user = currentUser(request);
      const id = await writer.idOf(request.params.id);
      await writer.one(user, id, 'destroy', (w, { current }) => writer.destroyed(w, current));
      return reply.code(204).send();
    });
  }

  actionRoutes(app, db, r, writer);
}

/** Rows of `table` with these ids; an empty id list asks nothing. */
export function byIds<T>(ids: readonly number[], query: (ids: readonly number[]) => Promise<T[]>): Promise<T[]> {
  return ids.length === 0 ? Promise.resolve([]) : query(ids);
}

/** Throws the 422 for `errors` unless it is empty. */
export function failIf(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}

/** The validated value, or the 422 naming what is wrong. */
export function valid<T>(result: { ok: true; value: T } | { ok: false; errors: FieldErrors }): T {
  if (!result.ok) throw new ValidationFailed(result.errors);
  return result.value;
}

export const LOOKUP_LIMIT = 20;

/**
 * `GET {path}?q=`: the first entries matching `q` (all when empty) for autocomplete fields; a bare array.
 * `like` is `q` as a case-insensitive contains pattern.
 */
export function lookupRoute<T>(
  app: FastifyInstance,
  path: string,
  roles: readonly string[],
  find: (query: { q: string; like: string; limit: number; viewer: CurrentUser }) => Promise<T[]>,
): void {
  app.get(path, { config: { roles } }, async (request) => {
    const raw = (request.query as Record<string, unknown>).q;
    if ((raw !== undefined && typeof raw !== 'string') || raw?.includes('\0')) throw new ValidationFailed({ q: ['invalid'] });
    const q = (raw ?? '').trim().slice(0, 200);
    return find({ q, like: `%${escapeLike(q)}%`, limit: LOOKUP_LIMIT, viewer: currentUser(request) });
  });
}
