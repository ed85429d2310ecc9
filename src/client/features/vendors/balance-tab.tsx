import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import useSWR from 'swr';
import { Link, useLocation } from 'wouter';
import type { BalanceEntry, BalanceEntryKind, ContractVendorBalance } from '../../../shared/entities/balance-entry';
import { balanceEntriesList } from '../../../shared/lists/balance-entries';
import { hasAnyRole } from '../../../shared/roles';
import { api } from '../../api/client';
import { useCommandEnvironment } from '../../commands/context';
import { DetailsSection, DetailsTable } from '../../kit/details-section';
import { CommandButton, MoneyText, MonthText, Timestamp, type Column } from '../../kit/grid';
import { listColumns } from '../../kit/list-columns';
import { declaredOptions, listFilters } from '../../kit/list-filters';
import { ListScreen } from '../../kit/list-screen';
import type { ListDefaults } from '../../kit/list-state';
import { StateChip } from '../../kit/state-chip';
import { useT } from '../../lib/i18n';
import { ROUTES_BY_ID, routePath } from '../../route-table';
import type { Vendor } from './vendor';

/** `GET /api/vendors/{id}/balance`: a balance per contract vendor and currency. */
interface BalanceAnswer {
  entries: ContractVendorBalance[];
}

const tab = css({ display: 'flex', flexDirection: 'column', gap: '3', flex: '1 1 auto', minH: 0 });
const list = css({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minH: '320px' });
const muted = css({ color: 'fg.muted' });
const negative = css({ color: 'danger' });

// Newest first: the first page is what happened last, each row with the balance it left.
const defaults: ListDefaults = { sort_by: 'id', sort_direction: 'desc' };

/** Whether the user may open a route (admin passes): links in cells lead only where the user may go. */
function useMayOpen(routeId: string): boolean {
  const { roles } = useCommandEnvironment();
  return hasAnyRole(roles, ROUTES_BY_ID.get(routeId)?.roles ?? []);
}

/** `#12`, a link to the record's page when the user may open it. Focus stays with the grid: Enter on the cell follows the link. */
function RecordLink({ routeId, id, label }: { routeId: string; id: number; label: string }) {
  const allowed = useMayOpen(routeId);
  if (!allowed) return <>{label}</>;
  return (
    <Link href={routePath(routeId, { id })} tabIndex={-1}>
      {label}
    </Link>
  );
}

function KindText({ kind }: { kind: BalanceEntryKind }) {
  const t = useT();
  return <>{t(`vendors.balance.kinds.${kind}`)}</>;
}

/** A signed amount; below zero it is also coloured (the minus sign says it to everyone). */
function SignedMoney({ value, currency }: { value: string; currency: string }) {
  return (
    <span className={value.trim().startsWith('-') ? negative : undefined}>
      <MoneyText value={value} currency={currency} />
    </span>
  );
}

function PaymentCell({ entry }: { entry: BalanceEntry }) {
  if (entry.payment_id === null) return null;
  return <RecordLink routeId="payments.show" id={entry.payment_id} label={entry.payment_reference ?? `#${entry.payment_id}`} />;
}

// Sortable where the shared list sorts (month, amount, created_at; id is the default order).
const columns: Column<BalanceEntry>[] = listColumns(balanceEntriesList, [
  { id: 'month', header: 'vendors.balance.fields.month', width: 100, grow: 0, cell: (e) => <MonthText value={e.month} /> },
  { id: 'kind', header: 'vendors.balance.fields.kind', rowHeader: true, width: 120, grow: 0, cell: (e) => <KindText kind={e.kind} /> },
  { id: 'contract_id', header: 'vendors.balance.fields.contract', width: 100, grow: 0, cell: (e) => <RecordLink routeId="contracts.show" id={e.contract_id} label={`#${e.contract_id}`} /> },
  { id: 'payout_id', header: 'vendors.balance.fields.payout', width: 90, grow: 0, cell: (e) => (e.payout_id === null ? '' : <RecordLink routeId="payouts.show" id={e.payout_id} label={`#${e.payout_id}`} />) },
  { id: 'payment_reference', header: 'vendors.balance.fields.payment_reference', width: 130, grow: 0, cell: (e) => <PaymentCell entry={e} /> },
  { id: 'description', header: 'vendors.balance.fields.description', width: 220, grow: 3, cell: (e) => <span title={e.description || undefined}>{e.description}</span> },
  { id: 'amount', header: 'vendors.balance.fields.amount', width: 140, grow: 0, align: 'end', cell: (e) => <SignedMoney value={e.amount} currency={e.currency} /> },
  { id: 'balance_after', header: 'vendors.balance.fields.balance_after', width: 150, grow: 0, align: 'end', cell: (e) => <SignedMoney value={e.balance_after} currency={e.currency} /> },
  { id: 'created_at', header: 'vendors.balance.fields.created_at', width: 180, grow: 0, cell: (e) => <Timestamp value={e.created_at} /> },
]);

