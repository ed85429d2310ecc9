import type { CreatedAt, Id, Json } from '../../db/schema.js';

export interface AuditLogsTable {
  id: Id;
  action: string;
  auditable_type: string;
  auditable_id: number;
  version: number;
  audited_changes: Json<Record<string, unknown>>;
  /** The actor: the id stays after the user is deleted (no foreign key), the e-mail is stored with it. */
  user_id: number | null;
  user_email: string | null;
  created_at: CreatedAt;
}

declare module '../../db/schema.js' {
  interface Database {
    audit_logs: AuditLogsTable;
  }
}
