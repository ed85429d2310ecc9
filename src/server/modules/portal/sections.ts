import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import { check, required } from '../../../shared/validation/core.js';
import { contentLocale, validatePortalFaqSection, type PortalFaqSectionInput } from '../../../shared/validation/portal.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { ValidationFailed } from '../../http/errors.js';
import { byIds, resourceRoutes, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { PORTAL_ROLES } from './content.js';
import './tables.js';
import { listSource } from '../../http/list-source.js';
import { portalSectionsList } from '../../../shared/lists/portal.js';

export interface PortalFaqSectionEntity {
  id: number;
  name: string;
  locale: string;
  created_at: Date;
}

const LookupQuery = object({ locale: required(contentLocale()) });

function loadSections(db: Db, ids: readonly number[]): Promise<PortalFaqSectionEntity[]> {
  return byIds(ids, (list) => db.selectFrom('portal_faq_sections').select(['id', 'name', 'locale', 'created_at']).where('id', 'in', list).execute());
}

async function hasFaqs(db: Db, sectionId: number): Promise<boolean> {
  return (await db.selectFrom('portal_faqs').select('id').where('portal_faq_section_id', '=', sectionId).limit(1).executeTakeFirst()) !== undefined;
}

/** The portal FAQ sections list: the columns of the sorts and filters `shared/lists/portal.ts` names. */
export const PORTAL_SECTION_LIST = listSource(portalSectionsList, {
  from: (db) => db.selectFrom('portal_faq_sections').select('portal_faq_sections.id'),
  tieBreaker: 'portal_faq_sections.id',
  sort: {
    id: 'portal_faq_sections.id',
    name: 'portal_faq_sections.name',
    locale: 'portal_faq_sections.locale',
    created_at: 'portal_faq_sections.created_at',
  },
  defaultSort: { column: 'name', direction: 'asc' },
  filters: { locale: 'portal_faq_sections.locale' },
  search: ['portal_faq_sections.name'],
});

/** /portal-faq-sections (spec 1, 2.14, 7.3), plus the lookup the FAQ form fills its section select from. */
export function portalFaqSectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('PortalFaqSection', PORTAL_ROLES);

  app.get('/portal-faq-sections/lookup', { config: { roles: PORTAL_ROLES } }, async (request) => {
    const query = check(LookupQuery, request.query ?? {});
    if (!query.ok) throw new ValidationFailed(query.errors);
    return ctx.db
      .selectFrom('portal_faq_sections')
      .select(['id', 'name'])
      .where('locale', '=', query.value.locale)
      .orderBy('name')
      .orderBy('id')
      .execute();
  });

  resourceRoutes<PortalFaqSectionEntity, PortalFaqSectionInput>(app, ctx, {
    base: '/portal-faq-sections',
    name: 'portal_faq_section',
    table: 'portal_faq_sections',
    auditType: 'PortalFaqSection',
    roles: PORTAL_ROLES,
    list: PORTAL_SECTION_LIST,
    load: (db, ids) => loadSections(db, ids),
    parse: (payload) => valid(validatePortalFaqSection(payload)),
    create: async ({ trx }, input) => (await trx.insertInto('portal_faq_sections').values(input).returning('id').executeTakeFirstOrThrow()).id,
    update: async ({ trx }, current, input) => {
      // The FAQs are written in the section's language: moving the section to another would strand them.
      // The row is locked here, so no FAQ can join the section between this check and the update.
      if (input.locale !== current.locale && (await hasFaqs(trx, current.id))) throw new ValidationFailed({ locale: ['has_children'] });
      await trx.updateTable('portal_faq_sections').set(input).where('id', '=', current.id).execute();
    },
    destroy: async ({ trx }, current) => {
      await trx.deleteFrom('portal_faq_sections').where('id', '=', current.id).execute();
    },
    constraints: {
      portal_faq_sections_locale_name_key: { name: ['already_used'] },
      // Deleting a section that still holds FAQs (the reference refuses it, also in a race).
      portal_faqs_section_fkey: { base: ['has_children'] },
    },
  });
}
