import type { Db } from '../../src/server/db/connection.js';
import '../../src/server/modules/audit/tables.js';

/** The audit entries of one record, oldest first. */
export function auditTrail(db: Db, type: string, id: number) {
  return db
    .selectFrom('audit_logs')
    .select(['action', 'version', 'audited_changes', 'user_id'])
    .where('auditable_type', '=', type)
    .where('auditable_id', '=', id)
    .orderBy('version')
    .execute();
}
