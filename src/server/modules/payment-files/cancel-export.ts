import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Action } from '../../http/actions.js';
import { leaveFile } from './file-writes.js';
import { TRANSITIONS, transitionRoles } from '../../../shared/payment-lifecycle.js';
import type { PaymentEntity } from '../payments/queries.js';
import './tables.js';

/**
 * cancel_export (spec 3, 4.1, 7.2): an exported payment whose file was not downloaded goes back to
 * `payout_pending` and leaves the file's content (`leaveFile`). Bulk: all or none.
 */
export const cancelExportActions = (ctx: Pick<AppContext, 'storage'>): Record<string, Action<PaymentEntity>> => ({
  cancel_export: {
    flag: TRANSITIONS.cancel_export.flag,
    roles: transitionRoles('cancel_export'),
    bulk: true,
    run: async (w, current) => {
      await leaveFile(ctx, w, current.id);
      await sql`UPDATE payments SET state = ${TRANSITIONS.cancel_export.to} WHERE id = ${current.id}`.execute(w.trx);
    },
  },
});
