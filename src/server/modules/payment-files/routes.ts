import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { notFound, ValidationFailed } from '../../http/errors.js';
import { recordId, recordWriter, write } from '../../http/resource.js';
import { audit } from '../audit/audit.js';
import { registerAuditedType } from '../audit/routes.js';
import { BUCKET_ROLES, paymentBucketResource } from '../payment-buckets/routes.js';
import { fourEyesRefused } from '../payments/transitions.js';
import { sendCreateFilesJob } from './create.js';
import { deletePaymentFile, FILE_AUDIT_TYPE, recordDownload, updatePaymentFile } from './file-writes.js';
import { loadBucketFiles } from './queries.js';

type FileParams = { Params: { id: string; fileId: string } };

/**
 * Payment files of a bucket (spec 3, 4.3, 7.1; DOMAIN "Buckets and payment files"): create (a job),
 * list, read, download, delete and update_file. Every write locks the bucket first, so it waits for a
 * running create and the other writes of that bucket.
 */
export function paymentFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType(FILE_AUDIT_TYPE, BUCKET_ROLES);
  const writer = recordWriter(ctx.db, paymentBucketResource(ctx));
  const base = '/api/payment_buckets/:id';

  /** Create payment files: the job is sent in the transaction that checked the flag on the locked bucket; 202 with the bucket. */
  const create = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    await writer.one(user, id, 'create_payment_files', async (w, { current }) => {
      const rule = current.flag_reasons.can_create_payment_files;
      if (rule) throw fourEyesRefused(ctx, w, { type: 'PaymentBucket', id, action: 'create_payment_files' }, rule, current.name, { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() });
      if (!current.can_create_payment_files) throw new ValidationFailed({ base: ['ineligible'] });
      if (!(await sendCreateFilesJob(ctx.jobs, w, { payment_bucket_id: id, user_id: user.id }))) throw new ValidationFailed({ base: ['ineligible'] });
      await audit(w.trx, { action: 'create_payment_files', type: 'PaymentBucket', id, changes: {}, userId: user.id });
    });
    return reply.code(202).send(await writer.answer(ctx.db, id, user));
  };
  app.post<{ Params: { id: string } }>(`${base}/create_payment_files`, { config: { roles: BUCKET_ROLES } }, create);
  app.post<{ Params: { id: string } }>(`${base}/payment_files`, { config: { roles: BUCKET_ROLES } }, create);

  const fileOf = async (bucketParam: string, fileParam: string) => {
    const bucketId = recordId(bucketParam);
    const fileId = recordId(fileParam);
    if (bucketId === undefined || fileId === undefined) throw notFound();
    const file = (await loadBucketFiles(ctx.db, [bucketId], [fileId])).get(bucketId)?.[0];
    if (!file) throw notFound();
    return { bucketId, fileId, file };
  };

  app.get<{ Params: { id: string } }>(`${base}/payment_files`, { config: { roles: BUCKET_ROLES } }, async (request) => {
    const bucketId = await writer.idOf(request.params.id);
    return (await loadBucketFiles(ctx.db, [bucketId])).get(bucketId) ?? [];
  });

  app.get<FileParams>(`${base}/payment_files/:fileId`, { config: { roles: BUCKET_ROLES } }, async (request) => (await fileOf(request.params.id, request.params.fileId)).file);

  /** The first download is recorded (who, when): from then on the file is what the bank got and is never rewritten. */
  app.get<FileParams>(`${base}/payment_files/:fileId/download`, { config: { roles: BUCKET_ROLES } }, async (request, reply) => {
    const bucketId = recordId(request.params.id);
    const fileId = recordId(request.params.fileId);
    if (bucketId === undefined || fileId === undefined) throw notFound();
    const row = await write(ctx.db, currentUser(request), (w) => recordDownload(w, bucketId, fileId));
    const data = await ctx.storage.read(row.storage_key).catch(() => undefined);
    if (!data) throw notFound();
    const sepa = row.format === 'sepa';
    const name = `payments-${bucketId}-${row.organization_id}-${row.currency}-${fileId}.${sepa ? 'xml' : 'csv'}`;
    return reply
      .type(sepa ? 'application/xml; charset=utf-8' : 'text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(data);
  });

  /** Delete: its payments go back to payout_pending; answers the bucket. */
  app.delete<FileParams>(`${base}/payment_files/:fileId`, { config: { roles: BUCKET_ROLES } }, async (request) => {
    const user = currentUser(request);
    const bucketId = await writer.idOf(request.params.id);
    const fileId = recordId(request.params.fileId);
    if (fileId === undefined) throw notFound();
    await writer.one(user, bucketId, 'delete_payment_file', (w) => deletePaymentFile(ctx, w, bucketId, fileId));
    return writer.answer(ctx.db, bucketId, user);
  });

  /** Rewrite a file not yet downloaded (refused once it was): answers the bucket (the file with its new digest, or gone when it had no payments left). */
  app.post<FileParams>(`${base}/payment_files/:fileId/update_file`, { config: { roles: BUCKET_ROLES } }, async (request) => {
    const user = currentUser(request);
    const bucketId = await writer.idOf(request.params.id);
    const fileId = recordId(request.params.fileId);
    if (fileId === undefined) throw notFound();
    await writer.one(user, bucketId, 'update_payment_file', (w) => updatePaymentFile(ctx, w, bucketId, fileId));
    return writer.answer(ctx.db, bucketId, user);
  });
}
