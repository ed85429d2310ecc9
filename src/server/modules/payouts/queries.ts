import { sql } from 'kysely';
import type { Payout, PayoutFile, PayoutType, ReconciliationRow, RevenueType } from '../../../shared/entities/payout.js';
import type { PayoutFileKind } from '../../../shared/validation/payouts.js';
import { revenueTypesFor } from '../../../shared/validation/payouts.js';
import { Decimal } from '../../../shared/money.js';
import type { Db } from '../../db/connection.js';
import type { Jobs } from '../../jobs/queue.js';
import { HttpError } from '../../http/errors.js';
import { payingContracts, unpaidReason } from '../contracts/terms-in-force.js';
import { payoutsWithPayments } from './hooks.js';
import './tables.js';

export type PayoutEntity = Payout<Date>;
export type PayoutFileEntity = PayoutFile<Date>;

/** `jobs_pending`: an import is pending on its file, an allocation or its undo on the payout. */
export const FILE_ENTITY = 'PayoutFile';
export const PAYOUT_ENTITY = 'Payout';

export const fileUrl = (payoutId: number, fileId: number) => `/api/payouts/${payoutId}/files/${fileId}`;

/**
 * Why a payout's revenue, files and rates cannot change now (DOMAIN "Revenue import"): a job of the
 * payout runs (an import, an allocation or its undo, the payment run) or it has payments; null when
 * they can. Read on the locked payout by every write that changes what the run pays.
 */
export type PayoutLockReason = 'jobs_pending' | 'payments_exist';

export function lockReasonOf(paid: boolean, busy: boolean): PayoutLockReason | null {
  return paid ? 'payments_exist' : busy ? 'jobs_pending' : null;
}

/** The 409 of a write refused while the payout is locked: `{error: 'payout_locked', reason}`. */
export class PayoutLocked extends HttpError {
  constructor(public readonly reason: PayoutLockReason) {
    super(409, { error: 'payout_locked', reason });
  }
}

/** Refuses (409 with the reason) a write to a payout whose `locked_reason` is set; `payout` is read on the locked row. */
export function refuseWhileLocked(payout: Pick<PayoutEntity, 'locked_reason'>): void {
  if (payout.locked_reason) throw new PayoutLocked(payout.locked_reason);
}

/** The files of these payouts, with whether an import job is still pending on each; a locked payout's files stay. */
export async function loadFiles(db: Db, jobs: Jobs, payoutIds: readonly number[], locked: ReadonlySet<number>): Promise<PayoutFileEntity[]> {
  if (payoutIds.length === 0) return [];
  const rows = await db.selectFrom('payout_files').selectAll().where('payout_id', 'in', payoutIds).orderBy('id').execute();
  const pending = await jobs.pendingFor(FILE_ENTITY, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    payout_id: r.payout_id,
    name: r.name,
    extension: r.extension,
    size: Number(r.size),
    version: r.version,
    report_name: r.report_name as PayoutFileKind,
    content_owner_id: r.content_owner_id,
    created_at: r.created_at,
    imported_at: r.imported_at,
    last_error: r.last_error,
    rows_count: r.rows_count === null ? null : Number(r.rows_count),
    url: fileUrl(r.payout_id, r.id),
    // A file whose import runs holds its row; it can go once the job ended (imported or failed) while the payout is not locked.
    can_be_deleted: !pending.has(r.id) && !locked.has(r.payout_id),
    can_preview_revenues: r.imported_at !== null && r.revenue_type !== null,
  }));
}

/**
 * Per revenue type and currency (never added across currencies): imported, allocated, unallocated, and
 * allocated paid under a contract (the one that pays the source's month, with a share for the type) and
 * without one (no contract, or no share for the type: `unpaidReason`).
 */
export async function reconciliation(db: Db, payoutId: number, month: string): Promise<ReconciliationRow[]> {
  const rows = await sql<{ revenue_type: RevenueType; currency: string; imported: string; allocated: string; unallocated: string; with_contract: string; without_contract: string }>`
    SELECT v.revenue_type, v.currency,
      coalesce(sum(v.revenue), 0)::text AS imported,
      coalesce(sum(v.revenue) FILTER (WHERE v.revenue_source_id IS NOT NULL), 0)::text AS allocated,
      coalesce(sum(v.revenue) FILTER (WHERE v.revenue_source_id IS NULL), 0)::text AS unallocated,
      coalesce(sum(v.revenue) FILTER (WHERE v.revenue_source_id IS NOT NULL AND ${unpaidReason()} IS NULL), 0)::text AS with_contract,
      coalesce(sum(v.revenue) FILTER (WHERE v.revenue_source_id IS NOT NULL AND ${unpaidReason()} IS NOT NULL), 0)::text AS without_contract
    FROM payout_revenues v
    LEFT JOIN (${payingContracts(month)}) pc ON pc.revenue_source_id = v.revenue_source_id
    WHERE v.payout_id = ${payoutId}
    GROUP BY v.revenue_type, v.currency ORDER BY v.revenue_type, v.currency`.execute(db);
  return rows.rows.map((r) => {
    const d = (v: string) => new Decimal(v);
    const balanced = d(r.imported).equals(d(r.allocated).plus(d(r.unallocated))) && d(r.allocated).equals(d(r.with_contract).plus(d(r.without_contract)));
    return { ...r, balanced };
  });
}

