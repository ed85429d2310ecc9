import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { FileRevenuePreview, FileRevenuePreviewRow } from '../../../shared/entities/payout.js';
import { addError, type FieldErrors } from '../../../shared/validation/core.js';
import { asList } from '../../../shared/validation/fields.js';
import { checkPayoutFileName, PAYOUT_FILE_KINDS } from '../../../shared/validation/payouts.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { currentUser } from '../../http/auth.js';
import { notFound, ValidationFailed } from '../../http/errors.js';
import { isUploadedFile, readBody, type UploadedFile } from '../../http/multipart.js';
import { recordId, type RecordWriter } from '../../http/resource.js';
import { audit } from '../audit/audit.js';
import { placements, withoutJit } from './allocation.js';
import { payingContracts } from '../contracts/terms-in-force.js';
import { sendImportJob } from './import-job.js';
import { FILE_ENTITY, type PayoutEntity, refuseWhileLocked } from './queries.js';

const ROLES = ['payouts'];

/** The content each extension must show (5.3: .csv, .gz, .zip), told by the upload's bytes. */
const TYPE_OF_EXTENSION: Record<string, string> = { csv: 'text/csv', gz: 'application/gzip', zip: 'application/zip' };

/** POST /api/payouts/{id}/files, GET/DELETE .../files/{fileId}, GET .../files/{fileId}/preview_revenues. */
export function payoutFileRoutes(app: FastifyInstance, ctx: AppContext, writer: RecordWriter<PayoutEntity>): void {
  const { db } = ctx;
  const rule = { types: Object.values(TYPE_OF_EXTENSION), maxBytes: ctx.config.reportUploadMaxBytes, ownLimit: true };

  /**
   * Several report files in one multipart body (`files[0]`, `files[1]`, ... or `file`), each streamed to
   * storage as it arrives. Then, on the locked payout, every name is checked with the rules the upload
   * dialog uses; one refused file refuses the upload (422 naming each file's error by its index), else
   * every file gets its row and its import job in the same transaction.
   */
  app.post<{ Params: { id: string } }>('/api/payouts/:id/files', { config: { roles: ROLES } }, async (request, reply) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    const body = await readBody(request, { 'files[*]': rule, file: rule }, { preservePath: true });
    const listed = asList(body.files);
    const files = [...(Array.isArray(listed) ? listed : []), ...(body.file ? [body.file] : [])].filter(isUploadedFile) as UploadedFile[];
    if (files.length === 0) throw new ValidationFailed({ files: ['blank'] });
    const owners = await db.selectFrom('content_owners').select(['id', 'report_filename_part']).execute();
    const ownerByPart = new Map(owners.map((o) => [o.report_filename_part, o.id]));

    await writer.one(user, id, 'upload_files', async (w, { current }) => {
      refuseWhileLocked(current);
      const errors: FieldErrors = {};
      const existing = await w.trx.selectFrom('payout_files').select('name').where('payout_id', '=', id).execute();
      const names = new Set(existing.map((f) => f.name));
      const held = await heldDigests(w.trx, files.map((f) => f.digest));
      const digests = new Set<string>();
      const ctxNames = { month: current.month, payout_types: current.payout_types, report_filename_parts: [...ownerByPart.keys()] };
      const accepted = files.map((file, i) => {
        const name = file.filename;
        const checked = checkPayoutFileName(name, ctxNames);
        if (!checked.ok) return void addError(errors, ['files', i, 'name'], checked.error);
        if (names.has(name)) return void addError(errors, ['files', i, 'name'], 'already_used');
        names.add(name);
        if (TYPE_OF_EXTENSION[checked.file.extension] !== file.type) return void addError(errors, ['files', i, 'file'], 'invalid');
        // DOMAIN "Revenue import": the same content is imported once across all payouts.
        const holder = held.get(file.digest);
        if (holder) return void addError(errors, ['files', i, 'file'], `already_imported: ${holder}`);
        if (digests.has(file.digest)) return void addError(errors, ['files', i, 'file'], 'already_imported: this upload');
        digests.add(file.digest);
        return { file, parsed: checked.file, ownerId: checked.report_filename_part ? (ownerByPart.get(checked.report_filename_part) ?? null) : null };
      });
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
      // Behind the imports the payout already has queued (sendImportJob).
      let priority = -(await queuedImports(w.trx, id));
      for (const a of accepted) {
        if (!a) continue;
        const row = await w.trx
          .insertInto('payout_files')
          .values({
            payout_id: id,
            name: a.file.filename,
            extension: a.parsed.extension,
            size: a.file.size,
            version: a.parsed.version,
            report_name: a.parsed.kind,
            revenue_type: PAYOUT_FILE_KINDS[a.parsed.kind].revenue_type,
            content_owner_id: a.ownerId,
            file_key: a.file.key,
            digest: a.file.digest,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(w.trx, {
          action: 'create',
          type: 'PayoutFile',
          id: row.id,
          changes: { payout_id: [null, id], name: [null, a.file.filename], report_name: [null, a.parsed.kind], size: [null, a.file.size] },
          userId: user.id,
        });
        await sendImportJob(ctx.jobs, w, row.id, priority--);
      }
    });
    return reply.code(201).send(await writer.answer(db, id, user));
  });

  /** The payout and file holding each of these digests already, as the refusal names them (`payout 12 (label, 2026-10), file NAME`). */
  async function heldDigests(trx: Db, digests: readonly string[]): Promise<Map<string, string>> {
    if (digests.length === 0) return new Map();
    // Two uploads of the same content at once: the second waits here, then finds the first's file.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('payout_files.digest:' || d, 0)) FROM unnest(${[...new Set(digests)].sort()}::text[]) AS d`.execute(trx);
    const rows = await trx
      .selectFrom('payout_files as f')
      .innerJoin('payouts as p', 'p.id', 'f.payout_id')
      .select(['f.digest', 'f.name', 'p.id', 'p.label', 'p.month'])
      .where('f.digest', 'in', [...digests])
      .orderBy('f.id')
      .execute();
    const held = new Map<string, string>();
    for (const r of rows) {
      if (!held.has(r.digest)) held.set(r.digest, `payout ${r.id} (${r.label ? `${r.label}, ` : ''}${r.month.slice(0, 7)}), file ${r.name}`);
    }
    return held;
  }

  /** Import jobs of this payout's files still queued or running. */
  async function queuedImports(trx: Db, payoutId: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM job_links l JOIN payout_files f ON l.entity_type = ${FILE_ENTITY} AND f.id = l.entity_id
      WHERE f.payout_id = ${payoutId} AND l.state IN ('queued', 'active')`.execute(trx);
    return rows[0].n;
  }

  const fileOf = async (payoutParam: string, fileParam: string) => {
    const payoutId = await writer.idOf(payoutParam);
    const fileId = recordId(fileParam);
    const file =
      fileId === undefined
        ? undefined
        : await db.selectFrom('payout_files').selectAll().where('id', '=', fileId).where('payout_id', '=', payoutId).executeTakeFirst();
    if (!file) throw notFound();
    return file;
  };

  app.get<{ Params: { id: string; fileId: string } }>('/api/payouts/:id/files/:fileId', { config: { roles: ROLES } }, async (request, reply) => {
    const file = await fileOf(request.params.id, request.params.fileId);
    const data = await ctx.storage.open(file.file_key).catch(() => undefined);
    if (!data) throw notFound();
    return reply
      .type(TYPE_OF_EXTENSION[file.extension] ?? 'application/octet-stream')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${file.name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .send(data);
  });

  /** Deletes a file with its rows, on the locked payout; refused while its import runs or once payments exist. */
  app.delete<{ Params: { id: string; fileId: string } }>('/api/payouts/:id/files/:fileId', { config: { roles: ROLES } }, async (request, reply) => {
    const user = currentUser(request);
    const file = await fileOf(request.params.id, request.params.fileId);
    await writer.one(user, file.payout_id, 'delete_file', async (w, { current }) => {
      const entry = current.files.find((f) => f.id === file.id);
      if (!entry) throw notFound();
      refuseWhileLocked(current);
      if (!entry.can_be_deleted) throw new ValidationFailed({ base: ['ineligible'] });
      await w.trx.deleteFrom('payout_revenues').where('payout_file_id', '=', file.id).execute();
      await w.trx.deleteFrom('payout_assets').where('payout_file_id', '=', file.id).execute();
      await w.trx.deleteFrom('payout_files').where('id', '=', file.id).execute();
      await audit(w.trx, { action: 'destroy', type: 'PayoutFile', id: file.id, changes: { name: [file.name, null] }, userId: user.id });
      w.afterCommit(async () => ctx.storage.remove(file.file_key).catch(() => undefined));
    });
    return reply.code(204).send();
  });

  /**
   * The file's rows grouped as allocation places them (DOMAIN "Payouts"): allocated rows by their source,
   * the others by the source the rules would choose now; rows no rule places form one group without
   * an organization. WBS codes come with the organizations' templates (payments); null until then.
   */
  app.get<{ Params: { id: string; fileId: string } }>('/api/payouts/:id/files/:fileId/preview_revenues', { config: { roles: ROLES } }, async (request): Promise<FileRevenuePreview> => {
    const file = await fileOf(request.params.id, request.params.fileId);
    const payout = await db.selectFrom('payouts').select(['id', 'month']).where('id', '=', file.payout_id).executeTakeFirstOrThrow();
    const target = sql`
      SELECT id, content_owner_id, channel_id, channel_name, video_id, asset_id, asset_type, asset_channel_id, asset_labels, custom_id
      FROM payout_revenues WHERE payout_file_id = ${file.id} AND revenue_source_id IS NULL`;
    const rows = await db.transaction().execute(async (trx) => {
      await withoutJit(trx);
      return sql<FileRevenuePreviewRow>`
      WITH predicted AS (${placements(payout.id, target)}),
      placed AS (
        SELECT v.revenue, v.currency, v.revenue_type, coalesce(v.revenue_source_id, p.source_id) AS source_id
        FROM payout_revenues v LEFT JOIN predicted p ON p.id = v.id
        WHERE v.payout_file_id = ${file.id}
      )
      SELECT o.name AS organization_name, o.number AS organization_number, NULL::text AS wbs_code,
        coalesce(array_agg(DISTINCT s.reference_id ORDER BY s.reference_id) FILTER (WHERE s.reference_id IS NOT NULL), '{}') AS revenue_source_reference_ids,
        bool_or(pc.contract_id IS NOT NULL) IS TRUE AS contract_present,
        sum(pl.revenue)::text AS total_revenue, pl.currency
      FROM placed pl
      LEFT JOIN revenue_sources s ON s.id = pl.source_id
      LEFT JOIN organizations o ON o.id = s.organization_id
      LEFT JOIN (${payingContracts(payout.month)}) pc ON pc.revenue_source_id = pl.source_id
      GROUP BY o.id, o.name, o.number, pl.currency
      ORDER BY o.name NULLS LAST, pl.currency`.execute(trx);
    });
    const totals = await sql<{ currency: string; total_revenue: string }>`
      SELECT currency, sum(revenue)::text AS total_revenue FROM payout_revenues WHERE payout_file_id = ${file.id} GROUP BY currency ORDER BY currency`.execute(db);
    return { entries: rows.rows, totals: totals.rows };
  });
}
