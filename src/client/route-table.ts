import { CONTRACTS_ROLES } from '../shared/roles';
import { DETAIL_ROLES, scopedListAllowed } from '../shared/payment-lifecycle';

/**
 * Every route of the spec's route table (spec 1, 2.1), with the roles its page needs (specs 1–3,
 * section 6) and its place in the breadcrumbs. Navigation commands, the role guard, breadcrumbs and
 * the side navigation all read this table; features attach screens to route ids (features/index.ts).
 */
export interface RouteDef {
  id: string;
  /** wouter pattern. */
  path: string;
  /** Translation key of the page title. */
  title: string;
  /** Roles of which the user needs one (admin passes); absent = any signed-in user. */
  roles?: readonly string[];
  /** The route one level up in the breadcrumbs (Home is always first). */
  parent?: string;
  /** Go-to key sequence, e.g. `g v`. */
  sequence?: string;
  /** Whether the path has parameters a navigation command cannot supply alone. */
  needsEntity?: boolean;
  /**
   * Opens the page also for a user without `roles` when this says yes for the URL's query: the part of
   * the page such a user may see (one contract's payments). Side navigation and go-to keys ignore it.
   */
  scopedFor?(roles: readonly string[], search: URLSearchParams): boolean;
}

/** The `filter[name]=` conditions of a list URL, as the server's list query reads them. */
function urlConditions(search: URLSearchParams): { name: string; op: string }[] {
  return [...search.keys()].flatMap((key) => {
    const name = /^filter\[(\w+)\]/.exec(key)?.[1];
    return name && search.get(key) ? [{ name, op: 'eq' }] : [];
  });
}

// Reading a payment's details: the payment lifecycle's roles (spec 3, 6).
const PAYMENT_DETAIL_ROLES = DETAIL_ROLES;
const ADMIN = ['admin'];
const PORTAL = ['portal_admin'];

function resource(
  base: string,
  key: string,
  roles: readonly string[],
  opts: { sequence?: string; parent?: string; noCreate?: boolean; show?: boolean; editRoles?: readonly string[] } = {},
): RouteDef[] {
  const list: RouteDef = { id: `${key}.list`, path: base, title: `nav.${key}`, roles, sequence: opts.sequence, parent: opts.parent };
  const out: RouteDef[] = [list];
  if (!opts.noCreate) out.push({ id: `${key}.new`, path: `${base}/new`, title: `pages.${key}.new`, roles: opts.editRoles ?? roles, parent: list.id });
  out.push({ id: `${key}.edit`, path: `${base}/:id/edit`, title: `pages.${key}.edit`, roles: opts.editRoles ?? roles, parent: list.id, needsEntity: true });
  if (opts.show) out.push({ id: `${key}.show`, path: `${base}/:id/show`, title: `pages.${key}.show`, roles, parent: list.id, needsEntity: true });
  return out;
}

