/**
 * Rows that many API tests insert to arrange their case. An organization needs a full address and its
 * three vendor-number prefixes; tests name what matters to them and take the rest from here.
 */
export const ORGANIZATION_DEFAULTS = {
  country_code: 'DE',
  currency: 'EUR',
  city: 'Berlin',
  postal_code: '10115',
  street: 'Invalidenstraße',
  street_number: '1',
} as const;

type OrganizationFields = { name: string; number: string; vendor_source_prefix_external: string; vendor_source_prefix_internal: string; vendor_source_prefix_network: string } & Partial<
  Record<keyof typeof ORGANIZATION_DEFAULTS, string>
> &
  Record<string, unknown>;

/** The values of an organization row: the defaults above, then the test's own fields. */
export function organizationValues<T extends OrganizationFields>(fields: T) {
  return { ...ORGANIZATION_DEFAULTS, ...fields };
}
