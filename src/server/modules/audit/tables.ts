import type { CreatedAt, Id, Json } from '../../db/schema.js';

export interface AuditLogsTable {
  id: Id;
  action: string;
  auditable_type: string;
  auditable_id: number;
  version: number;
  audited_changes: Json<Record<string, unknown>>;
  user_id: number | null;
  created_at: CreatedAt;
}

export interface JobLinksTable {
  job_id: string;
  name: string;
  entity_type: string;
  entity_id: number;
  created_at: CreatedAt;
  finished_at: Date | null;
}

declare module '../../db/schema.js' {
  interface Database {
    audit_logs: AuditLogsTable;
    job_links: JobLinksTable;
  }
}
