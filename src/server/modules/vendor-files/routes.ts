import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JobsStatus } from '../../../shared/entities/jobs-status.js';
import { validateCreateVendorFiles } from '../../../shared/validation/vendor-files.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { notFound, ValidationFailed } from '../../http/errors.js';
import { parseListQuery, runList } from '../../http/list-query.js';
import { listSpec } from '../../http/list-source.js';
import { vendorFilesList } from '../../../shared/lists/vendor-files.js';
import { failIf, recordId, recordWriter, type Resource, unstorableText, valid, write } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { PENDING_ENTITY, sendVendorFileJob } from './job.js';
import { loadVendorFiles, type VendorFileEntity } from './queries.js';

/** Spec 2, 6: vendor files need vendor_files (or admin, who passes every check); delete needs admin. */
const READ_ROLES = ['vendor_files'];
const DELETE_ROLES = ['admin'];

export const VENDOR_FILE_LIST = listSpec(vendorFilesList, {
  sort: { id: 'vendor_files.id', month: 'vendor_files.month', created_at: 'vendor_files.created_at', organization: 'organizations.name' },
  defaultSort: { column: 'created_at', direction: 'desc' },
  filters: {
    organization_id: 'vendor_files.organization_id',
    month: 'vendor_files.month',
  },
  search: ['organizations.name', 'organizations.number'],
});

const vendorFileResource = (ctx: AppContext): Resource<VendorFileEntity, never> => ({
  base: '/api/vendor_files',
  name: 'vendor_file',
  table: 'vendor_files',
  auditType: 'VendorFile',
  roles: DELETE_ROLES,
  readRoles: READ_ROLES,
  list: { ...VENDOR_FILE_LIST, from: (db) => db.selectFrom('vendor_files').innerJoin('organizations', 'organizations.id', 'vendor_files.organization_id').select('vendor_files.id'), tieBreaker: 'vendor_files.id' },
  load: (db, ids) => loadVendorFiles(db, ids),
  parse: () => {
    throw notFound();
  },
  destroy: async (w, current) => {
    const row = await w.trx.deleteFrom('vendor_files').where('id', '=', current.id).returning(['file_key', 'confirmation_documents_key']).executeTakeFirst();
    const keys = [row?.file_key, row?.confirmation_documents_key].filter((k): k is string => !!k);
    w.afterCommit(async () => {
      await Promise.all(keys.map((k) => ctx.storage.remove(k)));
    });
  },
});

/** `vendor-file-{organization number}-{yyyy-MM}.csv`: a name that says what the download is. */
function attachment(reply: FastifyReply, type: string, name: string) {
  return reply.type(type).header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
}

/** /api/vendor_files (spec 2, 7 "Vendor files"): list, read, create_all (scheduled jobs), downloads, delete. */
export function vendorFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const resource = vendorFileResource(ctx);
  const writer = recordWriter(db, resource);
  registerAuditedType('VendorFile', READ_ROLES);

  app.get('/api/vendor_files', { config: { roles: READ_ROLES } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    failIf(unstorableText(query));
    const list = parseListQuery(query, VENDOR_FILE_LIST);
    const page = await runList<{ id: number }>(db, resource.list.from(db, query), list, VENDOR_FILE_LIST, 'vendor_files.id');
    // Files being made show as pending until their jobs end (the screen says so and reloads).
    const organizations = await db.selectFrom('organizations').select('id').execute();
    const pending = await ctx.jobs.pendingFor(PENDING_ENTITY, organizations.map((o) => o.id));
    return {
      ...page,
      entries: await writer.answers(db, page.entries.map((e) => e.id), currentUser(request)),
      jobs_pending: pending.size > 0,
      pending_organization_ids: [...pending].sort((a, b) => a - b),
    };
  });

  // What the list asks every ~500 ms while files are being written (issue 24, item 6): no list query.
  app.get('/api/vendor_files/jobs', { config: { roles: READ_ROLES } }, async (): Promise<JobsStatus> => {
    const organizations = await db.selectFrom('organizations').select('id').execute();
    const pending = await ctx.jobs.pendingFor(PENDING_ENTITY, organizations.map((o) => o.id));
    return { jobs_pending: pending.size > 0, pending_jobs: [] };
  });

  /** Schedules one job per organization, inside one transaction: all are sent, or none. */
  app.post('/api/vendor_files/create_all', { config: { roles: READ_ROLES } }, async (request, reply) => {
    const user = currentUser(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const payload = body.vendor_file && typeof body.vendor_file === 'object' ? (body.vendor_file as Record<string, unknown>) : body;
    failIf(unstorableText(payload));
    const input = valid(validateCreateVendorFiles(payload));
    const known = await db.selectFrom('organizations').select('id').where('id', 'in', input.organization_ids).execute();
    if (known.length !== input.organization_ids.length) throw new ValidationFailed({ organization_ids: ['invalid'] });
    await write(db, user, async (w) => {
      for (const id of input.organization_ids) await sendVendorFileJob(ctx.jobs, w, { organization_id: id, month: input.month, user_id: user.id });
    });
    return reply.code(202).send({ status: 'scheduled', month: input.month, organization_ids: input.organization_ids });
  });

  app.get<{ Params: { id: string } }>('/api/vendor_files/:id', { config: { roles: READ_ROLES } }, async (request) =>
    writer.answer(db, await writer.idOf(request.params.id), currentUser(request)),
  );

  const download = (column: 'file_key' | 'confirmation_documents_key', type: string, ext: string, suffix: string) =>
    app.get<{ Params: { id: string } }>(`/api/vendor_files/:id/${suffix}`, { config: { roles: READ_ROLES } }, async (request, reply) => {
      const id = recordId(request.params.id);
      const row =
        id === undefined
          ? undefined
          : await db
              .selectFrom('vendor_files as f')
              .innerJoin('organizations as o', 'o.id', 'f.organization_id')
              .select(['f.file_key', 'f.confirmation_documents_key', 'f.month', 'o.number'])
              .where('f.id', '=', id)
              .executeTakeFirst();
      const key = row?.[column];
      if (!row || !key) throw notFound();
      const data = await ctx.storage.open(key).catch(() => undefined);
      if (!data) throw notFound();
      const name = `vendor-file-${row.number}-${row.month.slice(0, 7)}${suffix === 'file' ? '' : '-confirmation-documents'}.${ext}`;
      return attachment(reply, type, name).send(data);
    });
  download('file_key', 'text/csv; charset=utf-8', 'csv', 'file');
  download('confirmation_documents_key', 'application/zip', 'zip', 'confirmation_documents');

  app.delete<{ Params: { id: string } }>('/api/vendor_files/:id', { config: { roles: DELETE_ROLES } }, async (request, reply) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    await writer.one(user, id, 'destroy', (w, { current }) => writer.destroyed(w, current));
    return reply.code(204).send();
  });
}
