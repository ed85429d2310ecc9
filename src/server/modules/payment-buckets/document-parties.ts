import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { fullAddress } from '../../lib/address.js';
import { fullNumberSql } from '../vendors/queries.js';
import type { CreditNoteData } from './credit-note-pdf.js';

/**
 * The parties of a document an organization issues to a vendor (credit notes, statements): the
 * organization with its address and legal imprint, the vendor with its full number, address and tax id.
 * A query selects `PARTY_COLUMNS` from `organizations` and `vendors` joined with `PARTY_JOINS`, and
 * `partiesOf` makes the document's two blocks from such a row.
 */
export const PARTY_COLUMNS = sql`organizations.id::int AS organization_id, organizations.name AS org_name, organizations.street AS org_street,
  organizations.street_number AS org_street_number, organizations.postal_code AS org_postal_code, organizations.city AS org_city,
  organizations.country_code AS org_country_code, vendors.name AS vendor_name, vendors.language, ${fullNumberSql} AS full_number,
  a.street, a.street_number, a.postal_code, a.city, a.country_code, coalesce(t.eu_tax_id, t.other_tax_id) AS tax_id`;

/** The vendor's address and tax data beside `vendors`. */
export const PARTY_JOINS = sql`LEFT JOIN vendor_addresses a ON a.vendor_id = vendors.id LEFT JOIN vendor_tax_infos t ON t.vendor_id = vendors.id`;

export interface PartyRow {
  organization_id: number;
  org_name: string;
  org_street: string;
  org_street_number: string;
  org_postal_code: string;
  org_city: string;
  org_country_code: string;
  vendor_name: string;
  language: string | null;
  full_number: string;
  street: string | null;
  street_number: string | null;
  postal_code: string | null;
  city: string | null;
  country_code: string | null;
  tax_id: string | null;
}

/** The organization's and the vendor's blocks of a document in `language`, with the imprint `imprintOf` answers. */
export function partiesOf(r: PartyRow, language: string, imprintOf: (organizationId: number, language: string) => string | null): Pick<CreditNoteData, 'organization' | 'vendor'> {
  return {
    organization: {
      name: r.org_name,
      address: fullAddress({ street: r.org_street, street_number: r.org_street_number, postal_code: r.org_postal_code, city: r.org_city, country_code: r.org_country_code }),
      imprint: imprintOf(r.organization_id, language),
    },
    vendor: { name: r.vendor_name, full_number: r.full_number, address: fullAddress(r), tax_id: r.tax_id },
  };
}

/**
 * The organizations' legal imprints, the footer of every document they issue: `imprintOf(organization,
 * language)` answers the imprint in that language, else the English one, else the first, else null.
 */
export async function legalImprints(db: Db, organizationIds: readonly number[]): Promise<(organizationId: number, language: string) => string | null> {
  const { rows } = await sql<{ organization_id: number; locale: string; template: string }>`
    SELECT organization_id::int AS organization_id, locale, template FROM organization_legal_imprints
    WHERE organization_id = ANY(${[...new Set(organizationIds)]}::bigint[]) ORDER BY organization_id, position`.execute(db);
  return (organizationId, language) => {
    const own = rows.filter((i) => i.organization_id === organizationId);
    return (own.find((i) => i.locale === language) ?? own.find((i) => i.locale === 'en') ?? own[0])?.template ?? null;
  };
}
