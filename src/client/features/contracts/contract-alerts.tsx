import { css } from 'styled-system/css';
import { CommandButton, DateText } from '../../kit/grid';
import { useT } from '../../lib/i18n';
import type { Contract } from './contract';
import { terminationPending } from './termination';

const alert = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '3',
  borderWidth: '1px',
  borderColor: 'warning',
  bg: 'warning.bg',
  color: 'fg',
  borderRadius: 'md',
});
const bar = css({
  display: 'flex',
  gap: '2',
  flexWrap: 'wrap',
  alignItems: 'center',
});

/**
 * The details' alerts (spec 2, 2 and 4): approval pending with approve and reject, and a termination
 * request on its way with its date, reason and the approver's and writer's actions (hidden once the
 * contract is terminated). The buttons are the page's commands, so they act on this contract.
 */
export function ContractAlerts({ contract: c }: { contract: Contract }) {
  const t = useT();
  const request = c.termination_request;
  return (
    <>
      {c.state === 'approval_pending' && (
        <section className={alert} aria-label={t('contracts.alerts.approval_pending')}>
          <strong>{t('contracts.alerts.approval_pending')}</strong>
          <div className={bar}>
            <CommandButton command="contracts.approve" variant="primary" />
            <CommandButton command="contracts.reject" variant="danger" />
          </div>
        </section>
      )}
      {c.state === 'signing_pending' && (
        <section className={alert} aria-label={t('contracts.alerts.signing_pending')}>
          <strong>{t('contracts.alerts.signing_pending')}</strong>
          <div className={bar}>
            <CommandButton command="contracts.sign" variant="primary" />
            <CommandButton command="contracts.download_document" />
          </div>
        </section>
      )}
      {request && terminationPending(c) && (
        <section className={alert} aria-label={t('contracts.alerts.termination_pending')}>
          <strong>{t(request.state_pending ? 'contracts.alerts.termination_pending' : 'contracts.alerts.termination_approved')}</strong>
          <p className={css({ m: 0 })}>
            {t('contracts.fields.terminate_on')}: <DateText value={request.terminate_on} />
            {' · '}
            {t('contracts.fields.termination_reason')}: {request.termination_reason}
          </p>
          <div className={bar}>
            <CommandButton command="contracts.approve_termination" variant="primary" />
            <CommandButton command="contracts.reject_termination" variant="danger" />
            <CommandButton command="contracts.download_termination_document" />
            <CommandButton command="contracts.delete_termination" />
          </div>
        </section>
      )}
    </>
  );
}
