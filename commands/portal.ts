import type { PortalFaq, PortalFaqSection, PortalPage } from '../src/client/features/portal/types';
import { routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { recordLookup } from './record-lookup';
import { resourceCommands } from './resource';
import type { Command } from './types';

/** Vendor-portal content (spec 1, 2.14 and 6): admin or portal_admin. */
const ROLES = ['portal_admin'];

export const portalCommands: Command[] = [
  ...resourceCommands<PortalFaqSection>({ resource: 'portal_faq_sections', api: '/portal-faq-sections', roles: ROLES, deleted: 'portal_faq_sections.deleted' }),
  ...resourceCommands<PortalFaq>({ resource: 'portal_faqs', api: '/portal-faqs', roles: ROLES, deleted: 'portal_faqs.deleted' }),
  ...resourceCommands<PortalPage>({ resource: 'portal_pages', api: '/portal-pages', roles: ROLES, deleted: 'portal_pages.deleted' }),
];

export const portalLookups: Lookup[] = [
  recordLookup<PortalFaqSection>({
    id: 'portal_faq_sections',
    title: 'portal_faq_sections.title',
    roles: ROLES,
    path: '/portal-faq-sections',
    label: (s) => s.name,
    detail: (s) => s.locale,
    href: (id) => routePath('portal_faq_sections.edit', { id }),
  }),
  recordLookup<PortalFaq>({
    id: 'portal_faqs',
    title: 'portal_faqs.title',
    roles: ROLES,
    path: '/portal-faqs',
    label: (f) => f.title,
    detail: (f) => `${f.portal_faq_section.name} · ${f.locale}`,
    href: (id) => routePath('portal_faqs.edit', { id }),
  }),
  recordLookup<PortalPage>({
    id: 'portal_pages',
    title: 'portal_pages.title',
    roles: ROLES,
    path: '/portal-pages',
    label: (p) => p.title,
    detail: (p) => `${p.name} · ${p.locale}`,
    href: (id) => routePath('portal_pages.edit', { id }),
  }),
];
