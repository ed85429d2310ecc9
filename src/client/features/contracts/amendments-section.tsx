import { css } from 'styled-system/css';
import { DetailsSection, DetailsTable } from '../../kit/details-section';
import { CommandButton, DateText } from '../../kit/grid';
import { StateChip, type ChipTone } from '../../kit/state-chip';
import { useT } from '../../lib/i18n';
import type { Amendment, Contract } from './contract';

const TONES: Record<Amendment['state'], ChipTone> = {
  draft: 'info',
  approval_pending: 'warning',
  signing_pending: 'warning',
  rejected: 'error',
  signing_cancelled: 'error',
  signed: 'success',
  applied: 'neutral',
};
const actions = css({
  display: 'inline-flex',
  gap: '1',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
});

/** Commands of one amendment, in the order a person meets them. */
const AMENDMENT_COMMANDS = [
  'contract_amendments.approve',
  'contract_amendments.reject',
  'contract_amendments.sign',
  'contract_amendments.cancel',
  'contract_amendments.apply',
  'contract_amendments.edit',
  'contract_amendments.download_document',
  'contract_amendments.delete',
];

function AmendmentState({ amendment: a }: { amendment: Amendment }) {
  const t = useT();
  const note = a.state === 'rejected' ? a.state_comment || t('contracts.no_comment') : undefined;
  return (
    <StateChip tone={TONES[a.state]} title={note}>
      {t(`contracts.amendment_states.${a.state}`)}
      {note && <span className="sr-only">: {note}</span>}
    </StateChip>
  );
}

/**
 * The contract's amendments (spec 2, 4 "Amendment"): number, state (a rejection's comment as tooltip),
 * apply date and what changes, with the actions the server's flags allow; "new amendment" once final.
 */
export function AmendmentsSection({ contract: c }: { contract: Contract }) {
  const t = useT();
  const amendments = c.amendments;
  return (
    <DetailsSection title="contracts.sections.amendments" actions={<CommandButton command="contracts.new_amendment" size="sm" />}>
      <DetailsTable
        columns={['contracts.fields.amendment_number', 'contracts.fields.state', 'contracts.fields.apply_on', 'contracts.fields.changes', 'grid.actions']}
        items={amendments}
        empty="contracts.no_amendments"
        row={(a) => {
          const extras = {
            selection: {
              resource: 'contract_amendments',
              ids: [a.id],
              rows: [a],
            },
          };
          const changes = [a.change_revenue_shares && t('contracts.fields.revenue_shares'), a.change_revenue_sources && t('contracts.fields.revenue_sources')].filter(Boolean);
          return (
            <tr key={a.id}>
              <th scope="row">{t('contracts.amendment_label', { number: a.number })}</th>
              <td>
                <AmendmentState amendment={a} />
              </td>
              <td>
                <DateText value={a.apply_on} />
              </td>
              <td>{changes.join(', ') || t('contracts.payment_methods_only')}</td>
              <td data-actions="">
                <span
                  className={actions}
                  role="group"
                  aria-label={t('contracts.actions_for_amendment', {
                    number: a.number,
                  })}
                >
                  {AMENDMENT_COMMANDS.map((id) => (
                    <CommandButton key={id} command={id} extras={extras} size="sm" />
                  ))}
                </span>
              </td>
            </tr>
          );
        }}
      />
    </DetailsSection>
  );
}
