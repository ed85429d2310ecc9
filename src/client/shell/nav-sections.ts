import { ROUTES_BY_ID } from '../route-table';

/** The side navigation (spec 1, 2.4): always-listed entries, then collapsible sections by role. */
export interface NavSection {
  id: string;
  /** Translation key of the section heading; absent for the top entries. */
  title?: string;
  routes: string[];
}

export const NAV_SECTIONS: NavSection[] = [
  { id: 'main', routes: ['vendors.list', 'contracts.list', 'payments.list', 'payouts.list', 'vendor_files.list', 'financial_reports.list'] },
  { id: 'youtube', title: 'nav.sections.youtube', routes: ['revenue_sources.list', 'unallocated_revenues.list', 'whitelisted_channels.list'] },
  {
    id: 'admin',
    title: 'nav.sections.admin',
    routes: ['banks.list', 'categories.list', 'content_owners.list', 'currency_rates.list', 'organizations.list', 'tags.list', 'users.list', 'vat_rates.list'],
  },
  { id: 'portal', title: 'nav.sections.portal', routes: ['portal_faq_sections.list', 'portal_faqs.list', 'portal_pages.list'] },
];

/** Always listed whatever the roles (spec 1, 2.4); the page itself still checks. */
export const ALWAYS_LISTED = new Set(['vendors.list', 'contracts.list', 'payments.list', 'payouts.list', 'vendor_files.list']);

/** The section a route belongs to (for breadcrumbs), found through its parents. */
export function sectionOf(routeId: string): NavSection | undefined {
  let id: string | undefined = routeId;
  while (id) {
    const hit = NAV_SECTIONS.find((s) => s.routes.includes(id!));
    if (hit) return hit;
    id = ROUTES_BY_ID.get(id)?.parent;
  }
  return undefined;
}
