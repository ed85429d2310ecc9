import { useEffect } from 'react';
import { CommentDialog } from './comment-dialog';
import { registerContractDialogHost, useContractDialog } from './contract-dialog-store';
import { PauseDialog } from './pause-dialog';
import { AdvanceDialog } from './advance-dialog';
import { CONTRACTS_API } from './refresh';
import { SignDialog } from './sign-dialog';
import { TerminationDialog } from './termination-dialog';

/** The contract screens' dialogs, one at a time, as the commands open them (`openContractDialog`). */
export function ContractDialogs() {
  const dialog = useContractDialog();
  useEffect(registerContractDialogHost, []);
  if (!dialog) return null;
  const base = `${CONTRACTS_API}/${dialog.contractId}`;
  // Keyed by what it is for, so each opening starts empty.
  const key = JSON.stringify(dialog);
  switch (dialog.kind) {
    case 'reject':
    case 'cancel':
      return (
        <CommentDialog
          key={key}
          contractId={dialog.contractId}
          path={`${base}/${dialog.kind}`}
          wrapper="contract"
          title={`contracts.commands.${dialog.kind}`}
          submitLabel={`contracts.commands.${dialog.kind}`}
          done={`contracts.done.${dialog.kind}`}
          required={dialog.kind === 'reject'}
        />
      );
    case 'reject_termination':
      return (
        <CommentDialog
          key={key}
          contractId={dialog.contractId}
          path={`${base}/termination_requests/${dialog.requestId}/reject`}
          wrapper="contract_termination_request"
          title="contracts.commands.reject_termination"
          submitLabel="contracts.commands.reject_termination"
          done="contracts.done.reject_termination"
          required
        />
      );
    case 'reject_amendment':
    case 'cancel_amendment':
      return (
        <CommentDialog
          key={key}
          contractId={dialog.contractId}
          path={`${base}/amendments/${dialog.amendmentId}/${dialog.kind === 'reject_amendment' ? 'reject' : 'cancel'}`}
          wrapper="contract_amendment"
          title={`contracts.commands.${dialog.kind}`}
          submitLabel={`contracts.commands.${dialog.kind}`}
          done={`contracts.done.${dialog.kind}`}
          required={dialog.kind === 'reject_amendment'}
        />
      );
    case 'sign':
      return <SignDialog key={key} contractId={dialog.contractId} />;
    case 'sign_amendment':
      return <SignDialog key={key} contractId={dialog.contractId} amendmentId={dialog.amendmentId} />;
    case 'pause':
      return <PauseDialog key={key} contractId={dialog.contractId} contractVendorId={dialog.contractVendorId} vendorName={dialog.vendorName} />;
    case 'record_advance':
      return <AdvanceDialog key={key} contractId={dialog.contractId} contractVendorId={dialog.contractVendorId} vendorId={dialog.vendorId} vendorName={dialog.vendorName} currency={dialog.currency} />;
    case 'terminate':
      return <TerminationDialog key={key} contractId={dialog.contractId} />;
  }
}
