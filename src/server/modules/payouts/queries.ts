import { sql } from 'kysely';
import type { Payout, PayoutFile, PayoutType, ReconciliationRow, RevenueType } from '../../../shared/entities/payout.js';
import type { PayoutFileKind } from '../../../shared/validation/payouts.js';
import { revenueTypesFor } from '../../../shared/validation/payouts.js';
import { Decimal } from '../../../shared/money.js';
import type { Db } from '../../db/connection.js';
import type { Jobs } from '../../jobs/queue.js';
import { coveredSources } from './allocation.js';
import { payoutsWithPayments } from './hooks.js';
import './tables.js';

export type PayoutEntity = Payout<Date>;
export type PayoutFileEntity = PayoutFile<Date>;

/** `jobs_pending`: an import is pending on its file, an allocation or its undo on the payout. */
export const FILE_ENTITY = 'PayoutFile';
export const PAYOUT_ENTITY = 'Payout';

export const fileUrl = (payoutId: number, fileId: number) => `/api/payouts/${payoutId}/files/${fileId}`;

/** The files of these payouts, with whether an import job is still pending on each. */
export async function loadFiles(db: Db, jobs: Jobs, payoutIds: readonly number[], withPayments: Set<number>): Promise<PayoutFileEntity[]> {
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
    // A file whose import runs holds its row; it can go once the job ended (imported or failed).
    can_be_deleted: !pending.has(r.id) && !withPayments.has(r.payout_id),
    can_preview_revenues: r.imported_at !== null && r.revenue_type !== null,
  }));
}

/** Per revenue type: imported, allocated, unallocated, and allocated with and without a contract covering the month. */
export async function reconciliation(db: Db, payoutId: number, month: string): Promise<ReconciliationRow[]> {
  const rows = await sql<{ revenue_type: RevenueType; imported: string; allocated: string; unallocated: string; with_contract: string; without_contract: string }>`
    SELECT v.revenue_type,
      coalesce(sum(v.revenue), 0)::text AS imported,
      coalesce(sum(v.revenue) FILTER (WHERE v.revenue_source_id IS NOT NULL), 0)::text AS allocated,
      coalesce(sum(v.revenue) FILTER (WHERE v.revenue_source_id IS NULL), 0)::text AS unallocated,
      coalesce(sum(v.revenue) FILTER (WHERE c.revenue_source_id IS NOT NULL), 0)::text AS with_contract,
      coalesce(sum(v.revenue) FILTER (WHERE v.revenue_source_id IS NOT NULL AND c.revenue_source_id IS NULL), 0)::text AS without_contract
    FROM payout_revenues v
    LEFT JOIN (${coveredSources(month)}) c ON c.revenue_source_id = v.revenue_source_id
    WHERE v.payout_id = ${payoutId}
    GROUP BY v.revenue_type ORDER BY v.revenue_type`.execute(db);
  return rows.rows.map((r) => {
    const d = (v: string) => new Decimal(v);
    const balanced = d(r.imported).equals(d(r.allocated).plus(d(r.unallocated))) && d(r.allocated).equals(d(r.with_contract).plus(d(r.without_contract)));
    return { ...r, balanced };
  });
}

/** Job names still running per payout (imports of its files, allocations and their undo). */
async function pendingJobNames(db: Db, payoutIds: readonly number[]): Promise<Map<number, string[]>> {
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
  const files = await loadFiles(db, jobs, ids, withPayments);
  const pending = await pendingJobNames(db, ids);
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
      can_edit_currency_rates: !paid,
      can_be_deleted: !paid && !busy,
      reconciliation: opts.totals ? await reconciliation(db, r.id, r.month) : [],
      created_at: r.created_at,
    });
  }
  return out;
}
