import type { Db } from '../../src/server/db/connection.js';
import type { ApiHarness, TestUser } from './api.js';
import { organizationValues } from './records.js';
import '../../src/server/modules/payments/tables.js';

/**
 * Contracts, sources, payouts and allocated revenue rows straight in the tables, for the payment run's
 * tests (the run reads tables; how rows get there is the import's and allocation's business).
 */
export interface ShareSpec {
  type: 'all' | 'direct' | 'indirect' | 'red' | 'ecommerce' | 'shorts';
  formula: 'rev_share' | 'fixed_income' | 'cap';
  rev_share?: string;
  baseline?: string;
  fixed_income?: string;
  threshold?: string;
}

export interface ContractSpec {
  org: number;
  currency: string;
  start: string;
  end?: string | null;
  state?: string;
  shares: ShareSpec[];
  /** Vendors' percentages (a vendor each). */
  vendors: string[];
  sources: number[];
}

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

export async function newOrg(db: Db): Promise<number> {
  const n = next();
  const org = await db
    .insertInto('organizations')
    .values(
      organizationValues({ name: `Run Org ${n}`, number: String(900 + n), vendor_source_prefix_external: String(100 + n), vendor_source_prefix_internal: String(400 + n), vendor_source_prefix_network: String(700 + n) }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return org.id;
}

export async function newSource(db: Db, org: number, ref = `RUN-SRC-${next()}`, type: 'youtube_label' | 'youtube_channel' = 'youtube_label'): Promise<number> {
  return (await db.insertInto('revenue_sources').values({ type, reference_id: ref, organization_id: org } as never).returning('id').executeTakeFirstOrThrow()).id;
}

/** A contract (signed unless told) with its shares, vendors and sources; answers its id and contract vendor ids. */
export async function newContract(db: Db, spec: ContractSpec): Promise<{ id: number; cvs: number[] }> {
  const contract = await db
    .insertInto('contracts')
    .values({ organization_id: spec.org, contract_type: 'adsense', currency: spec.currency, start_date: spec.start, end_date: spec.end ?? null, state: spec.state ?? 'signed', credit_note_type: 'short' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const s of spec.shares) {
    await db
      .insertInto('contract_revenue_shares')
      .values({ contract_id: contract.id, type: s.type, formula: s.formula, rev_share: s.rev_share ?? null, baseline: s.baseline ?? null, fixed_income: s.fixed_income ?? null, threshold: s.threshold ?? null } as never)
      .execute();
  }
  const cvs: number[] = [];
  for (const [position, share] of spec.vendors.entries()) {
    const n = next();
    const vendor = await db.insertInto('vendors').values({ organization_id: spec.org, number: 50_000 + n, name: `Run Vendor ${n}`, type: 'company' }).returning('id').executeTakeFirstOrThrow();
    cvs.push((await db.insertInto('contract_vendors').values({ contract_id: contract.id, vendor_id: vendor.id, share_percentage: share, position }).returning('id').executeTakeFirstOrThrow()).id);
  }
  if (spec.sources.length > 0) await db.insertInto('contract_revenue_sources').values(spec.sources.map((s) => ({ contract_id: contract.id, revenue_source_id: s })) as never).execute();
  return { id: contract.id, cvs };
}

export async function newPayout(db: Db, month: string, types: string[] = ['adsense', 'direct'], rates: [string, string, string][] = []): Promise<number> {
  const p = await db.insertInto('payouts').values({ month, payout_types: types }).returning('id').executeTakeFirstOrThrow();
  for (const [base, target, rate] of rates) await db.insertInto('currency_rates').values({ date: month, base_currency: base, target_currency: target, rate, payout_id: p.id }).execute();
  return p.id;
}

export interface RevenueRowSpec {
  /** null: not allocated. */
  source: number | null;
  type: string;
  revenue: string;
  currency?: string;
}

export async function addRevenue(db: Db, payout: number, rows: readonly RevenueRowSpec[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('payout_revenues')
    .values(rows.map((r) => ({ payout_id: payout, payout_file_id: 0, revenue_type: r.type, revenue: r.revenue, currency: r.currency ?? 'USD', revenue_source_id: r.source, allocated_by: r.source === null ? null : 'manual' })))
    .execute();
}

/** Starts the run through the API (202) and waits for its job. */
export async function runThroughApi(api: ApiHarness, payout: number, as: TestUser): Promise<void> {
  const res = await api.request({ method: 'POST', url: `/api/payouts/${payout}/payments`, as });
  if (res.statusCode !== 202) throw new Error(`run refused: ${res.statusCode} ${res.body}`);
  await api.settled();
}

/** The payments of a payout per contract vendor: amount and currency. */
export async function paymentsOf(db: Db, payout: number): Promise<{ contract_vendor_id: number; amount: string; currency: string }[]> {
  return db.selectFrom('payments').select(['contract_vendor_id', 'amount', 'currency']).where('payout_id', '=', payout).orderBy('contract_vendor_id').execute();
}
