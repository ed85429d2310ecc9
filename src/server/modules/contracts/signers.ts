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
