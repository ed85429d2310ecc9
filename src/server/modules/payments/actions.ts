import type { AppContext } from '../../context.js';
import type { Action } from '../../http/actions.js';
import type { PaymentEntity } from './queries.js';
import { transitionActions } from './transitions.js';

export type PaymentAction = Action<PaymentEntity>;

/**
 * Every action of /api/payments, by name (spec 3, 7.2). Each area declares its own in its own file and
 * is spread in here (buckets: add_to_payment_bucket / remove_from_payment_bucket; payment files:
 * cancel_export). An action names its flag (`lifecycle.ts`) and the flag's roles.
 */
export function paymentActions(_ctx: AppContext): Record<string, PaymentAction> {
  return {
    ...transitionActions,
  };
}
