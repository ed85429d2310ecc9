import type { FastifyInstance } from 'fastify';
import { type PaymentBucketInput, validatePaymentBucket } from '../../../shared/validation/payment-buckets.js';
import type { AppContext } from '../../context.js';
import { ValidationFailed } from '../../http/errors.js';
import { lookupRoute, type Resource, resourceRoutes, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { loadPaymentBuckets, lookupPaymentBuckets, type PaymentBucketEntity } from './queries.js';

/** Spec 3, 6: bucket list, form and details need payment_buckets (admin passes every check). */
export const BUCKET_ROLES = ['payment_buckets'];

/** Computed from payments, files and jobs: not the bucket's own fields, so not audited. */
const AUDIT_IGNORE = ['payout', 'payments_count', 'can_be_deleted', 'can_publish_payments', 'can_create_payment_files', 'jobs_pending', 'payments_summary', 'payment_files'];

export function paymentBucketResource(ctx: AppContext): Resource<PaymentBucketEntity, PaymentBucketInput> {
  return {
    base: '/api/payment_buckets',
    name: 'payment_bucket',
    table: 'payment_buckets',
    auditType: 'PaymentBucket',
    roles: BUCKET_ROLES,
    list: {
      from: (db) => db.selectFrom('payment_buckets').select('payment_buckets.id'),
      tieBreaker: 'payment_buckets.id',
      sort: { id: 'payment_buckets.id', name: 'payment_buckets.name', created_at: 'payment_buckets.created_at' },
      defaultSort: { column: 'created_at', direction: 'desc' },
      filters: { name: { column: 'payment_buckets.name', kind: 'text' } },
      search: ['payment_buckets.name'],
    },
    load: (db, ids) => loadPaymentBuckets(db, ctx.jobs, ids),
    parse: (payload) => valid(validatePaymentBucket(payload)),
    create: async ({ trx }, input) => (await trx.insertInto('payment_buckets').values({ name: input.name }).returning('id').executeTakeFirstOrThrow()).id,
    update: async ({ trx }, current, input) => {
      await trx.updateTable('payment_buckets').set({ name: input.name }).where('id', '=', current.id).execute();
    },
    // Only while empty (checked on the locked bucket; a payment added meanwhile waits for the lock, see add_to_payment_bucket).
    destroy: async ({ trx }, current) => {
      if (!current.can_be_deleted) throw new ValidationFailed({ base: ['in_use'] });
      await trx.deleteFrom('payment_buckets').where('id', '=', current.id).execute();
    },
    auditIgnore: AUDIT_IGNORE,
  };
}

/** /api/payment_buckets (spec 3, 7.1). */
export function paymentBucketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const resource = paymentBucketResource(ctx);
  registerAuditedType('PaymentBucket', BUCKET_ROLES);
  lookupRoute(app, '/api/payment_buckets/lookup', BUCKET_ROLES, ({ like, limit }) => lookupPaymentBuckets(ctx.db, like, limit));
  resourceRoutes(app, ctx, resource);
}
