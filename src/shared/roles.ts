/** Roles selectable on a user (spec 1, section 3). `admin` passes every check. */
export const ROLES = [
  'vendors',
  'vendors_admin',
  'vendor_files',
  'contracts',
  'contracts_approve',
  'contracts_admin',
  'revenue_sources',
  'payment_buckets',
  'payments',
  'payments_admin',
  'payments_cancel',
  'payments_pause_and_resume',
  'payments_verify',
  'payouts',
  'unallocated_revenues',
  'youtube_whitelisted_channels',
  'financial_reports',
  'portal_admin',
  'content_owners',
  'admin',
] as const;

/** Referenced by the spec as a legacy role; exclusive with `contracts`. */
export const LEGACY_ROLES = ['approve_contracts'] as const;

export type Role = (typeof ROLES)[number] | (typeof LEGACY_ROLES)[number];

export const ALL_ROLES: readonly string[] = [...ROLES, ...LEGACY_ROLES];

/** True when the holder of `roles` may do what needs any of `needed` (empty = anyone signed in). */
export function hasAnyRole(roles: readonly string[], needed: readonly string[]): boolean {
  if (needed.length === 0) return true;
  if (roles.includes('admin')) return true;
  return needed.some((r) => roles.includes(r));
}

/** Spec 2, 6: the vendor list (and its row actions) for vendors or vendors_admin. */
export const VENDOR_LIST_ROLES = ['vendors', 'vendors_admin'];
/**
 * One vendor (details, audit log, confirmation documents, the form and what its tabs call): vendors only
 * (spec 2, 6 "Vendor details | vendors"; /vendors/{id}/show is "Role vendors"). vendors_admin alone
 * lists, deletes from the list and (de)activates.
 */
export const VENDOR_ROLES = ['vendors'];
export const CONTRACTS_ROLES = ['contracts', 'contracts_approve', 'contracts_admin', 'approve_contracts'];
export const PAYMENTS_ROLES = [
  'payments',
  'payments_admin',
  'payments_cancel',
  'payments_pause_and_resume',
  'payments_verify',
  'payment_buckets',
];
