import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/**
 * The organizations' legal imprints, the footer of every document they issue (credit notes, statements):
 * `imprintOf(organization, language)` answers the imprint in that language, else the English one, else
 * the first, else null.
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
