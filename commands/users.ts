import { api, ApiError } from '../src/client/api/client';
import type { User } from '../src/shared/entities/user';
import { routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { recordLookup } from './record-lookup';
import { resourceCommands, rowOf } from './resource';
import type { Availability, Command, CommandContext } from './types';

const ROLES = ['admin'];
const ok: Availability = { enabled: true };
/** The server's flags decide (DESIGN principle 3); the user's own row is the one they refuse. */
const ownAccount: Availability = { enabled: false, reason: 'users.reasons.own_account' };

const alreadyDisabled: Availability = { enabled: false, reason: 'users.reasons.disabled_already' };
const alreadyEnabled: Availability = { enabled: false, reason: 'users.reasons.enabled_already' };
const ownOr = (user: User): Availability => (user.can_be_edited ? ok : ownAccount);

type UserRef = Pick<User, 'id' | 'email'>;

/** The user of a row menu, or of the edit page the palette was opened on. */
function targetUser(ctx: CommandContext): UserRef | undefined {
  return rowOf<UserRef>(ctx, 'users') ?? (ctx.entity?.resource === 'users' ? (ctx.entity.record as unknown as UserRef) : undefined);
}

/** POST /api/users/:id/reset_password: the server mails the user a link to set a new password. */
const sendPasswordLink: Command = {
  id: 'users.send_password_link',
  title: 'users.commands.send_password_link',
  group: 'commands.groups.actions',
  roles: ROLES,
  scope: { resource: 'users', kind: 'row' },
  when: (ctx) => (targetUser(ctx) ? ok : { hidden: true }),
  run: async (ctx) => {
    const user = targetUser(ctx)!;
    try {
      await api.post(`/api/users/${user.id}/reset_password`);
      ctx.services.notify('success', ctx.t('users.password_link_sent', { email: user.email }));
    } catch (error) {
      // 401, 403 and network failures are announced by the shell already.
      if (error instanceof ApiError && error.status !== 401 && error.status !== 403) ctx.services.notify('error', ctx.t('users.password_link_failed', { message: error.message }));
    }
  },
};

/** Users (spec 1, 2.12): edit, delete, disable and enable (not on one's own row; also for selected rows), and the password link. */
export const usersCommands: Command[] = [
  ...resourceCommands<User>({
    resource: 'users',
    api: '/api/users',
    roles: ROLES,
    deleted: 'users.deleted',
    edit: (user) => (user.can_be_edited ? ok : ownAccount),
    delete: (user) => (user.can_be_deleted ? ok : ownAccount),
    bulkDelete: true,
    // The server's disable / enable transitions; one's own account is refused there too.
    actions: [
      { name: 'disable', title: 'users.commands.disable', bulkTitle: 'users.commands.disable_selected', done: 'users.disabled_done', bulk: true, when: (user) => (user.disabled ? alreadyDisabled : ownOr(user)) },
      { name: 'enable', title: 'users.commands.enable', bulkTitle: 'users.commands.enable_selected', done: 'users.enabled_done', bulk: true, when: (user) => (user.disabled ? ownOr(user) : alreadyEnabled) },
    ],
  }),
  sendPasswordLink,
];

interface UserHit {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/** The palette finds users by name or e-mail (the lookup endpoint) and opens the edit page. */
export const usersLookups: Lookup[] = [
  recordLookup<UserHit>({
    id: 'users',
    title: 'users.title',
    roles: ROLES,
    path: '/api/users/lookup',
    label: (user) => `${user.first_name} ${user.last_name}`.trim() || user.email,
    detail: (user) => user.email,
    href: (id) => routePath('users.edit', { id }),
  }),
];
