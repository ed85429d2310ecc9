import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { check } from '../../../shared/validation/core.js';
import { commentStruct, validateTermination } from '../../../shared/validation/contracts.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { currentUser } from '../../http/auth.js';
import { notFound, ValidationFailed } from '../../http/errors.js';
import { isUploadedFile, readBody } from '../../http/multipart.js';
import { defineJob } from '../../jobs/queue.js';
import { audit } from '../audit/audit.js';
import { failIf, type RecordWriter, unstorableText, unwrap, valid } from '../../http/resource.js';
import type { ContractEntity } from './queries.js';
import { pdfRule } from './service.js';
import { APPROVE_ROLES } from './state-machine.js';

/** Requesting, editing and deleting a termination: contracts or contracts_admin (admin passes). */
const ROLES = ['contracts', 'contracts_admin'];
const NAME = 'contract_termination_request';

/**
 * `/api/contracts/{id}/termination_requests` (DOMAIN.md "Terminations"): one open request per signed
 * contract, with its pdf; approved by an approver, the contract is terminated on `terminate_on` (at
 * approval when that day has come). Every write locks the contract and is audited on it.
 */
export function terminationRoutes(app: FastifyInstance, ctx: AppContext, writer: RecordWriter<ContractEntity>): void {
  const { db } = ctx;
  const base = '/api/contracts/:id/termination_requests';
  const rules = { [`${NAME}[document]`]: pdfRule(ctx), document: pdfRule(ctx) };
  const tid = (param: string) => (/^\d{1,15}$/.test(param) ? Number(param) : undefined);

  const payload = async (request: Parameters<typeof readBody>[0]) => {
    const raw = await readBody(request, rules);
    const body = raw[NAME] && typeof raw[NAME] === 'object' ? unwrap(raw, NAME) : raw;
    failIf(unstorableText(body));
    return body;
  };

  const addDocument = (trx: typeof db, contractId: number, requestId: number, body: Record<string, unknown>) => {
    const file = body.document;
    if (!isUploadedFile(file)) return Promise.resolve();
    return trx
      .insertInto('contract_documents')
      .values({ contract_id: contractId, contract_termination_request_id: requestId, kind: 'uploaded', file_key: file.key, filename: file.filename.slice(0, 255), content_type: file.type, digest: file.digest })
      .execute();
  };

  app.post<{ Params: { id: string } }>(base, { config: { roles: ROLES } }, async (request, reply) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    const body = await payload(request);
    await writer.one(user, id, 'request_termination', async (w, { current }) => {
      if (current.state !== 'signed' || current.termination_request?.state === 'pending') throw new ValidationFailed({ base: ['ineligible'] });
      const input = valid(validateTermination(body, { startDate: current.start_date, hasDocument: isUploadedFile(body.document) }));
      const row = await w.trx.insertInto('contract_termination_requests').values({ contract_id: id, ...input }).returning('id').executeTakeFirstOrThrow();
      await addDocument(w.trx, id, row.id, body);
      await writer.recorded(w, current, 'request_termination');
    });
    return reply.code(201).send(await writer.answer(db, id, user));
  });

  /** The locked contract's pending request `tid`, or 404 / 422. */
  const pendingOf = (current: ContractEntity, param: string) => {
    const t = current.termination_request;
    if (!t || t.id !== tid(param)) throw notFound();
    if (!t.state_pending) throw new ValidationFailed({ base: ['ineligible'] });
    return t;
  };

  app.put<{ Params: { id: string; tid: string } }>(`${base}/:tid`, { config: { roles: ROLES } }, async (request) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    const body = await payload(request);
    await writer.one(user, id, 'update_termination', async (w, { current }) => {
      const t = pendingOf(current, request.params.tid);
      const merged = { terminate_on: t.terminate_on, termination_reason: t.termination_reason, ...body };
      const input = valid(validateTermination(merged, { startDate: current.start_date, hasDocument: isUploadedFile(body.document) || t.document_url !== null }));
      await w.trx.updateTable('contract_termination_requests').set({ ...input, updated_at: new Date(), lock_version: sql`lock_version + 1` }).where('id', '=', t.id).execute();
      await addDocument(w.trx, id, t.id, body);
      await writer.recorded(w, current, 'update_termination');
    });
    return writer.answer(db, id, user);
  });

  app.delete<{ Params: { id: string; tid: string } }>(`${base}/:tid`, { config: { roles: ROLES } }, async (request) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    const keys: string[] = [];
    await writer.one(user, id, 'delete_termination', async (w, { current }) => {
      const t = pendingOf(current, request.params.tid);
      keys.push(...(await w.trx.selectFrom('contract_documents').select('file_key').where('contract_termination_request_id', '=', t.id).execute()).map((d) => d.file_key));
      await w.trx.deleteFrom('contract_termination_requests').where('id', '=', t.id).execute();
      for (const key of keys) w.afterCommit(() => ctx.storage.remove(key));
      await writer.recorded(w, current, 'delete_termination');
    });
    return writer.answer(db, id, user);
  });

  app.post<{ Params: { id: string; tid: string } }>(`${base}/:tid/approve`, { config: { roles: APPROVE_ROLES } }, async (request) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    await writer.one(user, id, 'approve_termination', async (w, { current }) => {
      const t = pendingOf(current, request.params.tid);
      await w.trx.updateTable('contract_termination_requests').set({ state: 'approved', updated_at: new Date() }).where('id', '=', t.id).execute();
      // The day has come (the database's date): terminated now; a later day is left to the daily job.
      await w.trx
        .updateTable('contracts')
        .set({ state: 'terminated', terminated_on: t.terminate_on })
        .where('id', '=', id)
        .where('state', '=', 'signed')
        .where(sql<boolean>`${t.terminate_on}::date <= current_date`)
        .execute();
      await writer.recorded(w, current, 'approve_termination');
    });
    return writer.answer(db, id, user);
  });

  app.post<{ Params: { id: string; tid: string } }>(`${base}/:tid/reject`, { config: { roles: APPROVE_ROLES } }, async (request) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    const raw = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const body = raw[NAME] && typeof raw[NAME] === 'object' ? unwrap(raw, NAME) : raw;
    failIf(unstorableText(body));
    const { state_comment } = valid(check(commentStruct(), body));
    await writer.one(user, id, 'reject_termination', async (w, { current }) => {
      const t = pendingOf(current, request.params.tid);
      await w.trx.updateTable('contract_termination_requests').set({ state: 'rejected', state_comment, updated_at: new Date() }).where('id', '=', t.id).execute();
      await writer.recorded(w, current, 'reject_termination');
    });
    return writer.answer(db, id, user);
  });
}

