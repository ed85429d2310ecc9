import type { FastifyInstance } from 'fastify';
import { validatePortalPage, type PortalPageInput } from '../../../shared/validation/portal.js';
import type { AppContext } from '../../context.js';
import { byIds, resourceRoutes, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { PORTAL_ROLES, withCleanBody } from './content.js';
import './tables.js';
import { listSource } from '../../http/list-source.js';
import { portalPagesList } from '../../../shared/lists/portal.js';

export interface PortalPageEntity {
  id: number;
  name: string;
  locale: string;
  title: string;
  body: string;
  created_at: Date;
}

/** The portal pages list: the columns of the sorts and filters `shared/lists/portal.ts` names. */
export const PORTAL_PAGE_LIST = listSource(portalPagesList, {
  from: (db) => db.selectFrom('portal_pages').select('portal_pages.id'),
  tieBreaker: 'portal_pages.id',
  sort: {
    id: 'portal_pages.id',
    name: 'portal_pages.name',
    locale: 'portal_pages.locale',
    title: 'portal_pages.title',
    created_at: 'portal_pages.created_at',
  },
  defaultSort: { column: 'name', direction: 'asc' },
  filters: { locale: 'portal_pages.locale' },
  search: ['portal_pages.name', 'portal_pages.title'],
});

/** /portal-pages (spec 1, 2.14, 7.3): the portal finds a page by its name in the vendor's locale. */
export function portalPageRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('PortalPage', PORTAL_ROLES);
  resourceRoutes<PortalPageEntity, PortalPageInput>(app, ctx, {
    base: '/portal-pages',
    name: 'portal_page',
    table: 'portal_pages',
    auditType: 'PortalPage',
    roles: PORTAL_ROLES,
    list: PORTAL_PAGE_LIST,
    load: (db, ids) =>
      byIds(ids, (list) => db.selectFrom('portal_pages').select(['id', 'name', 'locale', 'title', 'body', 'created_at']).where('id', 'in', list).execute()),
    parse: (payload) => valid(validatePortalPage(withCleanBody(payload))),
    create: async ({ trx }, input) => (await trx.insertInto('portal_pages').values(input).returning('id').executeTakeFirstOrThrow()).id,
    update: async ({ trx }, current, input) => {
      await trx.updateTable('portal_pages').set(input).where('id', '=', current.id).execute();
    },
    destroy: async ({ trx }, current) => {
      await trx.deleteFrom('portal_pages').where('id', '=', current.id).execute();
    },
    constraints: { portal_pages_locale_name_key: { name: ['already_used'] } },
  });
}
