import type { FastifyInstance } from 'fastify';
import { validatePortalFaq, type PortalFaqInput } from '../../../shared/validation/portal.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { ValidationFailed } from '../../http/errors.js';
import { byIds, resourceRoutes, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { PORTAL_ROLES, withCleanBody } from './content.js';
import './tables.js';
import { listSource } from '../../http/list-source.js';
import { portalFaqsList } from '../../../shared/lists/portal.js';

export interface PortalFaqEntity {
  id: number;
  title: string;
  body: string;
  locale: string;
  portal_faq_section_id: number;
  portal_faq_section: { id: number; name: string; locale: string };
  created_at: Date;
}

async function loadFaqs(db: Db, ids: readonly number[]): Promise<PortalFaqEntity[]> {
  const rows = await byIds(ids, (list) =>
    db
      .selectFrom('portal_faqs')
      .innerJoin('portal_faq_sections', 'portal_faq_sections.id', 'portal_faqs.portal_faq_section_id')
      .select([
        'portal_faqs.id',
        'portal_faqs.title',
        'portal_faqs.body',
        'portal_faqs.locale',
        'portal_faqs.portal_faq_section_id',
        'portal_faq_sections.name as section_name',
        'portal_faqs.created_at',
      ])
      .where('portal_faqs.id', 'in', list)
      .execute(),
  );
  return rows.map(({ section_name, ...faq }) => ({
    ...faq,
    portal_faq_section: { id: faq.portal_faq_section_id, name: section_name, locale: faq.locale },
  }));
}

/**
 * The FAQ's locale: its section's. A section that does not exist or is of another locale than the one
 * the form chose is refused; the (section, locale) reference backs this up against races.
 */
async function sectionLocale(db: Db, input: PortalFaqInput): Promise<string> {
  const section = await db.selectFrom('portal_faq_sections').select('locale').where('id', '=', input.portal_faq_section_id).executeTakeFirst();
  if (!section || (input.locale && input.locale !== section.locale)) throw new ValidationFailed({ portal_faq_section_id: ['invalid'] });
  return section.locale;
}

async function row(db: Db, input: PortalFaqInput) {
  return { portal_faq_section_id: input.portal_faq_section_id, locale: await sectionLocale(db, input), title: input.title, body: input.body };
}

/** The portal FAQs list: the columns of the sorts and filters `shared/lists/portal.ts` names. */
export const PORTAL_FAQ_LIST = listSource(portalFaqsList, {
  from: (db) =>
    db
      .selectFrom('portal_faqs')
      .innerJoin('portal_faq_sections', 'portal_faq_sections.id', 'portal_faqs.portal_faq_section_id')
      .select('portal_faqs.id'),
  tieBreaker: 'portal_faqs.id',
  sort: {
    id: 'portal_faqs.id',
    title: 'portal_faqs.title',
    locale: 'portal_faqs.locale',
    portal_faq_section: 'portal_faq_sections.name',
    created_at: 'portal_faqs.created_at',
  },
  defaultSort: { column: 'title', direction: 'asc' },
  filters: {
    locale: 'portal_faqs.locale',
    portal_faq_section_id: 'portal_faqs.portal_faq_section_id',
  },
  search: ['portal_faqs.title'],
});

/** /portal-faqs (spec 1, 2.14, 7.3). */
export function portalFaqRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('PortalFaq', PORTAL_ROLES);
  resourceRoutes<PortalFaqEntity, PortalFaqInput>(app, ctx, {
    base: '/portal-faqs',
    name: 'portal_faq',
    table: 'portal_faqs',
    auditType: 'PortalFaq',
    roles: PORTAL_ROLES,
    list: PORTAL_FAQ_LIST,
    load: (db, ids) => loadFaqs(db, ids),
    parse: (payload) => valid(validatePortalFaq(withCleanBody(payload))),
    create: async ({ trx }, input) => (await trx.insertInto('portal_faqs').values(await row(trx, input)).returning('id').executeTakeFirstOrThrow()).id,
    update: async ({ trx }, current, input) => {
      await trx.updateTable('portal_faqs').set(await row(trx, input)).where('id', '=', current.id).execute();
    },
    destroy: async ({ trx }, current) => {
      await trx.deleteFrom('portal_faqs').where('id', '=', current.id).execute();
    },
    // The section went away or changed its locale while this FAQ was being written.
    constraints: { portal_faqs_section_fkey: { portal_faq_section_id: ['invalid'] } },
    auditIgnore: ['portal_faq_section'],
  });
}
