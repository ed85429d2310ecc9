import type { User } from '../../../shared/entities/user.js';
import { sql } from 'kysely';
import type { UserInput } from '../../../shared/validation/users.js';
import type { AppContext, CurrentUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { byIds, type WriteContext } from '../../http/resource.js';
import { sendPasswordMailJob } from '../session/password-reset.js';
import { revokeUserSessions } from '../session/service.js';
import '../session/tables.js';

export type UserEntity = User<Date>;

export async function loadUsers(db: Db, ids: readonly number[], viewer: CurrentUser | null): Promise<UserEntity[]> {
  const rows = await byIds(ids, (list) =>
    db
      .selectFrom('users')
      .select([
        'id',
        'first_name',
        'last_name',
        'email',
        'roles',
        'disabled',
        sql<{ provider: string }[]>`coalesce((
          SELECT json_agg(json_build_object('provider', a.provider) ORDER BY a.provider)
            FROM user_authentications a WHERE a.user_id = users.id), '[]')`.as('authentications'),
        'created_at',
        'last_sign_in_at',
      ])
      .where('id', 'in', list)
      .execute(),
  );
  return rows.map((u) => {
    const own = viewer?.id === u.id;
    return { ...u, current_user: own, can_be_edited: !own, can_be_deleted: !own };
  });
}

const row = (input: UserInput) => ({ ...input, roles: [...new Set(input.roles)] });

/** A new account gets a link to set its password, unless staff sign in only by single sign-on. */
export async function createUser(ctx: AppContext, w: WriteContext, input: UserInput): Promise<number> {
  const user = await w.trx.insertInto('users').values(row(input)).returning(['id', 'email', 'first_name']).executeTakeFirstOrThrow();
  // Sent by a job in this transaction: mailed once the account committed, retried if the mail server fails.
  if (ctx.config.loginMethods.includes('password')) await sendPasswordMailJob(ctx, w, user.id, 'welcome');
  return user.id;
}

/** Disabling a user ends its sessions at once. */
export async function updateUser(w: WriteContext, current: UserEntity, input: UserInput): Promise<void> {
  await w.trx.updateTable('users').set(row(input)).where('id', '=', current.id).execute();
  if (input.disabled && !current.disabled) await revokeUserSessions(w.trx, current.id);
}

/** The `disable` / `enable` transitions: the flag is the opposite state; disabling ends the user's sessions. */
export async function setDisabled(w: WriteContext, current: UserEntity, disabled: boolean): Promise<void> {
  await w.trx.updateTable('users').set({ disabled }).where('id', '=', current.id).execute();
  if (disabled) await revokeUserSessions(w.trx, current.id);
}
