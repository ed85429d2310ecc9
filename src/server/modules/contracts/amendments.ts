import type { FastifyInstance, FastifyRequest } from 'fastify';
import { check } from '../../../shared/validation/core.js';
import { commentStruct, optionalCommentStruct } from '../../../shared/validation/contracts.js';
import { orNull } from '../../../shared/validation/fields.js';
import type { AppContext, CurrentUser } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { HttpError, notFound, ValidationFailed } from '../../http/errors.js';
import { isUploadedFile, readBody } from '../../http/multipart.js';
import { failIf, type RecordWriter, recordId, unstorableText, unwrap, valid, type WriteContext } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { type AmendmentEntity, loadAmendments } from './amendment-queries.js';
import {
  addAmendmentDocument,
  AMENDMENT_AUDIT_TYPE,
  applyAmendment,
  createAmendment,
  deleteAmendment,
  lockAmendment,
  moveAmendment,
  parseAmendment,
  recordAmendment,
  updateAmendment,
} from './amendment-service.js';
import type { ContractEntity } from './queries.js';
import { documentRule, pdfRule } from './service.js';
import { AMENDMENT_TRANSITIONS, AMENDMENT_WRITE_ROLES, type AmendmentTransition, READ_ROLES } from './state-machine.js';

const NAME = 'contract_amendment';

/**
 * `/api/contracts/{id}/amendments` (spec 2, sections 4-7; DOMAIN.md "Contracts"). Every write locks the
 * contract, then the amendment, checks state and role on the locked rows and audits the amendment
 * (`ContractAmendment`); apply also audits the contract's changed terms. Answers are the amendment with
 * its `lock_version` and flags; the contract's `amendments` list the same entities.
 */
