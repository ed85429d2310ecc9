import { css } from 'styled-system/css';
import { AuditLogList } from '../../kit/audit-log-list';
import { FormTitle } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { RecordActionsMenu } from '../../kit/record-actions-menu';
import { RecordLoadState, useRecordPage } from '../../kit/record-page';
import { RouteTabs } from '../../kit/route-tabs';
import { useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import { AmendmentsSection } from './amendments-section';
import type { Contract } from './contract';
import { ContractAlerts } from './contract-alerts';
import { ContractDialogs } from './contract-dialogs';
import { ContractInfo, RevenueSharesSection, RevenueSourcesSection, VendorsSection } from './contract-sections';
import { ContractStateChip } from './contract-state';
import { CONTRACTS_API } from './refresh';

const page = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  maxW: '1100px',
  minH: 0,
  h: '100%',
});
const head = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  flexWrap: 'wrap',
  '& h1': { mb: 0, mr: 'auto' },
});
const tagList = css({
  display: 'flex',
  gap: '1',
  flexWrap: 'wrap',
  listStyle: 'none',
  m: 0,
  p: 0,
});
const tag = css({
  px: '2',
  h: '20px',
  display: 'inline-flex',
  alignItems: 'center',
  borderRadius: 'full',
  bg: 'bg.subtle',
  borderWidth: '1px',
  borderColor: 'border',
  fontSize: 'xs',
});

/** The details' action menu (spec 2, 2), then what else a contract's page offers. */
const MENU = [
  'contracts.download_document',
  'contracts.list_payments',
  'contracts.download_termination_document',
  'contracts.terminate',
  'contracts.cancel',
  'contracts.copy_as_new',
  'contracts.delete',
];

/**
 * A contract (spec 2, 2 "/contracts/{id}/show"): tags, edit, the action menu, the alerts, the info
 * table and the sections, or the audit log on its own tab; the action dialogs open over it.
 */
export default function ContractShow({ params }: ScreenProps) {
  const t = useT();
  const { record: contract, status, reload } = useRecordPage<Contract>('contracts', `${CONTRACTS_API}/${params.id}`);
  if (!contract) return <RecordLoadState status={status} title="pages.contracts.show" listPath={routePath('contracts.list')} onRetry={() => void reload()} />;
  const name = t('contracts.name', {
    id: contract.id,
    organization: contract.organization.name,
  });
  return (
    <div className={page}>
      <div className={head}>
        <FormTitle title="pages.contracts.show" name={name} />
        <ContractStateChip contract={contract} />
        <CommandButton command="contracts.edit_current" variant="primary" />
        <RecordActionsMenu resource="contracts" record={contract} only={MENU} label={t('contracts.actions_for', { name })} />
      </div>
      {contract.tags.length > 0 && (
        <ul className={tagList} aria-label={t('contracts.fields.tags')}>
          {contract.tags.map((x) => (
            <li key={x.id} className={tag}>
              {x.name}
            </li>
          ))}
        </ul>
      )}
      <RouteTabs
        label="contracts.tabs.details_label"
        tabs={[
          {
            href: routePath('contracts.show', { id: contract.id }),
            label: 'contracts.tabs.details',
          },
          {
            href: routePath('contracts.show', {
              id: contract.id,
              tab: 'audit-logs',
            }),
            label: 'contracts.tabs.audit_logs',
          },
        ]}
      />
      {params.tab === 'audit-logs' ? (
        <AuditLogList type="contract" id={contract.id} title="contracts.tabs.audit_logs" />
      ) : (
        <>
          <ContractAlerts contract={contract} />
          <ContractInfo contract={contract} />
          <VendorsSection contract={contract} />
          <RevenueSharesSection contract={contract} />
          <RevenueSourcesSection contract={contract} />
          <AmendmentsSection contract={contract} />
        </>
      )}
      <ContractDialogs />
    </div>
  );
}