/**
 * Terminates signed contracts whose approved termination request's `terminate_on` has come (the
 * database's date): each in its own transaction on the locked row, audited without an actor. Answers
 * how many were terminated.
 */
export async function terminateDue(db: Db): Promise<number> {
  const due = await db
    .selectFrom('contract_termination_requests as t')
    .innerJoin('contracts as c', 'c.id', 't.contract_id')
    .select(['c.id', 't.terminate_on'])
    .where('t.state', '=', 'approved')
    .where('c.state', '=', 'signed')
    .where(sql<boolean>`t.terminate_on <= current_date`)
    .orderBy('c.id')
    .execute();
  let terminated = 0;
  for (const { id, terminate_on } of due) {
    await db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('contracts').select(['state', 'terminated_on']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (locked?.state !== 'signed') return;
      await trx
        .updateTable('contracts')
        .set({ state: 'terminated', terminated_on: terminate_on, updated_at: new Date(), lock_version: sql`lock_version + 1` })
        .where('id', '=', id)
        .execute();
      await audit(trx, { action: 'terminate', type: 'Contract', id, changes: { state: ['signed', 'terminated'], terminated_on: [locked.terminated_on, terminate_on] }, userId: null });
      terminated++;
    });
  }
  return terminated;
}

/** Daily, shortly after midnight UTC: contracts whose termination day has come (DOMAIN.md). */
export const terminateDueJob = defineJob({
  name: 'contracts.terminate-due',
  schedule: { cron: '15 0 * * *' },
  async run(job, ctx) {
    const count = await terminateDue(ctx.db);
    await job.progress(count, count, `${count} contracts terminated`);
  },
});
