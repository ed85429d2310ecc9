import { useState } from 'react';
import { api, type FieldErrors } from '../../api/client';
import { DateField, FileField, TextAreaField } from '../../kit/fields';
import { toFormData } from '../../kit/form';
import { ActionDialog, firstError } from './action-dialog';
import { CONTRACTS_API } from './refresh';

/**
 * The termination form (spec 2, 5): terminate_on (after the contract's start, checked by the server),
 * the reason and the termination document (pdf), as a termination request for an approver.
 */
export function TerminationDialog({ contractId }: { contractId: number }) {
  const [terminateOn, setTerminateOn] = useState('');
  const [reason, setReason] = useState('');
  const [document, setDocument] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors | undefined>();
  const clear = () => setErrors(undefined);
  return (
    <ActionDialog
      contractId={contractId}
      title="contracts.commands.terminate"
      submitLabel="contracts.commands.request_termination"
      done="contracts.done.terminate"
      errors={errors}
      setErrors={setErrors}
      check={(): FieldErrors => ({
        ...(terminateOn ? {} : { terminate_on: ['blank'] }),
        ...(reason.trim() ? {} : { termination_reason: ['blank'] }),
        ...(document ? {} : { document: ['blank'] }),
      })}
      send={() =>
        api.post(
          `${CONTRACTS_API}/${contractId}/termination_requests`,
          toFormData('contract_termination_request', {
            terminate_on: terminateOn,
            termination_reason: reason.trim(),
            document,
          }),
        )
      }
    >
      <DateField
        label="contracts.fields.terminate_on"
        value={terminateOn}
        onChange={(v) => {
          setTerminateOn(v);
          clear();
        }}
        required
        error={firstError(errors, 'terminate_on')}
        autoFocus
      />
      <TextAreaField
        label="contracts.fields.termination_reason"
        value={reason}
        onChange={(v) => {
          setReason(v);
          clear();
        }}
        required
        error={firstError(errors, 'termination_reason')}
      />
      <FileField
        label="contracts.fields.termination_document"
        accept=".pdf,application/pdf"
        required
        value={document}
        onChange={(file) => {
          setDocument(file);
          clear();
        }}
        error={firstError(errors, 'document')}
      />
    </ActionDialog>
  );
}
