import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { hasAnyRole, VENDOR_LIST_ROLES, VENDOR_ROLES } from '../../../shared/roles.js';
import { check } from '../../../shared/validation/core.js';
import { asList } from '../../../shared/validation/fields.js';
import {
  confirmChangeRequestStruct,
  resendConfirmationStruct,
  validateApplyToContracts,
  validateVendor,
  VENDOR_LIST_PARAMS,
} from '../../../shared/validation/vendors.js';
import type { AppContext, CurrentUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { currentUser } from '../../http/auth.js';
import { forbidden, notFound, unprocessable, ValidationFailed } from '../../http/errors.js';
import { isUploadedFile, readBody } from '../../http/multipart.js';
import { escapeLike } from '../../http/list-query.js';
import { LOOKUP_LIMIT, recordWriter, type Resource, resourceRoutes, unstorableText, unwrap, valid, failIf } from '../../http/resource.js';
import { audit } from '../audit/audit.js';
import { registerAuditedType } from '../audit/routes.js';
import { COUNTRY_CODES } from '../config/reference.js';
import { cancelChangeRequest, confirmChangeRequest, createVendor, updateVendor } from './change-requests.js';
import { portalAccess } from './portal-hooks.js';
import { fullNumberSql, loadDetailed, loadVendors, portalConfirmation, VENDOR_AUDIT_IGNORE, vendorRefs, type VendorEntity } from './queries.js';
import { deleteVendor, documentRule, entityAsInput, VENDOR_LISTS, type VendorWrite } from './service.js';
import { listSource } from '../../http/list-source.js';
import { vendorsList } from '../../../shared/lists/vendors.js';

const LIST_ROLES = VENDOR_LIST_ROLES;
/** Activate and deactivate: admin or vendors_admin. */
const STATE_ROLES = ['vendors_admin'];
/** Confirming a change request uploads the confirmation document: admin only. */
const ADMIN = ['admin'];
/** Contract forms pick vendors (the detailed lookup). */
const DETAILED_LOOKUP_ROLES = [...LIST_ROLES, 'contracts', 'contracts_admin', 'contracts_approve'];
/** The payments list filters by vendor (spec 3, 2.1): names and numbers only, not the detailed view. */
const LOOKUP_ROLES = [...DETAILED_LOOKUP_ROLES, 'payments'];

const LIST_VALUES: readonly string[] = VENDOR_LIST_PARAMS;

/**
 * `list=` of the three tabs: all, confirmation_pending (new, or a change request pending; a confirmed one
 * waiting for its day needs nobody), managed_by_me.
 */
function listCondition(query: Record<string, unknown>, viewer: CurrentUser) {
  const list = query.list ?? 'all';
  if (typeof list !== 'string' || !LIST_VALUES.includes(list)) throw unprocessable({ list: ['invalid'] });
  if (list === 'confirmation_pending') return sql<SqlBool>`(vendors.state = 'new' OR (vendors.change_request ->> 'agreement_status') = 'pending')`;
  if (list === 'managed_by_me') return sql<SqlBool>`vendors.account_manager_id = ${viewer.id}`;
  return sql<SqlBool>`true`;
}

const anyOf = (value: unknown) => (Array.isArray(value) ? value : [value]);

/**
 * Tags and referenced vendors may come as the entity has them (`tags: [{id, name}]`) or as ids
 * (`tag_ids`); the ids win. A partial update that names neither keeps the stored ones (they come
 * with the locked record the payload is merged over).
 */
function idsOf(value: unknown): unknown {
  const items = asList(value);
  if (!Array.isArray(items)) return value;
  return items.map((item) => (item && typeof item === 'object' && 'id' in item ? (item as { id: unknown }).id : item));
}

/** The vendors list: its `list=` views (`from`), filters, sorts and search (spec 2, "Vendors"). */
export const VENDOR_LIST = listSource(vendorsList, {
  from: (db, query, viewer) => {
    const qb = db.selectFrom('vendors').select('vendors.id');
    return viewer ? qb.where(listCondition(query, viewer)) : qb;
  },
  tieBreaker: 'vendors.id',
  sort: {
    id: 'vendors.id',
    number: 'vendors.number',
    name: 'vendors.name',
    type: 'vendors.type',
    state: 'vendors.state',
    created_at: 'vendors.created_at',
  },
  defaultSort: { column: 'created_at', direction: 'desc' },
  filters: {
    organization_id: 'vendors.organization_id',
    type: 'vendors.type',
    state: 'vendors.state',
    source: 'vendors.source',
    account_manager_id: 'vendors.account_manager_id',
    inactive: 'vendors.inactive',
    country_code: (v) => sql<SqlBool>`EXISTS (SELECT 1 FROM vendor_addresses a WHERE a.vendor_id = vendors.id AND a.country_code = ANY(${anyOf(v)}::text[]))`,
    tag_ids: (v) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM taggings t WHERE t.taggable_type = 'Vendor' AND t.taggable_id = vendors.id AND t.tag_id = ANY(${anyOf(v)}::bigint[]))`,
    // Vendors with a contract whose active range overlaps that month (DOMAIN.md "Contracts"): the
    // range is empty until signed, so `active_from` set means signed or terminated; no end is open.
    active_contract_month: (v) => sql<SqlBool>`EXISTS (SELECT 1 FROM contract_vendors cv JOIN contracts c ON c.id = cv.contract_id
      WHERE cv.vendor_id = vendors.id
        AND c.active_from < (date_trunc('month', ${v}::date) + interval '1 month')::date
        AND (c.active_to IS NULL OR c.active_to >= date_trunc('month', ${v}::date)::date))`,
  },
  search: ['vendors.name', 'vendors.number'],
});

export function vendorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  registerAuditedType('Vendor', VENDOR_ROLES, 'vendor');
  for (const list of Object.values(VENDOR_LISTS)) registerAuditedType(list.auditType, VENDOR_ROLES);

  const resource: Resource<VendorEntity, VendorWrite> = {
    base: '/api/vendors',
    name: 'vendor',
    table: 'vendors',
    auditType: 'Vendor',
    roles: VENDOR_ROLES,
    listRoles: LIST_ROLES,
    destroyRoles: LIST_ROLES,
    list: VENDOR_LIST,
    uploads: { 'vendor[confirmation_document]': documentRule(ctx) },
    load: (db, ids, viewer) => loadVendors(db, ids, viewer),
    parse: (payload, current, sent) => {
      const document = isUploadedFile(payload.confirmation_document) ? payload.confirmation_document : undefined;
      // A partial update keeps the stored lists the payload does not name.
      const merged = current
        ? {
            ...entityAsInput(current),
            ...payload,
            tag_ids: payload.tag_ids ?? idsOf(payload.tags),
            referenced_vendor_ids: payload.referenced_vendor_ids ?? idsOf(payload.referenced_vendors),
            // From when this save's changes apply: sent with the save (the stored date too: a vendor
            // confirmed today changes again from today), never the stored one standing in for none.
            valid_from: Object.hasOwn(sent, 'valid_from') ? sent.valid_from : null,
          }
        : { ...payload, tag_ids: payload.tag_ids ?? idsOf(payload.tags), referenced_vendor_ids: payload.referenced_vendor_ids ?? idsOf(payload.referenced_vendors) };
      const input = valid(validateVendor(merged, { confirmed: current?.state === 'confirmed', withConfirmationDocument: !!document, countries: COUNTRY_CODES }));
      return { ...input, confirmation_document: document };
    },
    create: (w, input) => createVendor(w, input),
    update: (w, current, input) => updateVendor(w, current, input),
    destroy: async (w, current) => {
      // Only a new vendor without a pending change request (spec 2, section 4).
      if (!current.deletable) throw new ValidationFailed({ base: ['ineligible'] });
      await deleteVendor(ctx, w, current.id);
    },
    constraints: {
      vendors_number_key: { number: ['already_used'] },
      vendors_organization_id_fkey: { organization_id: ['invalid'] },
      vendors_account_manager_id_fkey: { account_manager_id: ['invalid'] },
      vendor_contact_emails_unique_key: { contacts: ['already_used'] },
      vendor_contact_emails_one_signing: { contacts: ['only_one_signing_email'] },
      vendor_contact_emails_one_portal: { contacts: ['only_one_portal_email'] },
      vendor_payment_methods_iban_key: { payment_methods: ['already_used'] },
      // Another vendor pays through this bank method (alternative payee): it cannot be removed.
      vendor_payment_methods_source_payment_method_id_fkey: { payment_methods: ['in_use'] },
      vendor_payment_methods_bank_id_fkey: { payment_methods: ['invalid'] },
    },
    auditIgnore: VENDOR_AUDIT_IGNORE,
    actions: {
      activate: { roles: STATE_ROLES, flag: 'inactive', run: (w, current) => setInactive(w.trx, current.id, false) },
      deactivate: { roles: STATE_ROLES, flag: (v) => !v.inactive, run: (w, current) => setInactive(w.trx, current.id, true) },
    },
  };
  const writer = recordWriter(db, resource);

  /** `GET /api/vendors/lookup?q=` by name or number (plain or full); `view=detailed` adds payment methods and contacts. */
  app.get('/api/vendors/lookup', { config: { roles: LOOKUP_ROLES } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    failIf(unstorableText(query));
    const q = typeof query.q === 'string' ? query.q.trim().slice(0, 200) : '';
    if (query.q !== undefined && typeof query.q !== 'string') throw unprocessable({ q: ['invalid'] });
    const org = query.organization_id;
    if (org !== undefined && (typeof org !== 'string' || !/^\d{1,15}$/.test(org))) throw unprocessable({ organization_id: ['invalid'] });
    if (query.view !== undefined && query.view !== 'detailed') throw unprocessable({ view: ['invalid'] });
    if (query.view === 'detailed' && !hasAnyRole(currentUser(request).roles, DETAILED_LOOKUP_ROLES)) throw forbidden();
    const like = `%${escapeLike(q)}%`;
    let qb = db
      .selectFrom('vendors')
      .innerJoin('organizations', 'organizations.id', 'vendors.organization_id')
      .select('vendors.id')
      .where((eb) => eb.or([eb('vendors.name', 'ilike', like), sql<SqlBool>`vendors.number::text ILIKE ${like}`, sql<SqlBool>`${fullNumberSql} ILIKE ${like}`]))
      .orderBy('vendors.name')
      .orderBy('vendors.id')
      .limit(LOOKUP_LIMIT);
    if (org) qb = qb.where('vendors.organization_id', '=', Number(org));
    const ids = (await qb.execute()).map((r) => r.id);
    if (query.view === 'detailed') return loadDetailed(db, ids);
    const refs = await vendorRefs(db, ids);
    return ids.flatMap((id) => refs.get(id) ?? []);
  });

  resourceRoutes<VendorEntity, VendorWrite>(app, ctx, resource);

  /** A confirmation document (pdf) of the vendor. */
  app.get<{ Params: { id: string; documentId: string } }>('/api/vendors/:id/documents/:documentId', { config: { roles: VENDOR_ROLES } }, async (request, reply) => {
    const id = await writer.idOf(request.params.id);
    const documentId = /^\d{1,15}$/.test(request.params.documentId) ? Number(request.params.documentId) : undefined;
    const row = documentId === undefined ? undefined : await db.selectFrom('vendor_documents').selectAll().where('vendor_id', '=', id).where('id', '=', documentId).executeTakeFirst();
    if (!row) throw notFound();
    const data = await ctx.storage.open(row.file_key).catch(() => undefined);
    if (!data) throw notFound();
    return reply.type(row.content_type).header('content-disposition', `attachment; filename="vendor-${id}-confirmation-${row.id}.pdf"`).send(data);
  });

  /** Cancels the pending change request; answers the vendor as it is now (spec 2, "Change-request alert"). */
  app.delete<{ Params: { id: string } }>('/api/vendors/:id/change_request', { config: { roles: VENDOR_ROLES } }, async (request) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    await writer.one(user, id, 'cancel_change_request', async (w, { current }) => {
      if (!current.readonly) throw new ValidationFailed({ base: ['ineligible'] });
      await cancelChangeRequest(w, current);
      await writer.recorded(w, current, 'cancel_change_request');
    });
    return writer.answer(db, id, user);
  });

  /** Confirms it (admin, multipart with the signed `confirmation_document`, optional `valid_from`). */
  const confirmRules = { 'vendor[confirmation_document]': documentRule(ctx), confirmation_document: documentRule(ctx) };
  app.post<{ Params: { id: string } }>('/api/vendors/:id/change_request/confirm', { config: { roles: ADMIN } }, async (request) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    const raw = await readBody(request, confirmRules);
    const body = raw.vendor && typeof raw.vendor === 'object' ? unwrap(raw, 'vendor') : raw;
    failIf(unstorableText(body));
    const params = valid(check(confirmChangeRequestStruct(), body));
    const document = body.confirmation_document;
    if (!isUploadedFile(document)) throw new ValidationFailed({ confirmation_document: ['blank'] });
    await writer.one(user, id, 'confirm_change_request', async (w, { current }) => {
      // A confirmed change waiting for its day is confirmed already.
      if (current.change_request_changes?.agreement_status !== 'pending') throw new ValidationFailed({ base: ['ineligible'] });
      await confirmChangeRequest(w, current, document, params.valid_from ?? null);
      await writer.recorded(w, current, 'confirm_change_request');
    });
    return writer.answer(db, id, user);
  });

  /** Sends the portal confirmation mail again: only while the email is pending. */
  app.post<{ Params: { id: string } }>('/api/vendors/:id/resend_confirmation_instructions', { config: { roles: VENDOR_ROLES } }, async (request) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    const body = unwrap({ vendor: request.body }, 'vendor');
    failIf(unstorableText(body));
    const { vendor_contact_email_id: emailId } = valid(check(resendConfirmationStruct(), body));
    await writer.one(user, id, 'resend_confirmation_instructions', async (w) => {
      const email = await w.trx.selectFrom('vendor_contact_emails').selectAll().where('id', '=', emailId).where('vendor_id', '=', id).forUpdate().executeTakeFirst();
      if (!email) throw new ValidationFailed({ vendor_contact_email_id: ['invalid'] });
      if (portalConfirmation(email) !== 'pending') throw new ValidationFailed({ vendor_contact_email_id: ['ineligible'] });
      await portalAccess.sendConfirmation(ctx, w, email);
    });
    return writer.answer(db, id, user);
  });

  /**
   * Assigns a payment method to contract vendors of this vendor, in every contract state: the method is
   * not one of a contract's terms (DOMAIN.md: those change only by amendment), and payments already
   * created keep the method they were made with. Ids of other vendors' rows refuse the whole request.
   */
  app.post<{ Params: { id: string; methodId: string } }>('/api/vendors/:id/payment_methods/:methodId/apply_to_contracts', { config: { roles: VENDOR_ROLES } }, async (request) => {
    const user = currentUser(request);
    const id = await writer.idOf(request.params.id);
    const methodId = /^\d{1,15}$/.test(request.params.methodId) ? Number(request.params.methodId) : undefined;
    const method = methodId === undefined ? undefined : await db.selectFrom('vendor_payment_methods').select('id').where('id', '=', methodId).where('vendor_id', '=', id).executeTakeFirst();
    if (!method) throw notFound();
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const { contract_vendor_ids: ids } = valid(validateApplyToContracts(body.contract_vendor_ids !== undefined ? body : unwrap(body, 'vendor')));
    const wanted = [...new Set(ids)];
    let updated = 0;
    await writer.one(user, id, 'apply_to_contracts', async (w) => {
      const own = await w.trx
        .selectFrom('contract_vendors')
        .select(['id', 'vendor_payment_method_id'])
        .where('id', 'in', wanted)
        .where('vendor_id', '=', id)
        .forUpdate()
        .execute();
      const ownIds = new Set(own.map((r) => r.id));
      const foreign = wanted.filter((cv) => !ownIds.has(cv));
      if (foreign.length) throw new ValidationFailed(Object.fromEntries(foreign.map((cv) => [`contract_vendor_ids.${cv}`, ['invalid']])));
      const result = await w.trx.updateTable('contract_vendors').set({ vendor_payment_method_id: method.id, updated_at: new Date() }).where('id', 'in', wanted).where('vendor_id', '=', id).executeTakeFirst();
      updated = Number(result.numUpdatedRows);
      // On the vendor's trail (its audit-logs tab): which contract vendor moved from which method to which.
      const changes = Object.fromEntries(own.map((r) => [`contract_vendors.${r.id}.vendor_payment_method_id`, [r.vendor_payment_method_id, method.id]]));
      await audit(w.trx, { action: 'apply_to_contracts', type: 'Vendor', id, changes, userId: user.id });
    });
    return { updated };
  });
}

async function setInactive(trx: Db, id: number, inactive: boolean): Promise<void> {
  await trx.updateTable('vendors').set({ inactive }).where('id', '=', id).execute();
}
