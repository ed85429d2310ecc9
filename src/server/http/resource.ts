import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type SelectQueryBuilder, sql } from 'kysely';
import { addError, type FieldErrors } from '../../shared/validation/core.js';
import type { AppContext, CurrentUser } from '../context.js';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import type { UploadRule } from '../lib/storage.js';
import { audit, changedAttributes } from '../modules/audit/audit.js';
import { currentUser } from './auth.js';
import { notFound, ValidationFailed } from './errors.js';
import { escapeLike, type ListSpec, parseListQuery, runList } from './list-query.js';
import { readBody } from './multipart.js';

/**
 * The generic resource calls of spec 1, 7.2 (list, read, create, update, delete) for one table, with
 * what every resource shares: ids, 404s, payload unwrapping, one transaction per write with its audit
 * entry, and constraint violations turned into 422s. A resource supplies how to load its entities and
 * how to write them; anything beyond the five calls it registers itself.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>;

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
  /** Roles for every call; `readRoles` widens list and read. */
  roles: readonly string[];
  readRoles?: readonly string[];
  /** Sorting, filtering and search; `from` selects the ids of the listed rows. */
  list: ListSpec & { from(db: Db): AnySelect; tieBreaker: string };
  /** The entities with these ids (any order; missing ids are left out), as the viewer sees them. */
  load(db: Db, ids: readonly number[], viewer: CurrentUser | null): Promise<E[]>;
  /** Validates a payload into input; throws `ValidationFailed`. `current` is the entity being updated. */
  parse(payload: Record<string, unknown>, current: E | null): I;
  /** File fields accepted in a multipart payload, by full field name (`organization[logo]`). */
  uploads?: Record<string, UploadRule>;
  /** Resolves the `:id` of a path; by default digits only. */
  findId?(db: Db, param: string): Promise<number | undefined>;
  /** Refuses a write on this record for this user (throw 403), before its payload is looked at. */
  guard?(action: 'update' | 'destroy', current: E, user: CurrentUser): void;
  create?(w: WriteContext, input: I): Promise<number>;
  update?(w: WriteContext, current: E, input: I): Promise<void>;
  destroy?(w: WriteContext, current: E): Promise<void>;
  /** Constraint name → the errors to answer when it is violated (races past validation, uniqueness). */
  constraints?: Record<string, FieldErrors>;
  /** Entity keys that are not the record's own data (computed, viewer-dependent) and not audited. */
  auditIgnore?: readonly string[];
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
    } else if (Array.isArray(v)) v.forEach((x, i) => visit(x, [...at, i]));
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
 * For writes outside the five generic calls too (e.g. sending a reset link with its audit entry).
 */
