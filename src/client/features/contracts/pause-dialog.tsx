import { useState } from 'react';
import { api, type FieldErrors } from '../../api/client';
import { TextAreaField } from '../../kit/fields';
import { useT } from '../../lib/i18n';
import { ActionDialog, firstError } from './action-dialog';
import { CONTRACTS_API } from './refresh';

/** Pause vendor (spec 2, 5): the contract vendor's payouts go on hold, with a required reason. */
export function PauseDialog({ contractId, contractVendorId, vendorName }: { contractId: number; contractVendorId: number; vendorName: string }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors | undefined>();
  return (
    <ActionDialog
      contractId={contractId}
      title="contracts.commands.pause_vendor"
      submitLabel="contracts.commands.pause_vendor"
      done="contracts.done.pause_vendor"
      errors={errors}
      setErrors={setErrors}
      check={(): FieldErrors => (reason.trim() === '' ? { payout_on_hold_reason: ['blank'] } : {})}
      send={() => api.post(`${CONTRACTS_API}/${contractId}/contract_vendors/${contractVendorId}/pause`, { contract_vendor: { payout_on_hold_reason: reason.trim() } })}
    >
      <p>{t('contracts.pause_for', { name: vendorName })}</p>
      <TextAreaField
        label="contracts.fields.payout_on_hold_reason"
        value={reason}
        onChange={(v) => {
          setReason(v);
          setErrors(undefined);
        }}
        required
        error={firstError(errors, 'payout_on_hold_reason')}
        autoFocus
      />
    </ActionDialog>
  );
}
