import { useState } from 'react';
import { api, type FieldErrors } from '../../api/client';
import { FileField } from '../../kit/fields';
import { toFormData } from '../../kit/form';
import { ActionDialog, firstError } from './action-dialog';
import { CONTRACTS_API } from './refresh';

/**
 * Signing (DOMAIN.md): the signed copy (pdf) moves the contract, or one of its amendments, from signing
 * pending to signed.
 */
export function SignDialog({ contractId, amendmentId }: { contractId: number; amendmentId?: number }) {
  const [document, setDocument] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors | undefined>();
  return (
    <ActionDialog
      contractId={contractId}
      title={amendmentId ? 'contracts.commands.sign_amendment' : 'contracts.commands.sign'}
      submitLabel="contracts.commands.sign"
      done={amendmentId ? 'contracts.done.sign_amendment' : 'contracts.done.sign'}
      errors={errors}
      setErrors={setErrors}
      check={(): FieldErrors => (document ? {} : { document: ['blank'] })}
      send={() =>
        amendmentId
          ? api.post(`${CONTRACTS_API}/${contractId}/amendments/${amendmentId}/sign`, toFormData('contract_amendment', { document }))
          : api.post(`${CONTRACTS_API}/${contractId}/sign`, toFormData('contract', { document }))
      }
    >
      <FileField
        label="contracts.fields.signed_document"
        accept=".pdf,application/pdf"
        required
        value={document}
        onChange={(file) => {
          setDocument(file);
          setErrors(undefined);
        }}
        error={firstError(errors, 'document')}
        autoFocus
      />
    </ActionDialog>
  );
}
