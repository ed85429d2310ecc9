import useSWR from 'swr';
import type { Payout, PayoutRevenueRow, ReconciliationRow } from '../../../shared/entities/payout';
import { api } from '../../api/client';
import { CommandButton, DataGrid, type Column } from '../../kit/grid';
import { StateChip } from '../../kit/state-chip';
import { useT } from '../../lib/i18n';
import { Money } from './money-cell';
import { shortGrid, tabBar, TabSection } from './tab-section';


interface RevenuesAnswer {
  entries: PayoutRevenueRow[];
  reconciliation: ReconciliationRow[];
}

function Balanced({ row }: { row: ReconciliationRow }) {
  const t = useT();
  return row.balanced ? <StateChip tone="success">{t('payouts.balanced')}</StateChip> : <StateChip tone="error">{t('payouts.not_balanced')}</StateChip>;
}

function RevenueType({ type }: { type: string }) {
  const t = useT();
  return <>{t(`payouts.revenue_types.${type}`)}</>;
}

const revenueColumns: Column<PayoutRevenueRow>[] = [
  { id: 'content_owner_name', header: 'payouts.revenue_fields.content_owner', rowHeader: true, width: 200, grow: 2, cell: (r) => r.content_owner_name ?? '—' },
  { id: 'revenue_type', header: 'payouts.revenue_fields.revenue_type', width: 160, grow: 1, cell: (r) => <RevenueType type={r.revenue_type} /> },
  { id: 'revenue_allocated', header: 'payouts.revenue_fields.revenue_allocated', width: 160, grow: 0, align: 'end', cell: (r) => <Money value={r.revenue_allocated} currency={r.currency} /> },
  { id: 'revenue_unallocated', header: 'payouts.revenue_fields.revenue_unallocated', width: 160, grow: 0, align: 'end', cell: (r) => <Money value={r.revenue_unallocated} currency={r.currency} /> },
];

// Reconciliation is per revenue type and currency, as reported: currencies are never added together.
const money = (r: ReconciliationRow, value: string) => <Money value={value} currency={r.currency} />;
const reconciliationColumns: Column<ReconciliationRow>[] = [
  { id: 'revenue_type', header: 'payouts.revenue_fields.revenue_type', rowHeader: true, width: 160, grow: 1, cell: (r) => <RevenueType type={r.revenue_type} /> },
  { id: 'currency', header: 'payouts.reconciliation.currency', width: 90, grow: 0 },
  { id: 'imported', header: 'payouts.reconciliation.imported', width: 130, grow: 0, align: 'end', cell: (r) => money(r, r.imported) },
  { id: 'allocated', header: 'payouts.reconciliation.allocated', width: 130, grow: 0, align: 'end', cell: (r) => money(r, r.allocated) },
  { id: 'unallocated', header: 'payouts.reconciliation.unallocated', width: 130, grow: 0, align: 'end', cell: (r) => money(r, r.unallocated) },
  { id: 'with_contract', header: 'payouts.reconciliation.with_contract', width: 130, grow: 0, align: 'end', cell: (r) => money(r, r.with_contract) },
  { id: 'without_contract', header: 'payouts.reconciliation.without_contract', width: 130, grow: 0, align: 'end', cell: (r) => money(r, r.without_contract) },
  { id: 'balanced', header: 'payouts.reconciliation.balanced', width: 110, grow: 0, cell: (r) => <Balanced row={r} /> },
];

/**
 * The revenues tab (spec 3, 2.3): allocated and unallocated revenue per content owner, revenue type
 * and currency; allocate and delete revenues; the reconciliation (imported = allocated + unallocated,
 * allocated = with + without contract) per revenue type.
 */
export function RevenuesTab({ payout }: { payout: Payout }) {
  const t = useT();
  const { data, error, isLoading, mutate } = useSWR<RevenuesAnswer>(`/api/payouts/${payout.id}/revenues`, (url: string) => api.get<RevenuesAnswer>(url), { revalidateOnFocus: false });
  return (
    <>
      <div className={tabBar}>
        <CommandButton command="payouts.allocate_revenues" variant="primary" />
        <CommandButton command="payouts.delete_revenues" variant="danger" />
      </div>
      <TabSection id="payout-revenues-heading" title={t('payouts.tabs.revenues')}>
        <DataGrid<PayoutRevenueRow>
          className={shortGrid}
          label={t('payouts.tabs.revenues')}
          columns={revenueColumns}
          rows={data?.entries ?? []}
          rowKey={(r) => `${r.content_owner_id ?? ''}|${r.revenue_type}|${r.currency}`}
          loading={isLoading}
          error={error}
          onRetry={() => void mutate()}
        />
      </TabSection>
      <TabSection id="payout-reconciliation-heading" title={t('payouts.reconciliation.title')}>
        <DataGrid<ReconciliationRow>
          className={shortGrid}
          label={t('payouts.reconciliation.title')}
          columns={reconciliationColumns}
          rows={data?.reconciliation ?? payout.reconciliation ?? []}
          rowKey={(r) => `${r.revenue_type}|${r.currency}`}
          loading={isLoading}
        />
      </TabSection>
    </>
  );
}
