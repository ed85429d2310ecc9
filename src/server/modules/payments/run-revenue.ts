import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { RevenueType } from '../../../shared/entities/payout';
import { sourcesInForce } from '../contracts/terms-in-force.js';

export interface ContractRevenueRow {
  source_id: number;
  revenue_type: RevenueType;
  revenue: string;
}

/**
 * Every contract's revenue of the payout, summed per source and revenue type in ONE pass over the
 * payout's rows (a hash join on the contracts' sources in force on the payout's `month`). Per contract, the same query would scan all
 * of the payout's rows again, since `payout_revenues.revenue_source_id` is not indexed (on purpose).
 */
export async function revenueByContract(db: Db, payoutId: number, month: string): Promise<Map<number, ContractRevenueRow[]>> {
  const { rows } = await sql<ContractRevenueRow & { contract_id: number }>`
    SELECT crs.contract_id::int AS contract_id, v.revenue_source_id::int AS source_id, v.revenue_type, sum(v.revenue)::text AS revenue
    FROM payout_revenues v JOIN (${sourcesInForce(month)}) crs ON crs.revenue_source_id = v.revenue_source_id
    WHERE v.payout_id = ${payoutId}
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(db);
  const out = new Map<number, ContractRevenueRow[]>();
  for (const { contract_id, ...r } of rows) {
    const list = out.get(contract_id);
    if (list) list.push(r);
    else out.set(contract_id, [r]);
  }
  return out;
}
