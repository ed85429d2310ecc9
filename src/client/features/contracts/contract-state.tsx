import { StateChip, type ChipTone } from '../../kit/state-chip';
import { useT } from '../../lib/i18n';
import type { ContractState as State } from '../../../shared/entities/contract';
import type { Contract } from './contract';
import { terminationPending } from './termination';

/** Chip colours of spec 2, 4 "Contract". */
const TONES: Record<State, ChipTone> = {
  draft: 'info',
  approval_pending: 'warning',
  signing_pending: 'warning',
  rejected: 'error',
  cancelled: 'error',
  signing_cancelled: 'error',
  signed: 'success',
  terminated: 'neutral',
};
/** States whose chip explains itself with the state comment. */
const COMMENTED: readonly State[] = ['rejected', 'cancelled', 'terminated'];

/**
 * The contract's state chip (spec 2, 4): its colour, the comment as tooltip on rejected, cancelled and
 * terminated, and "termination pending" with the reason while a termination request is on its way. The
 * tooltip's text is also read out (a `title` alone is not reachable from the keyboard).
 */
export function ContractStateChip({ contract }: { contract: Pick<Contract, 'state' | 'state_comment' | 'termination_request'> }) {
  const t = useT();
  if (terminationPending(contract)) {
    const reason = contract.termination_request!.termination_reason;
    return (
      <StateChip tone="warning" title={reason}>
        {t('contracts.states.termination_pending')}
        <span className="sr-only">: {reason}</span>
      </StateChip>
    );
  }
  const note = COMMENTED.includes(contract.state) ? contract.state_comment || t('contracts.no_comment') : undefined;
  return (
    <StateChip tone={TONES[contract.state]} title={note}>
      {t(`contracts.states.${contract.state}`)}
      {note && <span className="sr-only">: {note}</span>}
    </StateChip>
  );
}
