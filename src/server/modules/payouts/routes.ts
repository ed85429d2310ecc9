import { balancesOf, lockContractVendors } from '../payments/ledger.js';
import { toDecimal } from '../../../shared/money.js';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { RevenueWithoutContract } from '../../../shared/entities/payout.js';
import { type CreatePayoutInput, validateCreatePayout, validatePayoutCurrencyRates, validateRevenueTypes, revenueTypesFor } from '../../../shared/validation/payouts.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { HttpError, notFound, ValidationFailed } from '../../http/errors.js';
import { listSpec } from '../../http/list-source.js';
import { payoutsList } from '../../../shared/lists/payouts.js';
import { recordWriter, type Resource, resourceRoutes, unstorableText, failIf, valid } from '../../http/resource.js';
import type { CarriedBalance, PaymentsSummaryRow } from '../../../shared/entities/payment.js';
import { audit } from '../audit/audit.js';
import { registerAuditedType } from '../audit/routes.js';
import { sendPaymentsJob } from '../payments/job.js';
import { paymentsPreview } from '../payments/preview.js';
import { checkRates, payoutRates } from '../payments/run.js';
import { neededPairs } from '../payments/run-revenue.js';
import { registerRevenueSourceUsage } from '../revenue-sources/queries.js';
import { ALLOCATE_JOB, RELEASE_JOB, sendRevenueJob } from './allocation-jobs.js';
import { payingContracts, unpaidReason } from '../contracts/terms-in-force.js';
import { payoutFileRoutes } from './file-routes.js';
import { loadPayouts, pendingJobNames, type PayoutEntity, refuseWhileLocked } from './queries.js';
import type { JobsStatus } from '../../../shared/entities/jobs-status.js';
import { addNeededRates, createPayout, destroyPayout, payoutCurrencyRates, saveCurrencyRates } from './service.js';

/** Spec 3, 6: payouts need the payouts role (admin passes every check). */
export const PAYOUT_ROLES = ['payouts'];

export const PAYOUT_LIST = listSpec(payoutsList, {
  sort: { id: 'payouts.id', month: 'payouts.month', created_at: 'payouts.created_at', label: { column: 'payouts.label', nullable: true } },
  defaultSort: { column: 'month', direction: 'desc' },
  filters: { month: 'payouts.month' },
  search: ['payouts.label'],
});

/** Computed, per-viewer or child data: not the payout's own fields, so not audited. */
const AUDIT_IGNORE = [
  'files',
  'revenue_types',
  'jobs_pending',
  'pending_jobs',
  'has_payments',
  'payment_bucket',
  'reconciliation',
  'can_create_payments',
  'can_delete_payments',
  'can_allocate_revenues',
  'can_delete_revenues',
  'can_edit_currency_rates',
  'can_upload_files',
  'locked_reason',
  'can_be_deleted',
];

registerRevenueSourceUsage('payouts', async (db, id) => {
  const used = await db.selectFrom('payout_revenues').select('id').where('revenue_source_id', '=', id).limit(1).executeTakeFirst();
  return !!used;
});

function payoutResource(ctx: AppContext): Resource<PayoutEntity, CreatePayoutInput> {
  return {
    base: '/api/payouts',
    name: 'payout',
    table: 'payouts',
    auditType: 'Payout',
    roles: PAYOUT_ROLES,
    list: { ...PAYOUT_LIST, from: (db) => db.selectFrom('payouts').select('payouts.id'), tieBreaker: 'payouts.id' },
    // The totals read every row of a payout: answered when one payout is read, not for a list page.
    load: (db, ids) => loadPayouts(db, ctx.jobs, ids, { totals: ids.length === 1 }),
    parse: (payload) => valid(validateCreatePayout(payload)),
    create: (w, input) => createPayout(w, input),
    destroy: async (w, current) => {
      if (!current.can_be_deleted) throw new ValidationFailed({ base: ['in_use'] });
      const keys = await destroyPayout(w, current.id);
      w.afterCommit(async () => {
        await Promise.all(keys.map((k) => ctx.storage.remove(k).catch(() => undefined)));
      });
    },
    auditIgnore: AUDIT_IGNORE,
  };
}