export async function write<T>(
  db: Db,
  user: CurrentUser,
  fn: (w: WriteContext) => Promise<T>,
  opts: { constraints?: Record<string, FieldErrors>; action?: 'write' | 'destroy' } = {},
): Promise<T> {
  const after: (() => Promise<void>)[] = [];
  const rollback: (() => Promise<void>)[] = [];
  let result: T;
  try {
    result = await db.transaction().execute((trx) =>
      fn({ trx, user, afterCommit: (f) => void after.push(f), onRollback: (f) => void rollback.push(f) }),
    );
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

/** Locks a row for the rest of the transaction; false when it no longer exists. */
async function lockRow(trx: Db, table: string, id: number): Promise<boolean> {
  const res = await sql`SELECT 1 FROM ${sql.table(table)} WHERE id = ${id} FOR UPDATE`.execute(trx);
  return res.rows.length > 0;
}

export function resourceRoutes<E extends Entity, I>(app: FastifyInstance, ctx: AppContext, r: Resource<E, I>): void {
  const { db } = ctx;
  const readRoles = r.readRoles ?? r.roles;
  const ignore = ['id', 'created_at', 'updated_at', 'lock_version', ...(r.auditIgnore ?? [])];
  const snapshot = (e: E) => Object.fromEntries(Object.entries(e).filter(([k]) => !ignore.includes(k)));

  const loadOne = async (dbOrTrx: Db, id: number, viewer: CurrentUser | null) => (await r.load(dbOrTrx, [id], viewer))[0];
  const find = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<E> => {
    const id = r.findId ? await r.findId(db, request.params.id) : recordId(request.params.id);
    const entity = id === undefined ? undefined : await loadOne(db, id, request.user);
    if (!entity) throw notFound();
    return entity;
  };
  const payload = async (request: FastifyRequest) => {
    const body = unwrap(await readBody(request, r.uploads), r.name);
    failIf(unstorableText(body));
    return body;
  };

  app.get(r.base, { config: { roles: readRoles } }, async (request) => {
    failIf(queryErrors(request.query));
    const list = parseListQuery(request.query as Record<string, unknown>, r.list);
    const page = await runList<{ id: number }>(db, r.list.from(db), list, r.list, r.list.tieBreaker);
    const byId = new Map((await r.load(db, page.entries.map((e) => e.id), request.user)).map((e) => [e.id, e]));
    return { ...page, entries: page.entries.map((e) => byId.get(e.id)).filter(Boolean) };
  });

  app.get<{ Params: { id: string } }>(`${r.base}/:id`, { config: { roles: readRoles } }, async (request) => find(request));

  if (r.create) {
    const create = r.create;
    app.post(r.base, { config: { roles: r.roles } }, async (request, reply) => {
      const user = currentUser(request);
      const input = r.parse(await payload(request), null);
      const id = await write(
        db,
        user,
        async (w) => {
          const newId = await create(w, input);
          const after = await loadOne(w.trx, newId, null);
          await audit(w.trx, { action: 'create', type: r.auditType, id: newId, changes: changedAttributes(null, snapshot(after), []), userId: user.id });
          return newId;
        },
        { constraints: r.constraints },
      );
      return reply.code(201).send(await loadOne(db, id, user));
    });
  }

  if (r.update) {
    const update = r.update;
    app.put<{ Params: { id: string } }>(`${r.base}/:id`, { config: { roles: r.roles } }, async (request) => {
      const user = currentUser(request);
      const current = await find(request);
      r.guard?.('update', current, user);
      // A payload may name only the fields it changes (PUT of a partial form): the rest stay.
      const input = r.parse({ ...current, ...(await payload(request)) }, current);
      await write(
        db,
        user,
        async (w) => {
          if (!(await lockRow(w.trx, r.table, current.id))) throw notFound();
          const before = await loadOne(w.trx, current.id, null);
          await update(w, before, input);
          const after = await loadOne(w.trx, current.id, null);
          const changes = changedAttributes(snapshot(before), snapshot(after), []);
          if (Object.keys(changes).length > 0) {
            await sql`UPDATE ${sql.table(r.table)} SET updated_at = now(), lock_version = lock_version + 1 WHERE id = ${current.id}`.execute(w.trx);
            await audit(w.trx, { action: 'update', type: r.auditType, id: current.id, changes, userId: user.id });
          }
        },
        { constraints: r.constraints },
      );
      return loadOne(db, current.id, user);
    });
  }

  if (r.destroy) {
    const destroy = r.destroy;
    app.delete<{ Params: { id: string } }>(`${r.base}/:id`, { config: { roles: r.roles } }, async (request, reply) => {
      const user = currentUser(request);
      const current = await find(request);
      r.guard?.('destroy', current, user);
      await write(
        db,
        user,
        async (w) => {
          if (!(await lockRow(w.trx, r.table, current.id))) throw notFound();
          const before = await loadOne(w.trx, current.id, null);
          await destroy(w, before);
          await audit(w.trx, { action: 'destroy', type: r.auditType, id: current.id, changes: changedAttributes(snapshot(before), null, []), userId: user.id });
        },
        { constraints: r.constraints, action: 'destroy' },
      );
      return reply.code(204).send();
    });
  }
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
