import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { recordWriter, type Resource, resourceRoutes } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { paymentActions } from './actions.js';
import { advanceRoutes } from './advance.js';
import { correctionCandidates } from './cancel.js';
import { invoiceRoutes } from './invoice.js';
import { DETAIL_ROLES, FLAG_ROLES, SCOPED_LIST_ROLES, scopedListAllowed } from '../../../shared/payment-lifecycle.js';
import { loadPayments, type PaymentEntity } from './queries.js';
import { statementRoutes } from './statement-routes.js';
import { listSource } from '../../http/list-source.js';
import { paymentsList } from '../../../shared/lists/payments.js';

const anyOf = (value: unknown) => (Array.isArray(value) ? value : [value]);

/** The contract vendor's vendor (spec 3, 7.2); a payment keeps its contract vendor's vendor in `vendor_id`. */
const vendorFilter = (v: unknown) => sql<SqlBool>`payments.vendor_id = ANY(${anyOf(v)}::bigint[])`;

/** Spec 3, 2.1: the filters and sorts of the payments list. */
export const PAYMENT_LIST = listSource(paymentsList, {
  from: (db) => db.selectFrom('payments').select('payments.id'),
  tieBreaker: 'payments.id',
  sort: {
    id: 'payments.id',
    reference: 'payments.reference',
    total_amount: 'payments.total_amount',
    vat_amount: 'payments.vat_amount',
    wht_amount: 'payments.wht_amount',
    amount: 'payments.amount',
    start_date: 'payments.start_date',
    state: 'payments.state',
    paid_at: { column: 'payments.paid_at', nullable: true },
    created_at: 'payments.created_at',
  },
  defaultSort: { column: 'id', direction: 'desc' },
  filters: {
    type: 'payments.type',
    state: 'payments.state',
    organization_id: 'payments.organization_id',
    currency: 'payments.currency',
    amount: 'payments.amount',
    start_date: 'payments.start_date',
    vendor_id: vendorFilter,
    // The spec's name for it (`contract_vendor` `vendor_id` list).
    contract_vendor_vendor_id: vendorFilter,
    contract_id: 'payments.contract_id',
    payout_id: 'payments.payout_id',
  },
  search: ['payments.reference'],
});

/** Computed per viewer (flags), derived or child data: not the payment's own fields, so not audited as changes. */
const AUDIT_IGNORE = [
  'can_be_added_to_bucket',
  'can_be_removed_from_bucket',
  'can_be_paused',
  'can_be_resumed',
  'can_cancel_export',
  'can_be_incorrect',
  'can_attach_invoice',
  'can_be_verified',
  'can_be_paid_out',
  'can_be_cancelled',
  'flag_reasons',
  'cancellable',
  'past_due_date',
  'line_items',
  'organization',
  'vendor',
  'payout',
  'payment_bucket',
];

export function paymentResource(ctx: AppContext): Resource<PaymentEntity, never> {
  return {
    base: '/api/payments',
    name: 'payment',
    table: 'payments',
    auditType: 'Payment',
    // Every action names its own roles (lifecycle.ts); payments are created by the run, never by a POST.
    roles: ['payments_admin'],
    readRoles: DETAIL_ROLES,
    listRoles: SCOPED_LIST_ROLES,
    list: PAYMENT_LIST,
    listGuard: (list, viewer) => {
      if (!scopedListAllowed(viewer.roles, list.conditions)) throw forbidden();
    },
    load: (db, ids, viewer) => loadPayments(db, ids, viewer),
    loadsVersions: true,
    parse: () => {
      throw notFound();
    },
    auditIgnore: AUDIT_IGNORE,
    actions: paymentActions(ctx),
  };
}

/** /api/payments (spec 3, 2.1, 3.1, 4.1, 7.2; DOMAIN.md "Payment lifecycle"). */
export function paymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('Payment', DETAIL_ROLES, 'payment');
  const resource = paymentResource(ctx);
  const writer = recordWriter(ctx.db, resource);
  resourceRoutes<PaymentEntity, never>(app, ctx, resource);
  invoiceRoutes(app, ctx, writer);
  advanceRoutes(app, ctx, writer);
  statementRoutes(app, ctx);

  /** Who may replace the payment's contract vendor when it is cancelled (spec 3, 7.2), for the cancel dialog. */
  app.get<{ Params: { id: string } }>('/api/payments/:id/contract_vendors_for_correction', { config: { roles: FLAG_ROLES.can_be_cancelled } }, async (request) => {
    const id = await writer.idOf(request.params.id);
    if (!(await ctx.db.selectFrom('payments').select('id').where('id', '=', id).executeTakeFirst())) throw notFound();
    return correctionCandidates(ctx.db, id);
  });
}