/** The body's revenue types (JSON body or query string, as DELETE bodies are not always sent), checked against the payout's. */
function revenueTypesOf(body: unknown, query: unknown, payout: PayoutEntity): string[] {
  const raw = body && typeof body === 'object' && 'revenue_types' in body ? body : query;
  failIf(unstorableText(raw));
  return valid(validateRevenueTypes(raw, payout.revenue_types)).revenue_types;
}

/** /api/payouts (spec 3, 7.3): payouts, their currency rates, files, allocation and revenue summaries. */
export function payoutRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const resource = payoutResource(ctx);
  const writer = recordWriter(db, resource);
  registerAuditedType('Payout', PAYOUT_ROLES);
  registerAuditedType('PayoutFile', PAYOUT_ROLES);
  resourceRoutes(app, ctx, resource);
  payoutFileRoutes(app, ctx, writer);

  // The content owners' file-name parts (5.3), so the upload dialog checks the owner in the browser for
  // staff who may upload but not read content owners.
  app.get('/api/payouts/report_filename_parts', { config: { roles: PAYOUT_ROLES } }, async () => {
    const rows = await db.selectFrom('content_owners').select('report_filename_part').orderBy('report_filename_part').execute();
    return rows.map((r) => r.report_filename_part).filter(Boolean);
  });

  // What the payout's page asks every ~500 ms while its jobs run (issue 24, item 6): one query, no totals.
  app.get<{ Params: { id: string } }>('/api/payouts/:id/jobs', { config: { roles: PAYOUT_ROLES } }, async (request): Promise<JobsStatus> => {
    const id = await writer.idOf(request.params.id);
    if (!(await db.selectFrom('payouts').select('id').where('id', '=', id).executeTakeFirst())) throw notFound();
    const running = (await pendingJobNames(db, [id])).get(id) ?? [];
    return { jobs_pending: running.length > 0, pending_jobs: running };
  });

  app.get<{ Params: { id: string } }>('/api/payouts/:id/currency_rates', { config: { roles: PAYOUT_ROLES } }, async (request) => {
    const id = await writer.idOf(request.params.id);
    // Only whether it exists (the full answer would add up every revenue row of the payout), locked, so
    // that pairs its revenue came to need since are added only while its rates may change.
    await db.transaction().execute(async (trx) => {
      const payout = await trx.selectFrom('payouts').select(['id', 'month']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!payout) throw notFound();
      const [current] = await loadPayouts(trx, ctx.jobs, [id]);
      if (!current.locked_reason) await addNeededRates(trx, payout);
    });
    return { currency_rates: await payoutCurrencyRates(db, id) };
  });

  app.post<{ Params: { id: string } }>('/api/payouts/:id/currency_rates', { config: { roles: PAYOUT_ROLES } }, async (request) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    const body = (request.body ?? {}) as Record<string, unknown>;
    failIf(unstorableText(body));
    const input = valid(validatePayoutCurrencyRates(body));
    await writer.one(user, id, 'update_currency_rates', (w, { current }) => saveCurrencyRates(w, current, input));
    return { currency_rates: await payoutCurrencyRates(db, id) };
  });

  /** Allocation and its undo run as jobs (4.2), sent in the transaction that checked the flag on the locked payout. */
  const revenueJob = (method: 'POST' | 'DELETE', path: string, name: typeof ALLOCATE_JOB | typeof RELEASE_JOB) =>
    app.route<{ Params: { id: string } }>({
      method,
      url: `/api/payouts/:id/${path}`,
      config: { roles: PAYOUT_ROLES },
      handler: async (request, reply) => {
        const user = currentUser(request);
        const id = await writer.idOf(request.params.id);
        await writer.one(user, id, name, async (w, { current }) => {
          const types = revenueTypesOf(request.body, request.query, current);
          refuseWhileLocked(current);
          const allowed = name === ALLOCATE_JOB ? current.can_allocate_revenues : current.can_delete_revenues;
          if (!allowed) throw new ValidationFailed({ base: ['ineligible'] });
          if (name === ALLOCATE_JOB && types.every((t) => (current.allocated_revenue_types as string[]).includes(t))) {
            throw new ValidationFailed({ revenue_types: ['invalid'] });
          }
          const sent = await sendRevenueJob(ctx.jobs, w, name, { payout_id: id, revenue_types: types, user_id: user.id });
          if (!sent) throw new ValidationFailed({ base: ['ineligible'] });
        });
        return reply.code(202).send(await writer.answer(db, id, user));
      },
    });
  revenueJob('POST', 'allocate_revenues', ALLOCATE_JOB);
  revenueJob('DELETE', 'revenues', RELEASE_JOB);

  /**
   * The payment run (DOMAIN "Payment run"): a job sent in the transaction that checked the flag on the
   * locked payout; a missing or zero rate is refused here already, naming the pair, before anything runs.
   */
  app.post<{ Params: { id: string } }>('/api/payouts/:id/payments', { config: { roles: PAYOUT_ROLES } }, async (request, reply) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    await writer.one(user, id, 'create_payments', async (w, { current }) => {
      if (!current.can_create_payments) throw new ValidationFailed({ base: ['ineligible'] });
      checkRates(await neededPairs(w.trx, id, current.month), await payoutRates(w.trx, id));
      if (!(await sendPaymentsJob(ctx.jobs, w, { payout_id: id, user_id: user.id }))) throw new ValidationFailed({ base: ['ineligible'] });
      await audit(w.trx, { action: 'create_payments', type: 'Payout', id, changes: {}, userId: user.id });
    });
    return reply.code(202).send(await writer.answer(db, id, user));
  });

  /**
   * Deletes the payout's payments while every one is still `new` (DOMAIN.md "Payment run" step 7): the flag
   * is read on the locked payout, then the payments are locked and checked again, since an action on one
   * payment (attach an invoice, add to a bucket) locks that payment, not its payout. One that moved on
   * refuses the whole delete with 409 naming it; nothing is deleted.
   */
  app.delete<{ Params: { id: string } }>('/api/payouts/:id/payments', { config: { roles: PAYOUT_ROLES } }, async (request) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    await writer.one(user, id, 'delete_payments', async (w, { current }) => {
      if (!current.can_delete_payments) throw new ValidationFailed({ base: ['ineligible'] });
      const { rows: locked } = await sql<{ id: number; reference: string; state: string }>`
        SELECT id::int AS id, reference, state FROM payments WHERE payout_id = ${id} ORDER BY id FOR UPDATE`.execute(w.trx);
      const moved = locked.filter((p) => p.state !== 'new');
      if (moved.length > 0) {
        const references = moved.map((p) => p.reference);
        throw new HttpError(409, { error: 'payments_moved_on', errors: { base: [`payments_moved_on: ${references.join(', ')}`] }, references });
      }
      // A balance this payout earned to and another payout or a cancel moved on from (a carried amount paid
      // since) would go wrong without this payout's earning: refused, naming the vendors. Checked on the locked balances.
      const { rows: earners } = await sql<{ id: number }>`
        SELECT contract_vendor_id::int AS id FROM balance_entries WHERE payout_id = ${id} AND kind = 'earning' AND payment_id IS NULL`.execute(w.trx);
      await lockContractVendors(w.trx, earners.map((e) => e.id));
      const { rows: onward } = await sql<{ name: string }>`
        SELECT DISTINCT v.name FROM balance_entries e
        JOIN balance_entries later ON later.contract_vendor_id = e.contract_vendor_id AND later.id > e.id AND later.payout_id IS DISTINCT FROM e.payout_id
        JOIN vendors v ON v.id = e.vendor_id
        WHERE e.payout_id = ${id} AND e.kind = 'earning' AND e.payment_id IS NULL ORDER BY v.name`.execute(w.trx);
      if (onward.length > 0) {
        const names = onward.map((r) => r.name);
        throw new HttpError(409, { error: 'balances_moved_on', errors: { base: [`balances_moved_on: ${names.join(', ')}`] }, vendors: names });
      }
      const gone = await w.trx.deleteFrom('payments').where('id', 'in', locked.length ? locked.map((p) => p.id) : [0]).returning('id').execute();
      // The payout's earnings go with its payments: the balances return to what they were before the run.
      await w.trx.deleteFrom('balance_entries').where('payout_id', '=', id).where('kind', '=', 'earning').where('payment_id', 'is', null).execute();
      // The fixed incomes the run recorded for this payout are paid no more: another payout of the month may pay them.
      await w.trx.deleteFrom('fixed_income_months').where('payout_id', '=', id).execute();
      await audit(w.trx, { action: 'delete_payments', type: 'Payout', id, changes: { payments: [gone.length, 0] }, userId: user.id });
    });
    return writer.answer(db, id, user);
  });

  /** Payments per organization and currency (spec 3, 3.2's summary rows). */
  app.get<{ Params: { id: string } }>('/api/payouts/:id/payments_summary', { config: { roles: PAYOUT_ROLES } }, async (request) => {
    const id = await writer.idOf(request.params.id);
    await writer.answer(db, id, currentUser(request));
    const rows = await sql<PaymentsSummaryRow>`
      SELECT o.id::int AS organization_id, o.name AS organization_name, p.currency, count(*)::int AS payments_count,
        sum(p.amount)::text AS amount, sum(p.vat_amount)::text AS vat_amount, sum(p.wht_amount)::text AS wht_amount,
        sum(p.total_amount)::text AS total_amount
      FROM payments p JOIN organizations o ON o.id = p.organization_id
      WHERE p.payout_id = ${id}
      GROUP BY o.id, o.name, p.currency ORDER BY o.name, o.id, p.currency`.execute(db);
    return { entries: rows.rows };
  });

  /** What the payout earned but did not pay, and why (DOMAIN.md "Payment run" step 4): the balances it carries. */
  app.get<{ Params: { id: string } }>('/api/payouts/:id/carried_balances', { config: { roles: PAYOUT_ROLES } }, async (request) => {
    const id = await writer.idOf(request.params.id);
    await writer.answer(db, id, currentUser(request));
    const { rows } = await sql<Omit<CarriedBalance, 'balance' | 'minimum_payout' | 'reason' | 'vendor'> & { vendor_id: number; vendor_name: string }>`
      SELECT e.contract_vendor_id::int AS contract_vendor_id, cv.contract_id::int AS contract_id, v.id::int AS vendor_id, v.name AS vendor_name,
             e.currency, e.amount::text AS earned
      FROM balance_entries e JOIN contract_vendors cv ON cv.id = e.contract_vendor_id JOIN vendors v ON v.id = e.vendor_id
      WHERE e.payout_id = ${id} AND e.kind = 'earning' AND e.payment_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM balance_entries p WHERE p.payout_id = ${id} AND p.kind = 'payment' AND p.contract_vendor_id = e.contract_vendor_id)
      ORDER BY v.name, e.contract_vendor_id`.execute(db);
    const balances = await balancesOf(db, rows.map((r) => r.contract_vendor_id));
    const entries: CarriedBalance[] = rows.map(({ vendor_id, vendor_name, ...r }) => {
      const b = balances.get(r.contract_vendor_id)!;
      return { ...r, vendor: { id: vendor_id, name: vendor_name }, balance: b.amount, minimum_payout: b.minimum, reason: toDecimal(b.amount).greaterThan(0) ? 'below_minimum' : 'not_positive' };
    });
    return { entries };
  });

  /**
   * What the payment run would create (beyond the spec): per contract and vendor the revenue by share
   * type, the formula with its numbers, the split, VAT, WHT and total, by the run's own code.
   */
  app.get<{ Params: { id: string } }>('/api/payouts/:id/payments_preview', { config: { roles: PAYOUT_ROLES } }, async (request) => {
    const id = await writer.idOf(request.params.id);
    const payout = await writer.answer(db, id, currentUser(request));
    return paymentsPreview(db, { id, month: payout.month });
  });

  /** Allocated and unallocated revenue per content owner, revenue type and currency (3.3). */
  app.get<{ Params: { id: string } }>('/api/payouts/:id/revenues', { config: { roles: PAYOUT_ROLES } }, async (request) => {
    const id = await writer.idOf(request.params.id);
    const payout = await writer.answer(db, id, currentUser(request));
    const rows = await sql<{ content_owner_id: number | null; content_owner_name: string | null; revenue_type: string; currency: string; revenue_allocated: string; revenue_unallocated: string }>`
      SELECT v.content_owner_id, co.display_name AS content_owner_name, v.revenue_type, v.currency,
        coalesce(sum(v.revenue) FILTER (WHERE v.revenue_source_id IS NOT NULL), 0)::text AS revenue_allocated,
        coalesce(sum(v.revenue) FILTER (WHERE v.revenue_source_id IS NULL), 0)::text AS revenue_unallocated
      FROM payout_revenues v LEFT JOIN content_owners co ON co.id = v.content_owner_id
      WHERE v.payout_id = ${id}
      GROUP BY v.content_owner_id, co.display_name, v.revenue_type, v.currency
      ORDER BY co.display_name NULLS LAST, v.content_owner_id, v.revenue_type, v.currency`.execute(db);
    return { entries: rows.rows, revenue_types: revenueTypesFor(payout.payout_types), allocated_revenue_types: payout.allocated_revenue_types, reconciliation: payout.reconciliation };
  });

  /**
   * Allocated revenue the run does not pay under a contract (3.3; DOMAIN "Allocation"), per source,
   * currency and reason: no signed contract covers the month, or the contract paying the month has no
   * share for the revenue's type. Nothing allocated is left out: with the rows paid under a contract
   * they add up to everything allocated.
   */
  app.get<{ Params: { id: string } }>('/api/payouts/:id/revenues_without_contracts', { config: { roles: PAYOUT_ROLES } }, async (request) => {
    const id = await writer.idOf(request.params.id);
    const payout = await writer.answer(db, id, currentUser(request));
    const rows = await sql<RevenueWithoutContract>`
      SELECT s.reference_id AS assigned_id, CASE WHEN s.type = 'youtube_label' THEN 'label' ELSE 'channel' END AS assigned_type,
        s.id::int AS revenue_source_id, array_agg(DISTINCT v.revenue_type ORDER BY v.revenue_type) AS revenue_types,
        sum(v.revenue)::text AS revenue, v.currency, x.reason, pc.contract_id::int AS contract_id
      FROM payout_revenues v
      JOIN revenue_sources s ON s.id = v.revenue_source_id
      LEFT JOIN (${payingContracts(payout.month)}) pc ON pc.revenue_source_id = v.revenue_source_id
      CROSS JOIN LATERAL (SELECT ${unpaidReason()} AS reason) x
      WHERE v.payout_id = ${id} AND x.reason IS NOT NULL
      GROUP BY s.id, s.reference_id, s.type, v.currency, x.reason, pc.contract_id
      ORDER BY s.reference_id, s.id, v.currency, x.reason`.execute(db);
    return { entries: rows.rows };
  });
}
