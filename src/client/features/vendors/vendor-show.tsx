import { css } from 'styled-system/css';
import { BALANCE_ROLES } from '../../../shared/entities/balance-entry';
import { hasAnyRole } from '../../../shared/roles';
import { useCommandEnvironment } from '../../commands/context';
import { FormTitle } from '../../kit/form';
import { RecordLoadState, useRecordPage } from '../../kit/record-page';
import { CommandButton } from '../../kit/grid';
import { RouteTabs } from '../../kit/route-tabs';
import { useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import { ChangeRequestAlert } from './change-request-alert';
import { ApplyToContractsDialog } from './apply-to-contracts-dialog';
import { BalanceStatementDialog } from './balance-statement-dialog';
import { ConfirmChangeRequestDialog } from './confirm-change-request-dialog';
import type { Vendor } from './vendor';
import { AuditLogList } from '../../kit/audit-log-list';
import { RecordActionsMenu } from '../../kit/record-actions-menu';
import { BalanceTab } from './balance-tab';
import { VendorSections } from './vendor-details';
import { VendorState } from './vendor-state';

const page = css({ display: 'flex', flexDirection: 'column', gap: '3', maxW: '1100px', minH: 0, h: '100%' });
const head = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', '& h1': { mb: 0, mr: 'auto' } });
const tagList = css({ display: 'flex', gap: '1', flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 });
const tag = css({ px: '2', h: '20px', display: 'inline-flex', alignItems: 'center', borderRadius: 'full', bg: 'bg.subtle', borderWidth: '1px', borderColor: 'border', fontSize: 'xs' });

/** The vendor page's tabs after the details, by the path's last segment; a tab with roles shows to those roles only. */
const TABS = [
  { tab: 'balance', label: 'vendors.tabs.balance', roles: BALANCE_ROLES },
  { tab: 'audit-logs', label: 'vendors.tabs.audit_logs', roles: [] as readonly string[] },
] as const;

/**
 * A vendor (spec 2, 2 "/vendors/{id}/show"): tags, edit, the actions menu, the change-request alert and
 * the details, or the balance (issue 23, payments roles) or the audit log on its own tab.
 */
export default function VendorShow({ params }: ScreenProps) {
  const t = useT();
  const path = `/api/vendors/${params.id}`;
  const { record: vendor, status, reload } = useRecordPage<Vendor>('vendors', path);
  const { roles } = useCommandEnvironment();

  if (!vendor) return <RecordLoadState status={status} title="pages.vendors.show" listPath={routePath('vendors.list')} onRetry={() => void reload()} />;
  const tabs = TABS.filter((x) => hasAnyRole(roles, x.roles));
  // A tab the user may not see (an old link) shows the details.
  const current = tabs.find((x) => x.tab === params.tab)?.tab;
  return (
    <div className={page}>
      <div className={head}>
        <FormTitle title="pages.vendors.show" name={vendor.name} />
        <VendorState vendor={vendor} />
        <CommandButton command="vendors.edit_current" variant="primary" />
        <RecordActionsMenu resource="vendors" record={vendor} title={t('vendors.actions')} label={t('vendors.actions_for', { name: vendor.name })} />
      </div>
      {vendor.tags?.length > 0 && (
        <ul className={tagList} aria-label={t('vendors.fields.tags')}>
          {vendor.tags.map((x) => (
            <li key={x.id} className={tag}>
              {x.name}
            </li>
          ))}
        </ul>
      )}
      <RouteTabs
        label="vendors.tabs.details_label"
        tabs={[
          { href: routePath('vendors.show', { id: vendor.id }), label: 'vendors.tabs.details' },
          ...tabs.map((x) => ({ href: routePath('vendors.show', { id: vendor.id, tab: x.tab }), label: x.label })),
        ]}
      />
      {current === 'audit-logs' ? (
        <AuditLogList type="vendor" id={vendor.id} title="vendors.tabs.audit_logs" />
      ) : current === 'balance' ? (
        <BalanceTab vendor={vendor} />
      ) : (
        <>
          <ChangeRequestAlert vendor={vendor} />
          <VendorSections vendor={vendor} />
        </>
      )}
      <ConfirmChangeRequestDialog />
      <ApplyToContractsDialog />
      <BalanceStatementDialog />
    </div>
  );
}
