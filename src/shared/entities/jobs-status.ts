/**
 * The cheap read a screen repeats (every ~500 ms) only while a record's jobs run (issue 24, item 6):
 * whether any still runs, and which, so the screen learns within a second that they ended.
 */
export interface JobsStatus {
  jobs_pending: boolean;
  /** Names of the running jobs where the screen says what runs (a payout's import, allocation, payment run). */
  pending_jobs: string[];
}
