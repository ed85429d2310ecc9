import { type RawBuilder, sql } from 'kysely';
import type { RevenueShare } from '../../../shared/entities/contract.js';
import { SEPARATE_SHARE } from '../../../shared/payment-math.js';
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

/** `(contract_id, type)` of every contract's shares in force on `day` (see `sharesInForce`), as a subquery. */
function shareTypesInForce(day: string): RawBuilder<unknown> {
  return sql`
    SELECT s.contract_id, s.type FROM contract_revenue_shares s
    WHERE NOT EXISTS (SELECT 1 FROM contract_replaced_revenue_shares r WHERE r.contract_id = s.contract_id AND r.ended_on > ${day}::date)
    UNION ALL
    SELECT r.contract_id, r.type FROM contract_replaced_revenue_shares r JOIN (${replacedAfter('contract_replaced_revenue_shares', day)}) f USING (contract_amendment_id)`;
}

/**
 * The one contract that pays each source's revenue of the payout month `month` (DOMAIN "Allocation"):
 * among the signed (or terminated) contracts whose active range overlaps the month and that hold the
 * source in their terms in force, the one covering the month's first day, else the one whose active
 * range starts first within the month (so: the earliest `active_from`; ties, which approval refuses
 * since, to the lowest id). Answers `(revenue_source_id, contract_id, combined, share_types)`:
 * whether the contract's shares are the combined set, and the share types it has in force.
 */
export function payingContracts(month: string): RawBuilder<unknown> {
  return sql`
    SELECT DISTINCT ON (crs.revenue_source_id) crs.revenue_source_id, c.id AS contract_id,
      coalesce(s.combined, false) AS combined, coalesce(s.share_types, '{}') AS share_types
    FROM (${sourcesInForce(month)}) crs
    JOIN contracts c ON c.id = crs.contract_id
    LEFT JOIN (
      SELECT contract_id, bool_and(type IN ('all', 'direct')) AS combined, array_agg(type::text) AS share_types
      FROM (${shareTypesInForce(month)}) t GROUP BY contract_id) s ON s.contract_id = c.id
    WHERE c.active_from IS NOT NULL
      AND c.active_from <= (${month}::date + interval '1 month' - interval '1 day')::date
      AND (c.active_to IS NULL OR c.active_to >= ${month}::date)
    ORDER BY crs.revenue_source_id, c.active_from, c.id`;
}

/** The share type (text) a revenue type counts under for a contract whose `combined` flag is the column `combined` (`shareTypeOf` in SQL). */
export function shareTypeSql(combined: RawBuilder<unknown>, revenueType: RawBuilder<unknown>): RawBuilder<string> {
  const separate = Object.entries(SEPARATE_SHARE).map(([type, share]) => sql`WHEN ${sql.lit(type)} THEN ${sql.lit(share)}`);
  return sql<string>`(CASE WHEN ${combined} THEN (CASE WHEN ${revenueType} = 'direct' THEN 'direct' ELSE 'all' END) ELSE (CASE ${revenueType} ${sql.join(separate, sql` `)} END) END)`;
}

/**
 * Why an allocated revenue row of a payout is not paid under a contract, as SQL over a row `v` joined
 * (LEFT) to `payingContracts` as `pc`: `no_contract` (no signed contract covers the month),
 * `no_share` (its contract has no share for the row's type), else null (paid under `pc.contract_id`).
 */
export function unpaidReason(): RawBuilder<string | null> {
  return sql<string | null>`(CASE WHEN pc.contract_id IS NULL THEN 'no_contract'
    WHEN NOT (${shareTypeSql(sql`pc.combined`, sql`v.revenue_type`)} = ANY(pc.share_types)) THEN 'no_share' END)`;
}
