import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { RevenueType } from '../../../shared/entities/payout';
import { payingContracts, unpaidReason } from '../contracts/terms-in-force.js';

export interface ContractRevenueRow {
  source_id: number;
  revenue_type: RevenueType;
  /** The currency the report stated for these rows (each converts with the payout's rate of its pair). */
  currency: string;
  revenue: string;
}

/**
 * Every contract's revenue of the payout, summed per source, revenue type and currency in ONE pass over
 * the payout's rows (a hash join on the contract that pays each source's month, `payingContracts`).
 * Only rows the contract has a share for: the others are revenues without contracts (reason `no_share`).
 * Per contract, the same query would scan all of the payout's rows again, since
 * `payout_revenues.revenue_source_id` is not indexed (on purpose).
 */
export async function revenueByContract(db: Db, payoutId: number, month: string): Promise<Map<number, ContractRevenueRow[]>> {
  const { rows } = await sql<ContractRevenueRow & { contract_id: number }>`
    SELECT pc.contract_id::int AS contract_id, v.revenue_source_id::int AS source_id, v.revenue_type, v.currency, sum(v.revenue)::text AS revenue
    FROM payout_revenues v JOIN (${payingContracts(month)}) pc ON pc.revenue_source_id = v.revenue_source_id
    WHERE v.payout_id = ${payoutId} AND ${unpaidReason()} IS NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`.execute(db);
  const out = new Map<number, ContractRevenueRow[]>();
  for (const { contract_id, ...r } of rows) {
    const list = out.get(contract_id);
    if (list) list.push(r);
    else out.set(contract_id, [r]);
  }
  return out;
}

/** A currency pair the payout's rates must hold. */
export interface CurrencyPair {
  base: string;
  target: string;
}

/** The pairs the run converts with: each revenue currency to the currency of the contract that pays it, where they differ. */
export async function neededPairs(db: Db, payoutId: number, month: string): Promise<CurrencyPair[]> {
  const { rows } = await sql<CurrencyPair>`
    SELECT DISTINCT v.currency AS base, c.currency AS target
    FROM payout_revenues v JOIN (${payingContracts(month)}) pc ON pc.revenue_source_id = v.revenue_source_id
    JOIN contracts c ON c.id = pc.contract_id
    WHERE v.payout_id = ${payoutId} AND ${unpaidReason()} IS NULL AND v.currency <> c.currency
    ORDER BY 1, 2`.execute(db);
  return rows;
}
