import { hasAnyRole } from '../../../shared/roles.js';
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { ContractLookup } from '../../../shared/entities/contract.js';
import { check } from '../../../shared/validation/core.js';
import { orNull } from '../../../shared/validation/fields.js';
import {
  commentStruct,
  CONTRACT_LIST_PARAMS,
  optionalCommentStruct,
  pauseStruct,
  validateContract,
} from '../../../shared/validation/contracts.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { currentUser } from '../../http/auth.js';
import { notFound, unprocessable, ValidationFailed } from '../../http/errors.js';
import { escapeLike } from '../../http/list-query.js';
import { isUploadedFile, readBody } from '../../http/multipart.js';
import { failIf, lookupRoute, recordWriter, type Resource, resourceRoutes, unstorableText, unwrap, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { registerRevenueSourceUsage } from '../revenue-sources/queries.js';
import { type ContractEntity, loadContracts, TAGGABLE_TYPE } from './queries.js';
import { type ContractWrite, copyAsInput, createContract, deleteContract, documentRule, entityAsInput, pdfRule, signContract, updateContract } from './service.js';
import { amendmentRoutes } from './amendments.js';
import { generateContractDocument } from './contract-pdf.js';
import { emailOf, idsOf } from './payload.js';
import { terminationRoutes } from './termination-requests.js';
import { allowedFrom, APPROVE_ROLES, CANCEL_ROLES, HOLD_ROLES, READ_ROLES, SIGN_ROLES, targetState, WRITE_ROLES } from './state-machine.js';
import { organizationSigners } from './signers.js';
import { refuseSourceConflicts, sourceConflictsRoute } from './source-overlap.js';
import { listSource } from '../../http/list-source.js';
import { contractsList } from '../../../shared/lists/contracts.js';

const LIST_VALUES: readonly string[] = CONTRACT_LIST_PARAMS;
/** Amendments someone still has to act on: approve, sign or apply. */
const PENDING_AMENDMENT_STATES = ['approval_pending', 'signing_pending', 'signed'];

/**
 * `list=` of the five tabs (spec 2, section 2): the tab's path with dashes as underscores; and
 * `awaiting_approval`, what an approver decides (issue 24, item 11), which is all an approver without
 * the contracts role lists, whatever the tab.
 */
function listCondition(query: Record<string, unknown>, viewer: { roles: readonly string[] }) {
  const asked = query.list ?? 'all';
  const list = !hasAnyRole(viewer.roles, WRITE_ROLES) && typeof asked === 'string' && LIST_VALUES.includes(asked) ? 'awaiting_approval' : asked;
  if (typeof list !== 'string' || !LIST_VALUES.includes(list)) throw unprocessable({ list: ['invalid'] });
  if (list === 'approval_pending' || list === 'signing_pending') return sql<SqlBool>`contracts.state = ${list}`;
  if (list === 'amendments_pending') {
    return sql<SqlBool>`EXISTS (SELECT 1 FROM contract_amendments a WHERE a.contract_id = contracts.id AND a.state = ANY(${PENDING_AMENDMENT_STATES}::text[]))`;
  }
  if (list === 'awaiting_approval') {
    // What an approver decides: the contract, an amendment or a termination request waiting for approval.
    return sql<SqlBool>`(contracts.state = 'approval_pending'
      OR EXISTS (SELECT 1 FROM contract_amendments a WHERE a.contract_id = contracts.id AND a.state = 'approval_pending')
      OR EXISTS (SELECT 1 FROM contract_termination_requests t WHERE t.contract_id = contracts.id AND t.state = 'pending'))`;
  }
  if (list === 'termination_pending') {
    return sql<SqlBool>`EXISTS (SELECT 1 FROM contract_termination_requests t WHERE t.contract_id = contracts.id AND t.state = 'pending')`;
  }
  return sql<SqlBool>`true`;
}

const anyOf = (value: unknown) => (Array.isArray(value) ? value : [value]);
/** The state filter also takes `signature_pending`, the other spelling of signing_pending (spec 2, section 2). */
const stateValues = (value: unknown) => anyOf(value).map((v) => (v === 'signature_pending' ? 'signing_pending' : v));

/** The payload in the form's shape: entity-shaped lists and signer objects become ids and addresses. */
function asFormPayload(payload: Record<string, unknown>): Record<string, unknown> {
  return {
    ...payload,
    revenue_source_ids: payload.revenue_source_ids ?? idsOf(payload.revenue_sources),
    tag_ids: payload.tag_ids ?? idsOf(payload.tags),
    primary_signer_email: emailOf(payload.primary_signer_email),
    secondary_signer_email: emailOf(payload.secondary_signer_email),
  };
}

/** A transition's comment, given bare or under `contract`. */
function commentOf(params: Record<string, unknown>): Record<string, unknown> {
  return params.contract && typeof params.contract === 'object' ? unwrap(params, 'contract') : params;
}

/** The contracts list: its `list=` views (`from`), filters, sorts and search (spec 2, "Contracts"). */
export const CONTRACT_LIST = listSource(contractsList, {
  from: (db, query, viewer) => {
    const qb = db.selectFrom('contracts').innerJoin('organizations', 'organizations.id', 'contracts.organization_id').select('contracts.id');
    return viewer ? qb.where(listCondition(query, viewer)) : qb;
  },
  tieBreaker: 'contracts.id',
  sort: {
    id: 'contracts.id',
    active_from: { column: 'contracts.active_from', nullable: true },
    active_to: { column: 'contracts.active_to', nullable: true },
    contract_type: 'contracts.contract_type',
    currency: 'contracts.currency',
    state: 'contracts.state',
    created_at: 'contracts.created_at',
  },
  defaultSort: { column: 'created_at', direction: 'desc' },
  filters: {
    state: (v) => sql<SqlBool>`contracts.state = ANY(${stateValues(v)}::text[])`,
    organization_id: 'contracts.organization_id',
    contract_type: 'contracts.contract_type',
    vendor_id: (v) => sql<SqlBool>`EXISTS (SELECT 1 FROM contract_vendors cv WHERE cv.contract_id = contracts.id AND cv.vendor_id = ANY(${anyOf(v)}::bigint[]))`,
    payout_on_hold: (v) =>
      v === true || v === 'true' || v === '1' || v === 1
        ? sql<SqlBool>`EXISTS (SELECT 1 FROM contract_vendors cv WHERE cv.contract_id = contracts.id AND cv.payout_on_hold)`
        : sql<SqlBool>`NOT EXISTS (SELECT 1 FROM contract_vendors cv WHERE cv.contract_id = contracts.id AND cv.payout_on_hold)`,
    tag_ids: (v) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM taggings t WHERE t.taggable_type = ${TAGGABLE_TYPE} AND t.taggable_id = contracts.id AND t.tag_id = ANY(${anyOf(v)}::bigint[]))`,
  },
  search: ['organizations.name'],
});

/** /api/contracts (spec 2, sections 2-7; DOMAIN.md "Contracts"). */
export function contractRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  registerAuditedType('Contract', READ_ROLES, 'contract');
  registerAuditedType('ContractVendor', READ_ROLES);
  registerAuditedType('ContractRevenueShare', READ_ROLES);
  registerRevenueSourceUsage('contracts', async (db, id) =>
    Boolean(await db.selectFrom('contract_revenue_sources').select('contract_id').where('revenue_source_id', '=', id).limit(1).executeTakeFirst()),
  );

  const resource: Resource<ContractEntity, ContractWrite> = {
    base: '/api/contracts',
    name: 'contract',
    table: 'contracts',
    auditType: 'Contract',
    roles: WRITE_ROLES,
    readRoles: READ_ROLES,
    // Spec 2, section 2: the list needs role contracts; an approver lists only what waits for approval (issue 24, item 11).
    listRoles: READ_ROLES,
    list: CONTRACT_LIST,
    uploads: { 'contract[document]': documentRule(ctx) },
    load: (db, ids, viewer) => loadContracts(db, ids, viewer),
    parse: (payload, current) => {
      const document = isUploadedFile(payload.document) ? payload.document : undefined;
      const merged = asFormPayload(current ? { ...entityAsInput(current), ...payload } : payload);
      const input = valid(
        validateContract(merged, {
          hasDocument: Boolean(document) || Boolean(current?.document_url),
          skipDocumentRule: Boolean(current && !current.state_editable),
          // Pro templates and inactive vendors need the user and the database: checked in the write.
          mayUseProTemplates: true,
        }),
      );
      return { ...input, document };
    },
    create: (w, input) => createContract(w, input),
    update: (w, current, input) => updateContract(w, current, input),
    destroy: (w, current) => deleteContract(ctx, w, current),
    constraints: {
      contracts_organization_id_fkey: { organization_id: ['invalid'] },
      contracts_signers_distinct: { secondary_signer_email: ['already_used'] },
      contract_vendors_vendor_key: { contract_vendors: ['already_used'] },
      contract_vendors_vendor_id_fkey: { contract_vendors: ['invalid'] },
      contract_revenue_shares_type_key: { revenue_shares: ['already_used'] },
      contract_revenue_sources_revenue_source_id_fkey: { revenue_source_ids: ['invalid'] },
      taggings_tag_id_fkey: { tag_ids: ['invalid'] },
    },
    auditIgnore: [
      'organization',
      'state_editable',
      'state_deletable',
      'state_final',
      'can_submit_for_approval',
      'can_approve',
      'can_reject',
      'can_cancel',
      'can_sign',
      'can_create_amendment',
      'amendments',
      'active_from',
      'active_to',
      'updated_at',
    ],
    actions: {
      approve: {
        roles: APPROVE_ROLES,
        flag: (c) => allowedFrom('approve', c.state),
        run: async (w, current) => {
          // One contract per source and day (DOMAIN "Allocation"): refused naming the other contract.
          await refuseSourceConflicts(w.trx, current.id, current.revenue_sources.map((s) => s.id), current.start_date, current.end_date);
          await setState(w.trx, current.id, targetState('approve', current.state), null);
          // A template's document is written now, in this transaction: if it fails, the approval does too.
          if (current.template_name) await generateContractDocument(ctx.storage, w, current);
        },
      },
      reject: {
        roles: APPROVE_ROLES,
        flag: (c) => allowedFrom('reject', c.state),
        run: async (w, current, params) => {
          const { state_comment } = valid(check(commentStruct(), commentOf(params)));
          await setState(w.trx, current.id, targetState('reject', current.state), state_comment);
        },
      },
      cancel: {
        roles: CANCEL_ROLES,
        flag: (c) => allowedFrom('cancel', c.state),
        run: async (w, current, params) => {
          const { state_comment } = valid(check(optionalCommentStruct(), commentOf(params)));
          await setState(w.trx, current.id, targetState('cancel', current.state), orNull(state_comment));
        },
      },
    },
  };
  const writer = recordWriter(db, resource);

  /** `GET /api/contracts/lookup?q=`: by id, organization or vendor name (palette, payment filters). */
  // The signer pickers: the organization's signers only, which is what a contract may name.
  app.get('/api/contracts/signers', { config: { roles: WRITE_ROLES } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const organizationId = typeof query.organization_id === 'string' && /^\d{1,15}$/.test(query.organization_id) ? Number(query.organization_id) : undefined;
    if (organizationId === undefined) throw new ValidationFailed({ organization_id: ['invalid'] });
    const q = typeof query.q === 'string' && !query.q.includes('\0') ? query.q.trim().slice(0, 200) : '';
    return organizationSigners(db, organizationId, `%${escapeLike(q)}%`, 20);
  });

  sourceConflictsRoute(app, db, WRITE_ROLES);

  // The payments list filters by contract too (spec 3, 2.1).
  lookupRoute(app, '/api/contracts/lookup', [...READ_ROLES, 'payments'], async ({ q, like, limit }): Promise<ContractLookup[]> => {
    const rows = await db
      .selectFrom('contracts')
      .innerJoin('organizations', 'organizations.id', 'contracts.organization_id')
      .select(['contracts.id', 'contracts.state', 'contracts.organization_id', 'organizations.name as organization_name', 'contracts.contract_type', 'contracts.start_date'])
      .where((eb) =>
        eb.or([
          sql<SqlBool>`contracts.id::text = ${q}`,
          eb('organizations.name', 'ilike', like),
          sql<SqlBool>`EXISTS (SELECT 1 FROM contract_vendors cv JOIN vendors v ON v.id = cv.vendor_id WHERE cv.contract_id = contracts.id AND v.name ILIKE ${like})`,
        ]),
      )
      .orderBy('contracts.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      label: `#${r.id} ${r.organization_name} (${r.contract_type}, ${r.start_date})`,
      state: r.state,
      organization: { id: r.organization_id, name: r.organization_name },
    }));
  });

  resourceRoutes<ContractEntity, ContractWrite>(app, ctx, resource);
  terminationRoutes(app, ctx, writer);
  amendmentRoutes(app, ctx, writer);

  /** The signed copy (multipart `document`, pdf): signing_pending → signed (DOMAIN.md). */
  const signRules = { 'contract[document]': pdfRule(ctx), document: pdfRule(ctx) };
  app.post<{ Params: { id: string } }>('/api/contracts/:id/sign', { config: { roles: SIGN_ROLES } }, async (request) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    const raw = await readBody(request, signRules);
    const body = raw.contract && typeof raw.contract === 'object' ? unwrap(raw, 'contract') : raw;
    failIf(unstorableText(body));
    const document = body.document;
    if (!isUploadedFile(document)) throw new ValidationFailed({ document: ['blank'] });
    await writer.one(user, id, 'sign', async (w, { current }) => {
      if (!allowedFrom('sign', current.state)) throw new ValidationFailed({ base: ['ineligible'] });
      await signContract(w, current, document);
      await writer.recorded(w, current, 'sign');
    });
    return writer.answer(db, id, user);
  });

  /**
   * `POST /api/contracts/{id}/contract_vendors/{cvId}/pause` (with `payout_on_hold_reason`) and `.../resume`:
   * a vendor's payouts go on hold and come back, only on final contracts (spec 2, section 4).
   */
  for (const action of ['pause', 'resume'] as const) {
    app.post<{ Params: { id: string; cvId: string } }>(`/api/contracts/:id/contract_vendors/:cvId/${action}`, { config: { roles: HOLD_ROLES } }, async (request) => {
      const user = currentUser(request);
      const id = await writer.idOf(request.params.id);
      const cvId = /^\d{1,15}$/.test(request.params.cvId) ? Number(request.params.cvId) : undefined;
      const raw = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const body = raw.contract_vendor && typeof raw.contract_vendor === 'object' ? unwrap(raw, 'contract_vendor') : raw;
      failIf(unstorableText(body));
      const reason = action === 'pause' ? valid(check(pauseStruct(), body)).payout_on_hold_reason : null;
      await writer.one(user, id, `${action}_vendor`, async (w, { current }) => {
        const vendor = current.contract_vendors.find((v) => v.id === cvId);
        if (!vendor) throw notFound();
        if (!current.state_final || vendor.payout_on_hold === (action === 'pause')) throw new ValidationFailed({ base: ['ineligible'] });
        await w.trx
          .updateTable('contract_vendors')
          .set({ payout_on_hold: action === 'pause', payout_on_hold_reason: reason, payout_on_hold_at: action === 'pause' ? new Date() : null })
          .where('id', '=', vendor.id)
          .execute();
        await writer.recorded(w, current, `${action}_vendor`);
      });
      return writer.answer(db, id, user);
    });
  }

  /** `GET /api/contracts/{id}/copy`: the contract as the payload of a new draft, for `/contracts/new?src_id=`. */
  app.get<{ Params: { id: string } }>('/api/contracts/:id/copy', { config: { roles: WRITE_ROLES } }, async (request) => {
    const id = await writer.idOf(request.params.id);
    const [source] = await loadContracts(db, [id], currentUser(request));
    if (!source) throw notFound();
    return { contract: copyAsInput(source) };
  });

  /** A document of the contract, for users who may read it. */
  app.get<{ Params: { id: string; documentId: string } }>('/api/contracts/:id/documents/:documentId', { config: { roles: READ_ROLES } }, async (request, reply) => {
    const id = await writer.idOf(request.params.id);
    const documentId = /^\d{1,15}$/.test(request.params.documentId) ? Number(request.params.documentId) : undefined;
    const row = documentId === undefined ? undefined : await db.selectFrom('contract_documents').selectAll().where('contract_id', '=', id).where('id', '=', documentId).executeTakeFirst();
    if (!row) throw notFound();
    const data = await ctx.storage.open(row.file_key).catch(() => undefined);
    if (!data) throw notFound();
    const ext = row.content_type === 'application/zip' ? 'zip' : 'pdf';
    return reply.type(row.content_type).header('content-disposition', `attachment; filename="contract-${id}-${row.kind}-${row.id}.${ext}"`).send(data);
  });
}

async function setState(trx: Db, id: number, state: ContractEntity['state'], comment: string | null): Promise<void> {
  await trx.updateTable('contracts').set({ state, state_comment: comment }).where('id', '=', id).execute();
}
