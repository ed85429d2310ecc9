import type { AppContext } from '../../context.js';
import type { Action } from '../../http/actions.js';
import type { PaymentEntity } from './queries.js';
import { cancelExportActions } from '../payment-files/cancel-export.js';
import { cancelActions } from './cancel.js';
import { invoiceActions } from './invoice.js';
import { payeeActions } from './payee.js';
import { transitionActions } from './transitions.js';

export type PaymentAction = Action<PaymentEntity>;

/**
 * Every action of /api/payments, by name (spec 3, 7.2). Each area declares its own in its own file and
 * is spread in here (payment files: cancel_export). The bucket tools (add_to_payment_bucket /
 * remove_from_payment_bucket) have their own routes in `bucket-actions.ts`: a 400 refusal and set-based writes. An action names its flag (`lifecycle.ts`) and the flag's roles.
 */
export function paymentActions(ctx: AppContext): Record<string, PaymentAction> {
  return {
    ...transitionActions(ctx),
    ...invoiceActions(ctx),
    ...cancelActions,
    ...payeeActions,
    ...cancelExportActions(ctx),
  };
}
