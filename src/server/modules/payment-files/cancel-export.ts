import { sql } from 'kysely';
import type { Action } from '../../http/actions.js';
import { FLAG_ROLES } from '../payments/lifecycle.js';
import type { PaymentEntity } from '../payments/queries.js';
import './tables.js';

/**
 * cancel_export (spec 3, 4.1, 7.2): an exported payment goes back to `payout_pending` and leaves its
 * payment file, whose content still lists it until `update_file` rewrites it. Bulk: all or none.
 */
export const cancelExportActions: Record<string, Action<PaymentEntity>> = {
  cancel_export: {
    flag: 'can_cancel_export',
    roles: FLAG_ROLES.can_cancel_export,
    bulk: true,
    run: async (w, current) => {
      await sql`UPDATE payments SET state = 'payout_pending', payment_file_id = NULL WHERE id = ${current.id}`.execute(w.trx);
    },
  },
};