export function amendmentRoutes(app: FastifyInstance, ctx: AppContext, contracts: RecordWriter<ContractEntity>): void {
  const { db } = ctx;
  const base = '/api/contracts/:id/amendments';
  registerAuditedType(AMENDMENT_AUDIT_TYPE, READ_ROLES, NAME);
  const formRules = { [`${NAME}[document]`]: documentRule(ctx), document: documentRule(ctx) };
  const signRules = { [`${NAME}[document]`]: pdfRule(ctx), document: pdfRule(ctx) };

  const bodyOf = async (request: FastifyRequest, rules: typeof formRules) => {
    const raw = await readBody(request, rules);
    const body = raw[NAME] && typeof raw[NAME] === 'object' ? unwrap(raw, NAME) : raw;
    failIf(unstorableText(body));
    return body;
  };
  const answer = async (id: number, viewer: CurrentUser) => {
    const [amendment] = await loadAmendments(db, { ids: [id] }, viewer);
    if (!amendment) throw notFound();
    const row = await db.selectFrom('contract_amendments').select('lock_version').where('id', '=', id).executeTakeFirstOrThrow();
    return { ...amendment, lock_version: row.lock_version };
  };
  /** Runs `step` on the locked contract and its locked amendment `param`. */
  const onAmendment = async <T>(
    request: FastifyRequest<{ Params: { id: string; aid: string } }>,
    action: string,
    step: (w: WriteContext, contract: ContractEntity, amendment: AmendmentEntity) => Promise<T>,
  ) => {
    const user = currentUser(request);
    const id = await contracts.idOf(request.params.id);
    return contracts.one(user, id, action, async (w, { current }) => step(w, current, await lockAmendment(w, current, recordId(request.params.aid))));
  };

  app.get<{ Params: { id: string } }>(base, { config: { roles: READ_ROLES } }, async (request) => {
    const id = await contracts.idOf(request.params.id);
    const contract = await db.selectFrom('contracts').select('id').where('id', '=', id).executeTakeFirst();
    if (!contract) throw notFound();
    const entries = await loadAmendments(db, { contractIds: [id] }, currentUser(request));
    const versions = new Map((await db.selectFrom('contract_amendments').select(['id', 'lock_version']).where('contract_id', '=', id).execute()).map((r) => [r.id, r.lock_version]));
    return { entries: entries.map((a) => ({ ...a, lock_version: versions.get(a.id) ?? 0 })), total: entries.length, page: 1, size: Math.max(entries.length, 1) };
  });

  app.get<{ Params: { id: string; aid: string } }>(`${base}/:aid`, { config: { roles: READ_ROLES } }, async (request) => {
    const id = await contracts.idOf(request.params.id);
    const aid = recordId(request.params.aid);
    const row = aid === undefined ? undefined : await db.selectFrom('contract_amendments').select('id').where('id', '=', aid).where('contract_id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return answer(row.id, currentUser(request));
  });

  app.post<{ Params: { id: string } }>(base, { config: { roles: AMENDMENT_WRITE_ROLES } }, async (request, reply) => {
    const user = currentUser(request);
    const id = await contracts.idOf(request.params.id);
    const body = await bodyOf(request, formRules);
    const aid = await contracts.one(user, id, 'create_amendment', async (w, { current }) => {
      const newId = await createAmendment(w, current, parseAmendment(body, current, null));
      await recordAmendment(w, null, newId, 'create');
      return newId;
    });
    return reply.code(201).send(await answer(aid, user));
  });

  app.put<{ Params: { id: string; aid: string } }>(`${base}/:aid`, { config: { roles: AMENDMENT_WRITE_ROLES } }, async (request) => {
    const body = await bodyOf(request, formRules);
    const user = currentUser(request);
    const sent = body.lock_version;
    if (sent !== undefined && sent !== null && sent !== '' && !/^\d{1,9}$/.test(String(sent))) throw new ValidationFailed({ lock_version: ['invalid'] });
    const aid = await onAmendment(request, 'update_amendment', async (w, contract, amendment) => {
      // Edited from an older version: the client gets the amendment as it is now and decides.
      const row = await w.trx.selectFrom('contract_amendments').select('lock_version').where('id', '=', amendment.id).executeTakeFirstOrThrow();
      if (sent !== undefined && sent !== null && sent !== '' && Number(sent) !== row.lock_version) {
        throw new HttpError(409, { ...amendment, lock_version: row.lock_version });
      }
      await updateAmendment(w, contract, amendment, parseAmendment(body, contract, amendment));
      await recordAmendment(w, amendment, amendment.id, 'update');
      return amendment.id;
    });
    return answer(aid, user);
  });

  app.delete<{ Params: { id: string; aid: string } }>(`${base}/:aid`, { config: { roles: AMENDMENT_WRITE_ROLES } }, async (request, reply) => {
    await onAmendment(request, 'destroy_amendment', async (w, _contract, amendment) => {
      await deleteAmendment(ctx, w, amendment);
      await recordAmendment(w, amendment, amendment.id, 'destroy');
    });
    return reply.code(204).send();
  });

  /** approve, reject (comment required), cancel (comment optional): state only, refused from any other state. */
  const moves: { action: AmendmentTransition; comment?: 'required' | 'optional' }[] = [{ action: 'approve' }, { action: 'reject', comment: 'required' }, { action: 'cancel', comment: 'optional' }];
  for (const { action, comment } of moves) {
    app.post<{ Params: { id: string; aid: string } }>(`${base}/:aid/${action}`, { config: { roles: AMENDMENT_TRANSITIONS[action].roles } }, async (request) => {
      const raw = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const body = raw[NAME] && typeof raw[NAME] === 'object' ? unwrap(raw, NAME) : raw;
      failIf(unstorableText(body));
      const text =
        comment === 'required'
          ? valid(check(commentStruct(), body)).state_comment
          : comment === 'optional'
            ? orNull(valid(check(optionalCommentStruct(), body)).state_comment)
            : null;
      const aid = await onAmendment(request, `${action}_amendment`, async (w, _contract, amendment) => {
        await moveAmendment(w, amendment, action, text);
        await recordAmendment(w, amendment, amendment.id, action);
        return amendment.id;
      });
      return answer(aid, currentUser(request));
    });
  }

  /** The signed copy (multipart `document`, pdf, checked by content): signing_pending → signed. */
  app.post<{ Params: { id: string; aid: string } }>(`${base}/:aid/sign`, { config: { roles: AMENDMENT_TRANSITIONS.sign.roles } }, async (request) => {
    const body = await bodyOf(request, signRules);
    const document = body.document;
    if (!isUploadedFile(document)) throw new ValidationFailed({ document: ['blank'] });
    const aid = await onAmendment(request, 'sign_amendment', async (w, contract, amendment) => {
      await moveAmendment(w, amendment, 'sign');
      await addAmendmentDocument(w.trx, contract.id, amendment.id, document, 'signed');
      await recordAmendment(w, amendment, amendment.id, 'sign');
      return amendment.id;
    });
    return answer(aid, currentUser(request));
  });

  /** Applies a signed amendment whose apply_on has come: the contract's terms change in the same transaction. */
  app.post<{ Params: { id: string; aid: string } }>(`${base}/:aid/apply`, { config: { roles: AMENDMENT_TRANSITIONS.apply.roles } }, async (request) => {
    const aid = await onAmendment(request, 'apply_amendment', async (w, contract, amendment) => {
      await applyAmendment(w, contract, amendment);
      await recordAmendment(w, amendment, amendment.id, 'apply');
      await contracts.recorded(w, contract, 'apply_amendment');
      return amendment.id;
    });
    return answer(aid, currentUser(request));
  });
}
