import { sql } from 'kysely';
import { addError, type FieldErrors, isBlank } from '../../../shared/validation/core.js';
import type { Db } from '../../db/connection.js';
import '../organizations/tables.js';
import '../session/tables.js';

/**
 * Signers are the organization's own (its `signers`, users picked on the organization form): a
 * contract's or amendment's signer email that is not one of them is `invalid`.
 */
export async function signerContactErrors(
  trx: Db,
  organizationId: number,
  input: { primary_signer_email?: string | null; secondary_signer_email?: string | null },
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const fields = (['primary_signer_email', 'secondary_signer_email'] as const).filter((f) => !isBlank(input[f]));
  if (fields.length === 0) return errors;
  const rows = await trx
    .selectFrom('organization_signers as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('u.email')
    .where('s.organization_id', '=', organizationId)
    .execute();
  const known = new Set(rows.map((r) => r.email.trim().toLowerCase()));
  for (const f of fields) if (!known.has(String(input[f]).trim().toLowerCase())) addError(errors, [f], 'invalid');
  return errors;
}

export interface SignerHit {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * The organization's signers whose e-mail or name contains `like` (the contract and amendment forms'
 * signer pickers): exactly the people `signerContactErrors` accepts, readable by contracts staff.
 */
export function organizationSigners(db: Db, organizationId: number, like: string, limit: number): Promise<SignerHit[]> {
  return db
    .selectFrom('organization_signers as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name'])
    .where('s.organization_id', '=', organizationId)
    .where((eb) => eb.or([eb('u.email', 'ilike', like), sql<boolean>`(u.first_name || ' ' || u.last_name) ILIKE ${like}`]))
    .orderBy('u.email')
    .limit(limit)
    .execute();
}
