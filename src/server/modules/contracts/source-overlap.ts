import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { isCalendarDate } from '../../../shared/validation/core.js';
import type { Db } from '../../db/connection.js';
import { ValidationFailed } from '../../http/errors.js';

/** Another contract that holds some of the sources on a day of the range asked about. */
export interface SourceConflict {
  contract_id: number;
  reference_ids: string[];
}

/**
 * The contracts other than `contractId` that hold one of `sourceIds` while their active range (once
 * signed; from approval on, the range they will have: start to end date) shares a day with `from`..`to`
 * (`to` null: open-ended). DOMAIN "Allocation": one contract per source and day, so that a source's month
 * is paid under exactly one. `lock` locks the sources (in id order) first, so that two approvals of
 * contracts with the same source cannot both pass.
 */
export async function sourceConflicts(
  db: Db,
  contractId: number | null,
  sourceIds: readonly number[],
  from: string,
  to: string | null,
  opts: { lock?: boolean } = {},
): Promise<SourceConflict[]> {
  if (sourceIds.length === 0) return [];
  const ids = [...new Set(sourceIds)].sort((a, b) => a - b);
  if (opts.lock) await sql`SELECT id FROM revenue_sources WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`.execute(db);
  const { rows } = await sql<SourceConflict>`
    SELECT o.id::int AS contract_id, array_agg(DISTINCT s.reference_id ORDER BY s.reference_id) AS reference_ids
    FROM contract_revenue_sources crs
    JOIN contracts o ON o.id = crs.contract_id
    JOIN revenue_sources s ON s.id = crs.revenue_source_id
    WHERE crs.revenue_source_id = ANY(${ids}::bigint[]) AND o.id IS DISTINCT FROM ${contractId}::bigint
      AND o.state IN ('signing_pending', 'signed', 'terminated')
      AND coalesce(o.active_from, o.start_date) <= coalesce(${to}::date, 'infinity'::date)
      AND coalesce(o.active_to, o.end_date, 'infinity'::date) >= ${from}::date
    GROUP BY o.id ORDER BY o.id`.execute(db);
  return rows;
}

/** `contract_overlap: 12 (SRC-1, SRC-2)` naming each other contract and its shared sources. */
export const conflictDetail = (conflicts: readonly SourceConflict[]) => conflicts.map((c) => `${c.contract_id} (${c.reference_ids.join(', ')})`).join('; ');

/** Refuses (422, `revenue_source_ids: contract_overlap: ...`) when `sourceConflicts` finds any, the sources locked. */
export async function refuseSourceConflicts(db: Db, contractId: number, sourceIds: readonly number[], from: string, to: string | null): Promise<void> {
  const conflicts = await sourceConflicts(db, contractId, sourceIds, from, to, { lock: true });
  if (conflicts.length > 0) throw new ValidationFailed({ revenue_source_ids: [`contract_overlap: ${conflictDetail(conflicts)}`] });
}

const ID = /^\d{1,15}$/;

/**
 * `GET /api/contracts/source_conflicts?revenue_source_ids=1,2&start_date=&end_date=&contract_id=`: the
 * contracts that would refuse this term's approval (or an amendment's apply), so that the form warns
 * before submit. `contract_id` is the contract being edited (its own sources are no conflict).
 */
export function sourceConflictsRoute(app: FastifyInstance, db: Db, roles: readonly string[]): void {
  app.get('/api/contracts/source_conflicts', { config: { roles } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const ids = typeof query.revenue_source_ids === 'string' ? query.revenue_source_ids.split(',').filter((s) => s !== '') : [];
    const errors: Record<string, string[]> = {};
    if (ids.length > 500 || !ids.every((s) => ID.test(s))) errors.revenue_source_ids = ['invalid'];
    if (!isCalendarDate(query.start_date)) errors.start_date = ['invalid'];
    if (query.end_date !== undefined && query.end_date !== '' && !isCalendarDate(query.end_date)) errors.end_date = ['invalid'];
    if (query.contract_id !== undefined && query.contract_id !== '' && !(typeof query.contract_id === 'string' && ID.test(query.contract_id))) errors.contract_id = ['invalid'];
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    const contractId = typeof query.contract_id === 'string' && query.contract_id !== '' ? Number(query.contract_id) : null;
    const to = typeof query.end_date === 'string' && query.end_date !== '' ? query.end_date : null;
    return { conflicts: await sourceConflicts(db, contractId, ids.map(Number), query.start_date as string, to) };
  });
}
