import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type PaymentBucketInput, validatePaymentBucket } from '../../../shared/validation/payment-buckets.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { notFound, ValidationFailed } from '../../http/errors.js';
import { lookupRoute, recordId, recordWriter, type Resource, resourceRoutes, valid } from '../../http/resource.js';
import { audit } from '../audit/audit.js';
import { registerAuditedType } from '../audit/routes.js';
import { bucketActionRoutes } from '../payments/bucket-actions.js';
import { CREDIT_NOTE_ROLES } from '../../../shared/payment-lifecycle.js';
import { sendPublishJob } from './publish.js';
import { BUCKET_ENTITY, loadPaymentBuckets, lookupPaymentBuckets, type PaymentBucketEntity } from './queries.js';
import type { JobsStatus } from '../../../shared/entities/jobs-status.js';
import { listSource } from '../../http/list-source.js';
import { paymentBucketsList } from '../../../shared/lists/payment-buckets.js';

/** Spec 3, 6: bucket list, form and details need payment_buckets (admin passes every check). */
export const BUCKET_ROLES = ['payment_buckets'];

/** Computed from payments, files and jobs: not the bucket's own fields, so not audited. */
const AUDIT_IGNORE = ['payout', 'payments_count', 'can_be_deleted', 'can_publish_payments', 'can_create_payment_files', 'flag_reasons', 'jobs_pending', 'payments_summary', 'payment_files'];

/** The payment buckets list: the columns of the sorts and filters `shared/lists/payment-buckets.ts` names. */
export const PAYMENT_BUCKET_LIST = listSource(paymentBucketsList, {
  from: (db) => db.selectFrom('payment_buckets').select('payment_buckets.id'),
  tieBreaker: 'payment_buckets.id',
  sort: { id: 'payment_buckets.id', name: 'payment_buckets.name', created_at: 'payment_buckets.created_at' },
  defaultSort: { column: 'created_at', direction: 'desc' },
  filters: { name: 'payment_buckets.name' },
  search: ['payment_buckets.name'],
});

export function paymentBucketResource(ctx: AppContext): Resource<PaymentBucketEntity, PaymentBucketInput> {
  return {
    base: '/api/payment_buckets',
    name: 'payment_bucket',
    table: 'payment_buckets',
    auditType: 'PaymentBucket',
    roles: BUCKET_ROLES,
    list: PAYMENT_BUCKET_LIST,
    load: (db, ids, viewer) => loadPaymentBuckets(db, ctx.jobs, ids, viewer?.id ?? null),
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
  bucketActionRoutes(app, ctx);
  const writer = recordWriter(ctx.db, resource);

  // What the bucket's page asks every ~500 ms while a publish or file job runs (issue 24, item 6).
  app.get<{ Params: { id: string } }>('/api/payment_buckets/:id/jobs', { config: { roles: BUCKET_ROLES } }, async (request): Promise<JobsStatus> => {
    const id = await writer.idOf(request.params.id);
    if (!(await ctx.db.selectFrom('payment_buckets').select('id').where('id', '=', id).executeTakeFirst())) throw notFound();
    const pending = await ctx.jobs.pendingFor(BUCKET_ENTITY, [id]);
    return { jobs_pending: pending.has(id), pending_jobs: [] };
  });

  /** Publish (DOMAIN "Buckets and payment files"): a job sent in the transaction that checked the flag on the locked bucket. */
  app.post<{ Params: { id: string } }>('/api/payment_buckets/:id/publish_payments', { config: { roles: BUCKET_ROLES } }, async (request, reply) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    await writer.one(user, id, 'publish_payments', async (w, { current }) => {
      if (!current.can_publish_payments) throw new ValidationFailed({ base: ['ineligible'] });
      if (!(await sendPublishJob(ctx.jobs, w, { payment_bucket_id: id, user_id: user.id }))) throw new ValidationFailed({ base: ['ineligible'] });
      // Four eyes: whoever published the bucket does not create its payment files (recorded on the locked bucket).
      await sql`INSERT INTO payment_bucket_publishers (payment_bucket_id, user_id) VALUES (${id}, ${user.id}) ON CONFLICT DO NOTHING`.execute(w.trx);
      await audit(w.trx, { action: 'publish_payments', type: 'PaymentBucket', id, changes: {}, userId: user.id });
    });
    return reply.code(202).send(await writer.answer(ctx.db, id, user));
  });

  /** The credit note publish wrote for a self-billing payment (its `credit_note_url`). */
  app.get<{ Params: { id: string } }>('/api/payments/:id/credit_note', { config: { roles: CREDIT_NOTE_ROLES } }, async (request, reply) => {
    const id = recordId(request.params.id);
    if (id === undefined) throw notFound();
    const row = await ctx.db.selectFrom('payments').select(['reference', 'credit_note_key']).where('id', '=', id).executeTakeFirst();
    const data = row?.credit_note_key ? await ctx.storage.open(row.credit_note_key).catch(() => undefined) : undefined;
    if (!row || !data) throw notFound();
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="credit-note-${row.reference.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`)
      .send(data);
  });
}
