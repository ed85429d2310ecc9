import { sql } from 'kysely';
import type { CurrentUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { write } from '../../http/resource.js';
import { defineJob } from '../../jobs/queue.js';
import { dateIn } from '../../../shared/time-zone.js';
import { audit, changedAttributes } from '../audit/audit.js';
import { applyChange } from './change-requests.js';
import { loadVendors, VENDOR_AUDIT_IGNORE } from './queries.js';

/** The audit action of a confirmed change applied on its day. */
export const APPLY_ACTION = 'apply_change_request';

/**
 * Applies the confirmed changes whose `valid_from` has come where their organization is (DOMAIN.md
 * "Vendors": the changes apply from `valid_from`): each vendor in its own transaction on its locked row,
 * checked again there, audited as `apply_change_request` by the admin who confirmed it. A change that can
 * no longer be written (its IBAN now another vendor's) stays waiting and is counted as failed; the others
 * apply. Answers how many applied and failed.
 */
export async function applyDueChanges(db: Db, now: Date = new Date(), vendorIds?: readonly number[]): Promise<{ applied: number; failed: number }> {
  let q = db
    .selectFrom('vendors')
    .innerJoin('organizations as o', 'o.id', 'vendors.organization_id')
    .select(['vendors.id', 'o.time_zone', sql<string>`vendors.change_request ->> 'valid_from'`.as('valid_from')])
    .where(sql<boolean>`(vendors.change_request ->> 'agreement_status') = 'confirmed'`)
    .orderBy('vendors.id');
  if (vendorIds) q = q.where('vendors.id', '=', sql<number>`ANY(${[...vendorIds]}::bigint[])`);
  const due = (await q.execute()).filter((v) => v.valid_from <= dateIn(v.time_zone, now));
  let applied = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      if (await applyOne(db, id, now)) applied++;
    } catch {
      failed++;
    }
  }
  return { applied, failed };
}

async function applyOne(db: Db, id: number, now: Date): Promise<boolean> {
  const row = await db.selectFrom('vendors').select(sql<number | null>`(change_request ->> 'confirmed_by')::bigint`.as('by')).where('id', '=', id).executeTakeFirst();
  // The confirming admin is the actor; the audit entry reads only the id.
  const actor: CurrentUser = { id: Number(row?.by ?? 0), email: '', first_name: '', last_name: '', roles: [], sessionId: 0 };
  return write(db, actor, async (w) => {
    const locked = await sql<{ id: number }>`SELECT id FROM vendors WHERE id = ${id} FOR UPDATE`.execute(w.trx);
    if (locked.rows.length === 0) return false;
    const stored = await w.trx
      .selectFrom('vendors')
      .innerJoin('organizations as o', 'o.id', 'vendors.organization_id')
      .select(['vendors.change_request', 'o.time_zone'])
      .where('vendors.id', '=', id)
      .executeTakeFirstOrThrow();
    const request = stored.change_request;
    // Cancelled, or applied by another worker, while this one waited for the lock.
    if (request?.agreement_status !== 'confirmed' || !request.valid_from || request.valid_from > dateIn(stored.time_zone, now)) return false;
    const [before] = await loadVendors(w.trx, [id]);
    await applyChange(w, before, request);
    await w.trx.updateTable('vendors').set({ valid_from: request.valid_from, change_request: null }).where('id', '=', id).execute();
    const [after] = await loadVendors(w.trx, [id]);
    const omit = (v: object) => Object.fromEntries(Object.entries(v).filter(([k]) => !VENDOR_AUDIT_IGNORE.includes(k)));
    await sql`UPDATE vendors SET updated_at = now(), lock_version = lock_version + 1 WHERE id = ${id}`.execute(w.trx);
    await audit(w.trx, { action: APPLY_ACTION, type: 'Vendor', id, changes: changedAttributes(omit(before), omit(after)), userId: request.confirmed_by ?? null });
    return true;
  });
}

/** Hourly: a change applies within the first hour of its day wherever its organization is. */
export const applyScheduledChangesJob = defineJob({
  name: 'vendors.apply-scheduled-changes',
  schedule: { cron: '5 * * * *' },
  async run(job, ctx) {
    const { applied, failed } = await applyDueChanges(ctx.db);
    await job.progress(applied, applied + failed, `${applied} vendor changes applied${failed ? `, ${failed} failed` : ''}`);
  },
});
