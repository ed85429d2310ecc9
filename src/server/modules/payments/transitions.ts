import { type RawBuilder, sql } from 'kysely';
import type { Action } from '../../http/actions.js';
import type { WriteContext } from '../../http/resource.js';
import type { AppContext } from '../../context.js';
import { leaveFile } from '../payment-files/file-writes.js';
import { FLAG_ROLES } from './lifecycle.js';
import type { PaymentEntity } from './queries.js';

/**
 * The state-only transitions of DOMAIN.md "Payment lifecycle". Each runs on the locked row after its
 * flag (state and the user's roles, `lifecycle.ts`) held there; the write path bumps the version and
 * audits the change with the actor.
 */
const setState = (w: WriteContext, id: number, assignments: RawBuilder<unknown>) =>
  sql`UPDATE payments SET ${assignments} WHERE id = ${id}`.execute(w.trx).then(() => undefined);

/** Leaving `exported` (pay out, mark incorrect) leaves a file not yet downloaded (`leaveFile`). */
export const transitionActions = (ctx: Pick<AppContext, 'storage'>): Record<string, Action<PaymentEntity>> => ({
  // The state it left is kept for resume (migration 0021's payments_hold check pairs them).
  pause: {
    flag: 'can_be_paused',
    roles: FLAG_ROLES.can_be_paused,
    bulk: true,
    run: (w, current) => setState(w, current.id, sql`state = 'on_hold', state_before_hold = state`),
  },
  resume: {
    flag: 'can_be_resumed',
    roles: FLAG_ROLES.can_be_resumed,
    bulk: true,
    run: (w, current) => setState(w, current.id, sql`state = state_before_hold, state_before_hold = NULL`),
  },
  mark_incorrect: {
    flag: 'can_be_incorrect',
    roles: FLAG_ROLES.can_be_incorrect,
    bulk: true,
    run: async (w, current) => {
      await leaveFile(ctx, w, current.id);
      await setState(w, current.id, sql`state = 'incorrect'`);
    },
  },
  // Two concurrent pay-outs: the second waits for the row lock, then finds paid_out, whose flag is false.
  pay_out: {
    flag: 'can_be_paid_out',
    roles: FLAG_ROLES.can_be_paid_out,
    bulk: true,
    run: async (w, current) => {
      await leaveFile(ctx, w, current.id);
      await setState(w, current.id, sql`state = 'paid_out', paid_at = now()`);
    },
  },
});