/** The vendor the tab's command buttons are for, whether or not the page around has published its record. */
const vendorEntity = (id: number) => ({ resource: 'vendors', id, record: { id } });

/** The balance of each of the vendor's contract vendors today: contract, balance, whether it waits for the next payout, the minimum. */
function BalanceSummary({ vendorId }: { vendorId: number }) {
  const t = useT();
  const { data, error, isLoading, mutate } = useSWR<BalanceAnswer>(`/api/vendors/${vendorId}/balance`, (url: string) => api.get<BalanceAnswer>(url), { revalidateOnFocus: false });
  return (
    <DetailsSection title="vendors.balance.summary" actions={<CommandButton command="vendors.download_balance_statement" size="sm" extras={{ entity: vendorEntity(vendorId) }} />}>
      {isLoading && !data ? (
        <p role="status" className={muted}>
          {t('form.loading')}
        </p>
      ) : error && !data ? (
        <div role="alert" className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <span>{t('vendors.balance.summary_failed')}</span>
          <button type="button" className={button({ size: 'sm' })} onClick={() => void mutate()}>
            {t('form.retry')}
          </button>
        </div>
      ) : (
        <DetailsTable<ContractVendorBalance>
          caption={t('vendors.balance.summary')}
          empty="vendors.balance.summary_empty"
          columns={['vendors.balance.fields.contract', { key: 'vendors.balance.fields.balance', num: true }, 'vendors.balance.fields.carried', { key: 'vendors.balance.fields.minimum_payout', num: true }]}
          items={data?.entries ?? []}
          row={(b) => (
            <tr key={`${b.contract_vendor_id}|${b.currency}`} data-contract-vendor={b.contract_vendor_id}>
              <th scope="row">
                <RecordLink routeId="contracts.show" id={b.contract_id} label={t('vendors.balance.contract', { id: b.contract_id })} />
              </th>
              <td data-num="">
                <SignedMoney value={b.balance} currency={b.currency} />
              </td>
              <td>{b.carried ? <StateChip tone="warning">{t('grid.yes')}</StateChip> : t('grid.no')}</td>
              <td data-num="">
                <MoneyText value={b.minimum_payout} currency={b.currency} />
              </td>
            </tr>
          )}
        />
      )}
    </DetailsSection>
  );
}

/**
 * A vendor's balance tab (`/vendors/{id}/show/balance`, issue 23; DOMAIN.md "The ledger's API"): the balance
 * per contract vendor and currency, then the ledger's entries (`GET /api/vendors/{id}/balance_entries`) in
 * the list kit's grid, each with the balance it left, filtered by contract vendor, month and kind, sorted
 * by month, amount or time; state in the address like every list. Enter on an entry opens the payment it
 * belongs to. Only for the roles of a vendor's payments (BALANCE_ROLES): the page shows the tab to them only.
 */
export function BalanceTab({ vendor }: { vendor: Pick<Vendor, 'id' | 'contract_vendors'> }) {
  const t = useT();
  const [, navigate] = useLocation();
  const mayOpenPayments = useMayOpen('payments.show');
  const contractVendors = vendor.contract_vendors;
  const filters = useMemo(
    () =>
      listFilters(balanceEntriesList, [
        {
          kind: 'select',
          name: 'contract_vendor_id',
          label: 'vendors.balance.fields.contract',
          // Plain texts: a label without a translation key shows as it is.
          options: contractVendors.map((cv) => ({ value: String(cv.id), label: t('vendors.balance.contract', { id: cv.contract_id }) })),
        },
        { kind: 'month', name: 'month', label: 'vendors.balance.fields.month' },
        { kind: 'select', name: 'kind', label: 'vendors.balance.fields.kind', options: declaredOptions(balanceEntriesList, 'kind', 'vendors.balance.kinds') },
      ]),
    [contractVendors, t],
  );
  return (
    <div className={tab} data-balance-tab="">
      <BalanceSummary vendorId={vendor.id} />
      <div className={list}>
        <ListScreen<BalanceEntry>
          title="vendors.balance.entries"
          headingLevel={2}
          search={false}
          publishSelection={false}
          path={`/api/vendors/${vendor.id}/balance_entries`}
          resource="balance_entries"
          columns={columns}
          filters={filters}
          defaults={defaults}
          emptyText="vendors.balance.entries_empty"
          onOpen={(e) => {
            if (mayOpenPayments && e.payment_id !== null) navigate(routePath('payments.show', { id: e.payment_id }));
          }}
        />
      </div>
    </div>
  );
}
