import { type RawBuilder, sql } from 'kysely';
import type { Action } from '../../http/actions.js';
import type { WriteContext } from '../../http/resource.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { audit } from '../audit/audit.js';
import { leaveFile } from '../payment-files/file-writes.js';
import { TRANSITIONS, transitionRoles } from '../../../shared/payment-lifecycle.js';
import type { PaymentEntity } from './queries.js';

/**
 * The state-only transitions of DOMAIN.md "Payment lifecycle" (`TRANSITIONS` in shared/payment-lifecycle.ts:
 * flag, roles, target state). Each runs on the locked row after its flag (state and the user's roles) held there; the write path bumps the version and
 * audits the change with the actor.
 */
const setState = (w: WriteContext, id: number, assignments: RawBuilder<unknown>) =>
  sql`UPDATE payments SET ${assignments} WHERE id = ${id}`.execute(w.trx).then(() => undefined);

/**
 * A four-eyes refusal (DOMAIN.md "Four-eyes on money out"): 409 naming the rule, the record and the person it
 * keeps out. It is audited on the record (`four_eyes_refused`, the action and the rule, with the actor) in a
 * transaction of its own once the refused write has rolled back, so the trail shows who tried what.
 */
export function fourEyesRefused(
  ctx: Pick<AppContext, 'db'>,
  w: WriteContext,
  refused: { type: string; id: number; action: string },
  rule: string,
  reference: string,
  person: { id: number; name: string } | null,
): HttpError {
  w.onRollback(() =>
    ctx.db.transaction().execute((trx) => audit(trx, { action: 'four_eyes_refused', type: refused.type, id: refused.id, changes: { action: [null, refused.action], rule: [null, rule] }, userId: w.user.id })),
  );
  return new HttpError(409, { error: rule, errors: { base: [rule] }, rule, reference, person });
}

/** Leaving `exported` (pay out, mark incorrect) leaves a file not yet downloaded (`leaveFile`). */
export const transitionActions = (ctx: Pick<AppContext, 'storage' | 'db'>): Record<string, Action<PaymentEntity>> => ({
  // The state it left is kept for resume (migration 0021's payments_hold check pairs them).
  pause: {
    flag: TRANSITIONS.pause.flag,
    roles: transitionRoles('pause'),
    bulk: true,
    run: (w, current) => setState(w, current.id, sql`state = ${TRANSITIONS.pause.to}, state_before_hold = state`),
  },
  resume: {
    flag: TRANSITIONS.resume.flag,
    roles: transitionRoles('resume'),
    bulk: true,
    run: (w, current) => setState(w, current.id, sql`state = state_before_hold, state_before_hold = NULL`),
  },
  mark_incorrect: {
    flag: TRANSITIONS.mark_incorrect.flag,
    roles: transitionRoles('mark_incorrect'),
    bulk: true,
    run: async (w, current) => {
      await leaveFile(ctx, w, current.id);
      await setState(w, current.id, sql`state = ${TRANSITIONS.mark_incorrect.to}`);
    },
  },
  // Two concurrent pay-outs: the second waits for the row lock, then finds paid_out, whose flag is false.
  // Four eyes (checked on the locked row like the flag): the verifier of the invoice is refused with 409,
  // the rule and the person, and the whole selection with them.
  pay_out: {
    flag: (current) => current[TRANSITIONS.pay_out.flag] || current.flag_reasons.can_be_paid_out !== undefined,
    roles: transitionRoles('pay_out'),
    bulk: true,
    run: async (w, current) => {
      const rule = current.flag_reasons.can_be_paid_out;
      if (rule) throw fourEyesRefused(ctx, w, { type: 'Payment', id: current.id, action: 'pay_out' }, rule, current.reference, current.verified_by);
      await leaveFile(ctx, w, current.id);
      await setState(w, current.id, sql`state = ${TRANSITIONS.pay_out.to}, paid_at = now()`);
    },
  },
});
