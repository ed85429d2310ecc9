import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { BALANCE_ROLES, type BalanceEntry, type ContractVendorBalance } from '../../../shared/entities/balance-entry.js';
import { toDecimal } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../http/errors.js';
import { type ListSpec, parseListQuery, runList } from '../../http/list-query.js';
import { listSpec } from '../../http/list-source.js';
import { balanceEntriesList } from '../../../shared/lists/balance-entries.js';
import { recordId, valid } from '../../http/resource.js';
import { statementPeriod } from '../../../shared/validation/balance-statement.js';
import { loadBalanceStatement } from './balance-statement.js';
import { balanceStatementCsv } from './balance-statement-csv.js';
import { renderBalanceStatementPdf } from './balance-statement-pdf.js';
import { balancesOf } from '../payments/ledger.js';
import '../payments/tables.js';

/** The vendor's entries as listed: each with its running balance, over all entries of its contract vendor (not only those a filter keeps). */
interface LedgerView {
  be: { id: number; contract_vendor_id: number; kind: string; month: string; amount: string; created_at: Date };
}

/** `GET /api/vendors/{id}/balance_entries` (DOMAIN.md "The ledger's API"): sorts and filters. */
export const BALANCE_ENTRIES_LIST: ListSpec<LedgerView> = listSpec<typeof balanceEntriesList, LedgerView>(balanceEntriesList, {
  sort: { id: 'be.id', month: 'be.month', amount: 'be.amount', created_at: 'be.created_at' },
  defaultSort: { column: 'id', direction: 'asc' },
  filters: { contract_vendor_id: 'be.contract_vendor_id', month: 'be.month', kind: 'be.kind' },
});

async function vendorId(db: Db, param: string): Promise<number> {
  const id = recordId(param);
  const vendor = id === undefined ? undefined : await db.selectFrom('vendors').select('id').where('id', '=', id).executeTakeFirst();
  if (!vendor) throw notFound();
  return vendor.id;
}

export function vendorBalanceRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>('/api/vendors/:id/balance_entries', { config: { roles: BALANCE_ROLES } }, async (request) => {
    const id = await vendorId(db, request.params.id);
    const list = parseListQuery<LedgerView>(request.query, BALANCE_ENTRIES_LIST);
    const ledger = sql<LedgerView['be'] & { payment_id: number | null; payout_id: number | null; currency: string; description: string; balance_after: string }>`(SELECT e.*, sum(e.amount) OVER (PARTITION BY e.contract_vendor_id ORDER BY e.id) AS balance_after FROM balance_entries e WHERE e.vendor_id = ${id})`;
    const qb = db
      .selectFrom(ledger.as('be'))
      .innerJoin('contract_vendors as cv', 'cv.id', 'be.contract_vendor_id')
      .leftJoin('payments as p', 'p.id', 'be.payment_id')
      .select([
        sql<number>`be.id::int`.as('id'),
        sql<number>`be.contract_vendor_id::int`.as('contract_vendor_id'),
        sql<number>`cv.contract_id::int`.as('contract_id'),
        sql<number | null>`be.payout_id::int`.as('payout_id'),
        sql<number | null>`be.payment_id::int`.as('payment_id'),
        'p.reference as payment_reference',
        sql<string>`be.kind`.as('kind'),
        sql<string>`to_char(be.month, 'YYYY-MM-DD')`.as('month'),
        sql<string>`be.amount::text`.as('amount'),
        sql<string>`be.currency`.as('currency'),
        sql<string>`be.description`.as('description'),
        sql<Date>`be.created_at`.as('created_at'),
        sql<string>`be.balance_after::text`.as('balance_after'),
      ]);
    return runList<BalanceEntry<Date>, LedgerView>(db, qb, list, BALANCE_ENTRIES_LIST, 'be.id');
  });

  app.get<{ Params: { id: string } }>('/api/vendors/:id/balance', { config: { roles: BALANCE_ROLES } }, async (request) => {
    const id = await vendorId(db, request.params.id);
    const cvs = await db
      .selectFrom('contract_vendors as cv')
      .innerJoin('contracts as c', 'c.id', 'cv.contract_id')
      .select(['cv.id', 'cv.contract_id', 'c.currency'])
      .where('cv.vendor_id', '=', id)
      .orderBy('cv.contract_id')
      .orderBy('cv.id')
      .execute();
    const balances = await balancesOf(db, cvs.map((cv) => cv.id));
    const entries: ContractVendorBalance[] = cvs.map((cv) => {
      const b = balances.get(cv.id)!;
      return { contract_vendor_id: cv.id, contract_id: cv.contract_id, currency: cv.currency, balance: b.amount, carried: !toDecimal(b.amount).isZero(), minimum_payout: b.minimum };
    });
    return { entries };
  });

  /**
   * `GET /api/vendors/{id}/balance_statement.pdf|csv?from=yyyy-MM&to=yyyy-MM`: the vendor's balance statement
   * for those months (opening, entries with the running balance, totals per kind, closing), per contract vendor.
   */
  for (const format of ['pdf', 'csv'] as const) {
    app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(`/api/vendors/:id/balance_statement.${format}`, { config: { roles: BALANCE_ROLES } }, async (request, reply) => {
      const id = await vendorId(db, request.params.id);
      const period = valid(statementPeriod(request.query ?? {}));
      const data = await loadBalanceStatement(db, id, period, new Date().toISOString().slice(0, 10));
      if (!data) throw notFound();
      const name = `balance-statement-${data.vendor.full_number.replace(/[^A-Za-z0-9._-]/g, '_')}-${period.from}-${period.to}.${format}`;
      return reply
        .type(format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(format === 'pdf' ? await renderBalanceStatementPdf(data) : balanceStatementCsv(data));
    });
  }
}