/** Job names still running per payout (imports of its files, allocations and their undo). */
export async function pendingJobNames(db: Db, payoutIds: readonly number[]): Promise<Map<number, string[]>> {
  const rows = await sql<{ payout_id: number; name: string }>`
    SELECT DISTINCT coalesce(f.payout_id, l.entity_id) AS payout_id, l.name
    FROM job_links l
    JOIN pgboss.job j ON j.name = l.name AND j.id = l.job_id
    LEFT JOIN payout_files f ON l.entity_type = ${FILE_ENTITY} AND f.id = l.entity_id
    WHERE l.state IN ('queued', 'active') AND j.state IN ('created', 'retry', 'active')
      AND ((l.entity_type = ${PAYOUT_ENTITY} AND l.entity_id = ANY(${[...payoutIds]}::bigint[]))
        OR (l.entity_type = ${FILE_ENTITY} AND f.payout_id = ANY(${[...payoutIds]}::bigint[])))`.execute(db);
  const map = new Map<number, string[]>();
  for (const r of rows.rows) {
    const id = Number(r.payout_id);
    const label = r.name.replace(/^payouts\./, '');
    map.set(id, [...(map.get(id) ?? []), label].sort());
  }
  return map;
}

/** Payouts as answered: files, flags from the server, pending jobs and the reconciliation totals. */
export async function loadPayouts(db: Db, jobs: Jobs, ids: readonly number[], opts: { totals?: boolean } = {}): Promise<PayoutEntity[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('payouts').selectAll().where('id', 'in', ids).execute();
  const withPayments = await payoutsWithPayments(db, ids);
  const pending = await pendingJobNames(db, ids);
  const locked = new Set(ids.filter((id) => withPayments.has(id) || (pending.get(id) ?? []).length > 0));
  const files = await loadFiles(db, jobs, ids, locked);
  const revenueCounts = await sql<{ payout_id: number; has_rows: boolean; has_allocated: boolean; all_new: boolean }>`
    SELECT p.id AS payout_id,
      NOT EXISTS (SELECT 1 FROM payments m WHERE m.payout_id = p.id AND m.state <> 'new') AS all_new,
      EXISTS (SELECT 1 FROM payout_revenues v WHERE v.payout_id = p.id) AS has_rows,
      EXISTS (SELECT 1 FROM payout_revenues v WHERE v.payout_id = p.id AND v.revenue_source_id IS NOT NULL) AS has_allocated
    FROM payouts p WHERE p.id = ANY(${[...ids]}::bigint[])`.execute(db);
  const has = new Map(revenueCounts.rows.map((r) => [Number(r.payout_id), r]));
  const out: PayoutEntity[] = [];
  for (const r of rows) {
    const types = r.payout_types as PayoutType[];
    const revenueTypes = revenueTypesFor(types);
    const allocated = r.allocated_revenue_types.filter((t) => (revenueTypes as string[]).includes(t)) as RevenueType[];
    const running = pending.get(r.id) ?? [];
    const paid = withPayments.has(r.id);
    const busy = running.length > 0;
    const state = has.get(r.id);
    out.push({
      id: r.id,
      month: r.month,
      label: r.label,
      payout_types: types,
      revenue_types: revenueTypes,
      allocated_revenue_types: allocated,
      files: files.filter((f) => f.payout_id === r.id),
      payment_bucket: null,
      jobs_pending: busy,
      pending_jobs: running,
      has_payments: paid,
      can_create_payments: !paid && !busy && !!state?.has_allocated,
      can_delete_payments: paid && !busy && !!state?.all_new,
      can_allocate_revenues: !paid && !busy && !!state?.has_rows && allocated.length < revenueTypes.length,
      can_delete_revenues: !paid && !busy && (allocated.length > 0 || !!state?.has_allocated),
      can_edit_currency_rates: !paid && !busy,
      can_upload_files: !paid && !busy,
      locked_reason: lockReasonOf(paid, busy),
      can_be_deleted: !paid && !busy,
      reconciliation: opts.totals ? await reconciliation(db, r.id, r.month) : [],
      created_at: r.created_at,
    });
  }
  return out;
}
