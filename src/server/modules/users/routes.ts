import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CONTRACTS_ROLES } from '../../../shared/roles.js';
import { validateUser, type UserInput } from '../../../shared/validation/users.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { forbidden, notFound } from '../../http/errors.js';
import { lookupRoute, recordId, resourceRoutes, valid, write } from '../../http/resource.js';
import { audit } from '../audit/audit.js';
import { registerAuditedType } from '../audit/routes.js';
import { sendPasswordMailJob } from '../session/password-reset.js';
import { createUser, loadUsers, setDisabled, updateUser, type UserEntity } from './service.js';
import { listSource } from '../../http/list-source.js';
import { usersList } from '../../../shared/lists/users.js';

const ROLES = ['admin'];
/**
 * Who may look users up: the screens that pick one (spec 1, 7.3): account managers on vendors (and the
 * vendor list's filter), signers on organizations (admin) and contracts.
 */
const LOOKUP_ROLES = ['vendors', 'vendors_admin', ...CONTRACTS_ROLES];

/** The users list: the columns of the sorts and filters `shared/lists/users.ts` names. */
export const USER_LIST = listSource(usersList, {
  from: (db) => db.selectFrom('users').select('users.id'),
  tieBreaker: 'users.id',
  sort: {
    id: 'users.id',
    email: 'users.email',
    first_name: 'users.first_name',
    last_name: 'users.last_name',
    roles: 'users.roles',
    disabled: 'users.disabled',
    created_at: 'users.created_at',
    last_sign_in_at: { column: 'users.last_sign_in_at', nullable: true },
  },
  defaultSort: { column: 'email', direction: 'asc' },
  filters: {
    email: 'users.email',
    first_name: 'users.first_name',
    last_name: 'users.last_name',
    roles: { column: 'users.roles', array: true },
    disabled: 'users.disabled',
    created_at: 'users.created_at',
    last_sign_in_at: 'users.last_sign_in_at',
  },
  search: ['users.email', 'users.first_name', 'users.last_name'],
});

/**
 * /api/users (spec 1, 2.12, 7.3) with the disable / enable transitions and bulk actions and bulk delete,
 * POST /api/users/:id/reset_password, and the lookup for account manager and signer pickers (enabled
 * users only).
 */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('User', ROLES);

  lookupRoute(app, '/api/users/lookup', LOOKUP_ROLES, ({ like, limit }) =>
    ctx.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('disabled', '=', false)
      .where((eb) => eb.or([eb('email', 'ilike', like), eb('first_name', 'ilike', like), eb('last_name', 'ilike', like), eb(sql`first_name || ' ' || last_name`, 'ilike', like)]))
      .orderBy('email')
      .limit(limit)
      .execute(),
  );

  app.post<{ Params: { id: string } }>('/api/users/:id/reset_password', { config: { roles: ROLES } }, async (request, reply) => {
    const user = currentUser(request);
    const id = recordId(request.params.id);
    const target = id === undefined ? undefined : await ctx.db.selectFrom('users').select(['id', 'email', 'first_name']).where('id', '=', id).executeTakeFirst();
    if (!target) throw notFound();
    await write(ctx.db, user, async (w) => {
      await audit(w.trx, { action: 'reset_password', type: 'User', id: target.id, changes: {}, userId: user.id });
      await sendPasswordMailJob(ctx, w, target.id, 'reset');
    });
    return reply.code(204).send();
  });

  resourceRoutes<UserEntity, UserInput>(app, ctx, {
    base: '/api/users',
    name: 'user',
    table: 'users',
    auditType: 'User',
    roles: ROLES,
    list: USER_LIST,
    load: loadUsers,
    parse: (payload) => valid(validateUser(payload)),
    guard: (_action, current, user) => {
      if (current.id === user.id) throw forbidden();
    },
    create: (w, input) => createUser(ctx, w, input),
    update: (w, current, input) => updateUser(w, current, input),
    destroy: async (w, current) => {
      await w.trx.deleteFrom('users').where('id', '=', current.id).execute();
    },
    constraints: {
      users_email_key: { email: ['already_used'] },
      users_contracts_roles_exclusive: { roles: ['exclusive'] },
    },
    auditIgnore: ['current_user', 'can_be_edited', 'can_be_deleted', 'authentications', 'last_sign_in_at'],
    bulkDelete: true,
    // POST /api/users/:id/disable and POST /api/users/disable {ids}; the guard keeps one's own account out.
    actions: {
      disable: { flag: (u) => !u.disabled, bulk: true, run: (w, current) => setDisabled(w, current, true) },
      enable: { flag: 'disabled', bulk: true, run: (w, current) => setDisabled(w, current, false) },
    },
  });
}
