import type { FastifyInstance } from 'fastify';
import type { OrganizationLookup } from '../../../shared/entities/organization.js';
import { validateOrganization } from '../../../shared/validation/organizations.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../http/errors.js';
import { isUploadedFile } from '../../http/multipart.js';
import { lookupRoute, recordId, resourceRoutes, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { COUNTRY_CODES, CURRENCY_CODES, type InitData } from '../config/reference.js';
import { loadOrganizations, type OrganizationEntity } from './queries.js';
import { deleteOrganization, logoRule, saveOrganization, type OrganizationWrite, ORGANIZATION_LISTS } from './service.js';
import { listSource } from '../../http/list-source.js';
import { organizationsList } from '../../../shared/lists/organizations.js';

const ROLES = ['admin'];

/** Organizations for pickers and filters everywhere (init data). */
export async function organizationsInitData(db: Db, data: InitData): Promise<void> {
  const rows = await db.selectFrom('organizations').select(['id', 'name', 'country_code', 'number', 'currency']).orderBy('name').execute();
  data.organizations.push(...rows);
}

/** The organizations list: the columns of the sorts and filters `shared/lists/organizations.ts` names. */
export const ORGANIZATION_LIST = listSource(organizationsList, {
  from: (db) => db.selectFrom('organizations').select('organizations.id'),
  tieBreaker: 'organizations.id',
  sort: {
    id: 'organizations.id',
    name: 'organizations.name',
    number: 'organizations.number',
    country_code: 'organizations.country_code',
    currency: 'organizations.currency',
    city: 'organizations.city',
    created_at: 'organizations.created_at',
  },
  defaultSort: { column: 'name', direction: 'asc' },
  filters: {
    country_code: 'organizations.country_code',
    currency: 'organizations.currency',
  },
  search: ['organizations.name', 'organizations.number', 'organizations.city', 'organizations.country_code'],
});

/**
 * /api/organizations (spec 1, 2.10, 7.3): JSON or multipart with the logo as `organization[logo]`,
 * and GET /api/organizations/:id/logo serving the logo to any signed-in user.
 */
export function organizationRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('Organization', ROLES);
  for (const list of Object.values(ORGANIZATION_LISTS)) registerAuditedType(list.auditType, ROLES);

  app.get<{ Params: { id: string } }>('/api/organizations/:id/logo', { config: { roles: [] } }, async (request, reply) => {
    const id = recordId(request.params.id);
    const row = id === undefined ? undefined : await ctx.db.selectFrom('organizations').select(['logo_key', 'logo_content_type']).where('id', '=', id).executeTakeFirst();
    if (!row?.logo_key || !row.logo_content_type) throw notFound();
    const data = await ctx.storage.open(row.logo_key).catch(() => undefined);
    if (!data) throw notFound();
    return reply.type(row.logo_content_type).header('cache-control', 'private, max-age=300').header('content-disposition', 'inline').send(data);
  });

  // `GET /api/organizations/lookup?q=` by name or number for list filters (payments); every signed-in user
  // already has the organizations' names in the init data, so any may ask.
  lookupRoute(app, '/api/organizations/lookup', [], async ({ like, limit }): Promise<OrganizationLookup[]> => {
    const rows = await ctx.db
      .selectFrom('organizations')
      .select(['id', 'name', 'number', 'currency'])
      .where((eb) => eb.or([eb('name', 'ilike', like), eb('number', 'ilike', like)]))
      .orderBy('name')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, label: `${r.name} (${r.number})`, name: r.name, number: r.number, currency: r.currency }));
  });

  resourceRoutes<OrganizationEntity, OrganizationWrite>(app, ctx, {
    base: '/api/organizations',
    name: 'organization',
    table: 'organizations',
    auditType: 'Organization',
    roles: ROLES,
    list: ORGANIZATION_LIST,
    uploads: { 'organization[logo]': logoRule(ctx) },
    load: (db, ids) => loadOrganizations(db, ids),
    parse: (payload) => ({
      ...valid(validateOrganization(payload, { countries: COUNTRY_CODES, currencies: CURRENCY_CODES })),
      logo: isUploadedFile(payload.logo) ? payload.logo : undefined,
    }),
    create: (w, input) => saveOrganization(ctx, w, null, input),
    update: async (w, current, input) => {
      await saveOrganization(ctx, w, current.id, input);
    },
    destroy: (w, current) => deleteOrganization(ctx, w, current.id),
    constraints: {
      organizations_number_key: { number: ['already_used'] },
      organization_signers_user_key: { signers: ['already_used'] },
      organization_signers_user_id_fkey: { signers: ['invalid'] },
      organization_legal_imprints_locale_key: { legal_imprints: ['already_used'] },
      organization_debtor_accounts_currency_key: { debtor_accounts: ['already_used'] },
    },
    auditIgnore: ['full_address'],
  });
}
