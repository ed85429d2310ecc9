import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { defineJob, type InTransaction, type Jobs } from '../../jobs/queue.js';
import { audit } from '../audit/audit.js';
import { allocateRows, releaseRows } from './allocation.js';
import { payoutsWithPayments } from './hooks.js';
import { PAYOUT_ENTITY } from './queries.js';

export const ALLOCATE_JOB = 'payouts.allocate_revenues';
export const RELEASE_JOB = 'payouts.delete_revenues';

export interface RevenueJobData {
  payout_id: number;
  revenue_types: string[];
  user_id: number | null;
}

export function sendRevenueJob(jobs: Jobs, w: InTransaction, name: typeof ALLOCATE_JOB | typeof RELEASE_JOB, data: RevenueJobData) {
  // One queued and one running job per payout (`stately`): a second request while one waits is not queued twice.
  return jobs.send(w, name, data, { entity: { type: PAYOUT_ENTITY, id: data.payout_id }, singletonKey: String(data.payout_id) });
}

/**
 * Allocates (or releases) the payout's revenue of these types in ONE transaction on the locked payout:
 * all rows of a type or none. Only types not yet allocated are allocated and only allocated ones
 * released, so running it twice (a retry, a duplicate request) changes nothing the second time.
 * Answers the rows placed or released, or null when there was nothing to do.
 */
export async function runRevenueJob(ctx: Pick<AppContext, 'db'>, mode: 'allocate' | 'release', data: RevenueJobData): Promise<number | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const payout = await trx.selectFrom('payouts').select(['id', 'allocated_revenue_types']).where('id', '=', data.payout_id).forUpdate().executeTakeFirst();
    if (!payout) return null;
    if ((await payoutsWithPayments(trx, [payout.id])).has(payout.id)) return null;
    const allocated = new Set(payout.allocated_revenue_types);
    const types = data.revenue_types.filter((t) => (mode === 'allocate' ? !allocated.has(t) : true));
    if (types.length === 0) return null;
    const count = mode === 'allocate' ? await allocateRows(trx, payout.id, types) : await releaseRows(trx, payout.id, types);
    const after = mode === 'allocate' ? [...allocated, ...types].sort() : [...allocated].filter((t) => !types.includes(t)).sort();
    await trx
      .updateTable('payouts')
      .set({ allocated_revenue_types: after, updated_at: new Date(), lock_version: sql`lock_version + 1` })
      .where('id', '=', payout.id)
      .execute();
    await audit(trx, {
      action: mode === 'allocate' ? 'allocate_revenues' : 'delete_revenues',
      type: 'Payout',
      id: payout.id,
      changes: { allocated_revenue_types: [[...allocated].sort(), after], rows: [null, count] },
      userId: data.user_id,
    });
    return count;
  });
}

export const allocateJob = defineJob<RevenueJobData>({
  name: ALLOCATE_JOB,
  policy: 'stately',
  expireInSeconds: 60 * 60,
  async run(job, ctx) {
    await runRevenueJob(ctx, 'allocate', job.data);
    await job.progress(1, 1);
  },
});

export const releaseJob = defineJob<RevenueJobData>({
  name: RELEASE_JOB,
  policy: 'stately',
  expireInSeconds: 60 * 60,
  async run(job, ctx) {
    await runRevenueJob(ctx, 'release', job.data);
    await job.progress(1, 1);
  },
});
