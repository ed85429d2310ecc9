import { type RawBuilder, sql } from 'kysely';
import type { RevenueShare } from '../../../shared/entities/contract.js';
import type { Db } from '../../db/connection.js';

/**
 * The contracts' terms in force on a day (DOMAIN "Contracts": a payout month runs on those of its first day).
 * Per contract and kind of term: what its earliest amendment applied after that day replaced (kept by
 * `keepReplacedTerms`, migration 0027), else the current terms.
 */

/** Per contract, the earliest amendment after `day` that replaced the terms kept in `table`. */
const replacedAfter = (table: string, day: string) => sql`
  SELECT DISTINCT ON (contract_id) contract_id, contract_amendment_id FROM ${sql.table(table)}
  WHERE ended_on > ${day}::date ORDER BY contract_id, ended_on, contract_amendment_id`;

/** `(contract_id, revenue_source_id)` of every contract's sources in force on `day`, as a subquery to join. */
export function sourcesInForce(day: string): RawBuilder<unknown> {
  return sql`
    SELECT crs.contract_id, crs.revenue_source_id FROM contract_revenue_sources crs
    WHERE NOT EXISTS (SELECT 1 FROM contract_replaced_revenue_sources r WHERE r.contract_id = crs.contract_id AND r.ended_on > ${day}::date)
    UNION ALL
    SELECT r.contract_id, r.revenue_source_id FROM contract_replaced_revenue_sources r
    JOIN (${replacedAfter('contract_replaced_revenue_sources', day)}) f USING (contract_amendment_id)`;
}

/** A contract's share in force; for a share an amendment has replaced since, `id` is the id its row had. */
export type ShareInForce = RevenueShare & { contract_id: number };

/** The contracts' revenue shares in force on `day` (in the order they were made), in one query for any number of contracts. */
export async function sharesInForce(db: Db, contractIds: readonly number[], day: string): Promise<ShareInForce[]> {
  if (contractIds.length === 0) return [];
  const { rows } = await sql<ShareInForce>`
    SELECT s.contract_id::int AS contract_id, s.id::int AS id, s.type, s.formula, s.rev_share, s.baseline, s.fixed_income, s.threshold, s.id AS position
    FROM contract_revenue_shares s
    WHERE s.contract_id = ANY(${contractIds}::bigint[])
      AND NOT EXISTS (SELECT 1 FROM contract_replaced_revenue_shares r WHERE r.contract_id = s.contract_id AND r.ended_on > ${day}::date)
    UNION ALL
    SELECT r.contract_id::int, r.share_id::int, r.type, r.formula, r.rev_share, r.baseline, r.fixed_income, r.threshold, r.share_id
    FROM contract_replaced_revenue_shares r JOIN (${replacedAfter('contract_replaced_revenue_shares', day)}) f USING (contract_amendment_id)
    WHERE r.contract_id = ANY(${contractIds}::bigint[])
    ORDER BY contract_id, position`.execute(db);
  return rows;
}
