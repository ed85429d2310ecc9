import { defineJob, type InTransaction, type Jobs } from '../../jobs/queue.js';
import { applyDueChanges } from '../vendors/scheduled-changes.js';
import { runPayments } from './run.js';

export const PAYMENTS_JOB = 'payouts.create_payments';

export interface PaymentsJobData {
  payout_id: number;
  user_id: number | null;
}

/** One queued and one running run per payout (`stately`); sent in the request's transaction. */
export function sendPaymentsJob(jobs: Jobs, w: InTransaction, data: PaymentsJobData) {
  return jobs.send(w, PAYMENTS_JOB, data, { entity: { type: 'Payout', id: data.payout_id }, singletonKey: String(data.payout_id) });
}

/** A retried or resumed run skips the contracts whose batch committed (see `runBatch`). */
export const paymentsJob = defineJob<PaymentsJobData>({
  name: PAYMENTS_JOB,
  policy: 'stately',
  // A run whose worker died is retried once pg-boss expires it. 10,000 contracts take seconds
  // (README, payments bench), so the 15 minutes default leaves ample room and resumes a crash sooner.
  expireInSeconds: 15 * 60,
  async run(job, ctx) {
    // Payments take the vendors' data valid on their creation day: changes whose day came apply first.
    await applyDueChanges(ctx.db);
    await runPayments(ctx.db, job.data.payout_id, job.data.user_id, { batchSize: ctx.config.paymentRunBatch });
    await job.progress(1, 1);
  },
});
