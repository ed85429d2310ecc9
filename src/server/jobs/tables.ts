import type { Generated } from 'kysely';
import type { CreatedAt } from '../db/schema.js';

/** A job beside the entity it belongs to (none for a mail or a scheduled clean-up), with its progress. */
export interface JobLinksTable {
  job_id: string;
  name: string;
  entity_type: string | null;
  entity_id: number | null;
  state: Generated<JobState>;
  idempotency_key: string | null;
  attempts: Generated<number>;
  progress_done: number | null;
  progress_total: number | null;
  progress_message: string | null;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  finished_at: Date | null;
  /** The process (`job_workers`) working it while it is active. */
  worker_id: string | null;
}

export interface JobWorkersTable {
  id: string;
  started_at: Generated<Date>;
  seen_at: Generated<Date>;
}

export type JobState = 'queued' | 'active' | 'completed' | 'failed';

declare module '../db/schema.js' {
  interface Database {
    job_links: JobLinksTable;
    job_workers: JobWorkersTable;
  }
}
