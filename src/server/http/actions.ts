import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../context.js';
import type { Db } from '../db/connection.js';
import { currentUser } from './auth.js';
import { hasAnyRole } from '../../shared/roles.js';
import { forbidden, notFound, ValidationFailed } from './errors.js';
import { applyFilters, parseListQuery } from './list-query.js';
import { type Entity, type Locked, type RecordWriter, type Resource, unstorableText, type WriteContext } from './resource.js';

/**
 * Transitions and bulk actions of a resource, declared in its `actions` and run on the one write path
 * (`RecordWriter`): the record is locked, its flag checked on the locked row, the change made, the
 * version bumped and the change audited under the action's name, all in one transaction.
 *
 * - `POST {base}/{id}/{action}`: the transition of one record; answers the record (200), a 422
 *   `{errors: {base: ['ineligible']}}` when its flag is false, 403 when the guard refuses.
 * - `POST {base}/{action}` with `{ids: [...]}` or `{filter: {...}, q}` (the list's parameters, for "all N
 *   matching"): all records or none; answers `{ids}` of the changed records, or a 422
 *   `{errors: {ids: ['ineligible']}, ineligible_ids: [...]}` naming every id that lacked the flag, was
 *   refused or does not exist. `bulkDelete` adds `POST {base}/delete` the same way.
 */
export interface Action<E> {
  /** Who may run it; the resource's roles by default. */
  roles?: readonly string[];
  /** The entity's flag (`can_be_paid`) or a test that must hold on the locked row; none: always allowed. */
  flag?: BooleanKey<E> | ((current: E, user: CurrentUser) => boolean);
  /** The change on the locked record; `params` is the request body (for a bulk action, without `ids`/`filter`/`q`). */
  run(w: WriteContext, current: E, params: Record<string, unknown>): Promise<void>;
  /** Which routes it has: the single transition, the bulk action, or both (default: single only). */
  single?: boolean;
  bulk?: boolean;
}

type BooleanKey<E> = { [K in keyof E]: E[K] extends boolean ? K : never }[keyof E] & string;

/** How many records one bulk action may change (a larger selection is refused, not cut off). */
export const MAX_BULK = 1000;

function bodyOf(raw: unknown): Record<string, unknown> {
  const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const errors = unstorableText(body);
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return body;
}

/** The ids a bulk request names: `ids`, or every record the list's `filter`/`q` matches. */
async function targetIds<E extends Entity, I>(db: Db, r: Resource<E, I>, body: Record<string, unknown>): Promise<number[]> {
  if (body.ids !== undefined) {
    const ids = body.ids;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => (typeof id === 'number' || typeof id === 'string') && /^\d{1,15}$/.test(String(id)))) {
      throw new ValidationFailed({ ids: ['invalid'] });
    }
    if (ids.length > MAX_BULK) throw new ValidationFailed({ ids: ['too_many'] });
    return ids.map(Number);
  }
  if (body.filter === undefined && body.q === undefined) throw new ValidationFailed({ ids: ['blank'] });
  const list = parseListQuery({ filter: body.filter, q: body.q } as Record<string, unknown>, r.list);
  const rows = (await applyFilters(r.list.from(db, body), list, r.list)
    .limit(MAX_BULK + 1)
    .execute()) as { id: number }[];
  if (rows.length > MAX_BULK) throw new ValidationFailed({ ids: ['too_many'] });
  if (rows.length === 0) throw new ValidationFailed({ ids: ['blank'] });
  return rows.map((row) => Number(row.id));
}

/** Whether the action's flag allows it on `current` for `user` (no flag: always). */
function eligibleFor<E>(def: Action<E>, current: E, user: CurrentUser): boolean {
  const flag = def.flag;
  return flag === undefined ? true : typeof flag === 'function' ? flag(current, user) : (current[flag] as unknown) === true;
}

/**
 * One record's transition on the one write path: its roles for `user`, then the record locked, its flag
 * checked on the locked row, the change, the version bump and the audit entry with the actor, in one
 * transaction. The single-record route runs it, and so does the demo seed, which walks records through
 * their lifecycle as staff would.
 */
export async function runAction<E extends Entity, I>(r: Resource<E, I>, writer: RecordWriter<E>, user: CurrentUser, id: number, action: string, params: Record<string, unknown> = {}): Promise<void> {
  const def = r.actions?.[action];
  if (!def) throw notFound();
  if (!hasAnyRole(user.roles, def.roles ?? r.roles)) throw forbidden();
  await writer.one(user, id, action, async (w, { current }) => {
    if (!eligibleFor(def, current, user)) throw new ValidationFailed({ base: ['ineligible'] });
    await def.run(w, current, params);
    await writer.recorded(w, current, action);
  });
}

export function actionRoutes<E extends Entity, I>(app: FastifyInstance, db: Db, r: Resource<E, I>, writer: RecordWriter<E>): void {
  type Step = (w: WriteContext, locked: Locked<E>) => Promise<void>;
  const bulk = (action: string, roles: readonly string[], eligible: (current: E, user: CurrentUser) => boolean, step: (params: Record<string, unknown>) => Step) => {
    app.post(`${r.base}/${action}`, { config: { roles } }, async (request) => {
      const user = currentUser(request);
      const body = bodyOf(request.body);
      const { ids: _ids, filter: _filter, q: _q, ...params } = body;
      const ids = await targetIds(db, r, body);
      await writer.many(user, ids, action, (current) => eligible(current, user), step(params));
      return { ids: [...new Set(ids)].sort((a, b) => a - b) };
    });
  };

  for (const [action, def] of Object.entries(r.actions ?? {})) {
    const roles = def.roles ?? r.roles;
    const eligible = (current: E, user: CurrentUser) => eligibleFor(def, current, user);
    if (def.single !== false) {
      app.post<{ Params: { id: string } }>(`${r.base}/:id/${action}`, { config: { roles } }, async (request) => {
        const user = currentUser(request);
        const id = await writer.idOf(request.params.id);
        await runAction(r, writer, user, id, action, bodyOf(request.body));
        return writer.answer(db, id, user);
      });
    }
    if (def.bulk) {
      bulk(action, roles, eligible, (params) => async (w, { current }) => {
        await def.run(w, current, params);
        await writer.recorded(w, current, action);
      });
    }
  }

  if (r.bulkDelete && r.destroy) {
    bulk('delete', r.destroyRoles ?? r.roles, () => true, () => (w, { current }) => writer.destroyed(w, current));
  }
}