export const ROUTES: RouteDef[] = [
  { id: 'home', path: '/', title: 'nav.home', sequence: 'g h' },

  // Vendors (spec 2)
  { id: 'vendors.list', path: '/vendors', title: 'nav.vendors', roles: ['vendors', 'vendors_admin'], sequence: 'g v' },
  { id: 'vendors.confirmation_pending', path: '/vendors/confirmation-pending', title: 'pages.vendors.confirmation_pending', roles: ['vendors', 'vendors_admin'], parent: 'vendors.list' },
  { id: 'vendors.managed_by_me', path: '/vendors/managed-by-me', title: 'pages.vendors.managed_by_me', roles: ['vendors', 'vendors_admin'], parent: 'vendors.list' },
  { id: 'vendors.new', path: '/vendors/new', title: 'pages.vendors.new', roles: ['vendors'], parent: 'vendors.list' },
  { id: 'vendors.edit', path: '/vendors/:id/edit', title: 'pages.vendors.edit', roles: ['vendors'], parent: 'vendors.list', needsEntity: true },
  { id: 'vendors.show', path: '/vendors/:id/show/:tab?', title: 'pages.vendors.show', roles: ['vendors'], parent: 'vendors.list', needsEntity: true },

  // Contracts (spec 2)
  { id: 'contracts.list', path: '/contracts', title: 'nav.contracts', roles: ['contracts'], sequence: 'g c' },
  ...(['approval-pending', 'signing-pending', 'amendments-pending', 'termination-pending'] as const).map((segment) => ({
    id: `contracts.${segment.replace(/-/g, '_')}`,
    path: `/contracts/${segment}`,
    title: `pages.contracts.${segment.replace(/-/g, '_')}`,
    roles: ['contracts'],
    parent: 'contracts.list',
  })),
  // What waits for an approver's decision (issue 24, item 11): contracts, amendments, termination requests.
  { id: 'contracts.awaiting_approval', path: '/contracts/awaiting-my-approval', title: 'pages.contracts.awaiting_approval', roles: ['contracts_approve', 'approve_contracts'], parent: 'contracts.list', sequence: 'g m' },
  { id: 'contracts.new', path: '/contracts/new', title: 'pages.contracts.new', roles: ['contracts'], parent: 'contracts.list' },
  { id: 'contracts.edit', path: '/contracts/:id/edit', title: 'pages.contracts.edit', roles: ['contracts'], parent: 'contracts.list', needsEntity: true },
  { id: 'contracts.amendments.new', path: '/contracts/:contract_id/show/amendments/new', title: 'pages.contracts.amendment_new', roles: ['contracts', 'contracts_admin'], parent: 'contracts.show', needsEntity: true },
  { id: 'contracts.amendments.edit', path: '/contracts/:contract_id/show/amendments/:id/edit', title: 'pages.contracts.amendment_edit', roles: ['contracts', 'contracts_admin'], parent: 'contracts.show', needsEntity: true },
  { id: 'contracts.show', path: '/contracts/:id/show/:tab?', title: 'pages.contracts.show', roles: CONTRACTS_ROLES.filter((r) => r !== 'approve_contracts'), parent: 'contracts.list', needsEntity: true },

  // Payments (spec 3)
  {
    id: 'payments.list',
    path: '/payments',
    title: 'nav.payments',
    roles: ['payments'],
    sequence: 'g p',
    // Spec 2, 6: payments_admin lists the payments of a contract or vendor (its "list payments" command).
    scopedFor: (roles, search) => scopedListAllowed(roles, urlConditions(search)),
  },
  { id: 'payment_buckets.list', path: '/payments/payment-buckets', title: 'nav.payment_buckets', roles: ['payment_buckets'], parent: 'payments.list', sequence: 'g b' },
  { id: 'payment_buckets.new', path: '/payments/payment-buckets/new', title: 'pages.payment_buckets.new', roles: ['payment_buckets'], parent: 'payment_buckets.list' },
  { id: 'payment_buckets.edit', path: '/payments/payment-buckets/:id/edit', title: 'pages.payment_buckets.edit', roles: ['payment_buckets'], parent: 'payment_buckets.list', needsEntity: true },
  { id: 'payment_buckets.show', path: '/payments/payment-buckets/:id/show', title: 'pages.payment_buckets.show', roles: ['payment_buckets'], parent: 'payment_buckets.list', needsEntity: true },
  { id: 'payments.show', path: '/payments/:id/show', title: 'pages.payments.show', roles: PAYMENT_DETAIL_ROLES, parent: 'payments.list', needsEntity: true },

  // Payouts (spec 3)
  { id: 'payouts.list', path: '/payouts', title: 'nav.payouts', roles: ['payouts'], sequence: 'g o' },
  { id: 'payouts.new', path: '/payouts/new', title: 'pages.payouts.new', roles: ['payouts'], parent: 'payouts.list' },
  { id: 'payouts.show', path: '/payouts/:id/show/:tab?', title: 'pages.payouts.show', roles: ['payouts'], parent: 'payouts.list', needsEntity: true },

  // Revenue sources (spec 3): /revenue-sources opens the channel tab.
  { id: 'revenue_sources.list', path: '/revenue-sources', title: 'nav.revenue_sources', roles: ['revenue_sources'], sequence: 'g r' },
  { id: 'revenue_sources.youtube_channel', path: '/revenue-sources/youtube-channel', title: 'pages.revenue_sources.youtube_channel', roles: ['revenue_sources'], parent: 'revenue_sources.list' },
  { id: 'revenue_sources.youtube_label', path: '/revenue-sources/youtube-label', title: 'pages.revenue_sources.youtube_label', roles: ['revenue_sources'], parent: 'revenue_sources.list' },
  { id: 'revenue_sources.new_channel', path: '/revenue-sources/youtube-channel/new', title: 'pages.revenue_sources.new_channel', roles: ['revenue_sources'], parent: 'revenue_sources.youtube_channel' },
  { id: 'revenue_sources.new_label', path: '/revenue-sources/youtube-label/new', title: 'pages.revenue_sources.new_label', roles: ['revenue_sources'], parent: 'revenue_sources.youtube_label' },
  { id: 'revenue_sources.show', path: '/revenue-sources/:id/show', title: 'pages.revenue_sources.show', roles: ['revenue_sources'], parent: 'revenue_sources.list', needsEntity: true },
  { id: 'revenue_sources.edit', path: '/revenue-sources/:id/edit', title: 'pages.revenue_sources.edit', roles: ['revenue_sources'], parent: 'revenue_sources.list', needsEntity: true },

  { id: 'vendor_files.list', path: '/vendor-files', title: 'nav.vendor_files', roles: ['vendor_files'], sequence: 'g f' },
  { id: 'financial_reports.list', path: '/financial-reports', title: 'nav.financial_reports', roles: ['financial_reports'], sequence: 'g i' },
  { id: 'unallocated_revenues.list', path: '/unallocated-revenues', title: 'nav.unallocated_revenues', roles: ['unallocated_revenues'], sequence: 'g u' },
  { id: 'whitelisted_channels.list', path: '/whitelisted-channels', title: 'nav.whitelisted_channels', roles: ['youtube_whitelisted_channels'], sequence: 'g w' },

  // Admin reference data (spec 1, 2.6–2.13)
  ...resource('/admin/banks', 'banks', ADMIN, { sequence: 'g a b' }),
  ...resource('/admin/categories', 'categories', ADMIN, { sequence: 'g a c' }),
  ...resource('/admin/content-owners', 'content_owners', ADMIN, { sequence: 'g a o', noCreate: true }),
  { id: 'content_owners.show', path: '/admin/content-owners/:id/show', title: 'pages.content_owners.show', roles: ['content_owners'], parent: 'content_owners.list', needsEntity: true },
  ...resource('/admin/currency-rates', 'currency_rates', ADMIN, { sequence: 'g a r' }),
  ...resource('/admin/organizations', 'organizations', ADMIN, { sequence: 'g a g' }),
  ...resource('/admin/tags', 'tags', ADMIN, { sequence: 'g a t' }),
  ...resource('/admin/users', 'users', ADMIN, { sequence: 'g a u' }),
  ...resource('/admin/vat-rates', 'vat_rates', ADMIN, { sequence: 'g a v' }),

  // Portal content (spec 1, 2.14)
  ...resource('/portal-faq-sections', 'portal_faq_sections', PORTAL, { sequence: 'g l s' }),
  ...resource('/portal-faqs', 'portal_faqs', PORTAL, { sequence: 'g l f' }),
  ...resource('/portal-pages', 'portal_pages', PORTAL, { sequence: 'g l p' }),
];

export const ROUTES_BY_ID: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((r) => [r.id, r]));

/** Fills a pattern's parameters: `routePath('banks.edit', {id: 3})` → `/admin/banks/3/edit`. */
export function routePath(id: string, params: Record<string, string | number> = {}): string {
  const route = ROUTES_BY_ID.get(id);
  if (!route) throw new Error(`unknown route ${id}`);
  return route.path
    .replace(/\/:(\w+)\?/g, (_, name: string) => (params[name] !== undefined ? `/${encodeURIComponent(String(params[name]))}` : ''))
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
