import { sql } from 'kysely';
import { hasAnyRole } from '../../../shared/roles.js';
import type { AppContext } from '../../context.js';
import { notFound, ValidationFailed } from '../../http/errors.js';
import type { RecordWriter, WriteContext } from '../../http/resource.js';
import { paymentActions } from './actions.js';
import type { PaymentEntity } from './queries.js';
import { loadPayments } from './queries.js';

/**
 * Runs a payment action inside the caller's transaction (the demo seed, which walks payments through
 * their lifecycle): the same steps as the HTTP write path, on the locked row: its roles and flag for
 * `w.user`, the action's change, the version bump and the audit entry with the actor.
 */
export async function applyPaymentAction(
  ctx: AppContext,
  writer: RecordWriter<PaymentEntity>,
  w: WriteContext,
  id: number,
  name: string,
  params: Record<string, unknown> = {},
): Promise<void> {
  const def = paymentActions(ctx)[name];
  if (!def) throw notFound();
  await sql`SELECT id FROM payments WHERE id = ${id} FOR UPDATE`.execute(w.trx);
  const [current] = await loadPayments(w.trx, [id], w.user);
  if (!current) throw notFound();
  const flag = def.flag;
  const allowed = flag === undefined ? true : typeof flag === 'function' ? flag(current, w.user) : current[flag] === true;
  if (!allowed || (def.roles && !hasAnyRole(w.user.roles, def.roles))) throw new ValidationFailed({ base: ['ineligible'] });
  await def.run(w, current, params);
  await writer.recorded(w, current, name);
}
