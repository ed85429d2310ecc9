import { css } from 'styled-system/css';
import useSWR from 'swr';
import type { Payout, RevenueWithoutContract } from '../../../shared/entities/payout';
import { api } from '../../api/client';
import { DataGrid, type Column } from '../../kit/grid';
import { useT } from '../../lib/i18n';
import { Money } from './money-cell';

const gridBox = css({ flex: '1 1 auto', minH: '200px' });
const mono = css({ fontFamily: 'mono', fontSize: 'xs' });

function Types({ row }: { row: RevenueWithoutContract }) {
  const t = useT();
  return <>{row.revenue_types.map((x) => t(`payouts.revenue_types.${x}`)).join(', ')}</>;
}

function AssignedType({ row }: { row: RevenueWithoutContract }) {
  const t = useT();
  return <>{t(`payouts.assigned_types.${row.assigned_type}`)}</>;
}

function Reason({ row }: { row: RevenueWithoutContract }) {
  const t = useT();
  return <>{t(`payouts.without_contract_reasons.${row.reason}`, { contract: row.contract_id ?? '' })}</>;
}

const columns: Column<RevenueWithoutContract>[] = [
  { id: 'assigned_id', header: 'payouts.without_contract_fields.assigned_id', rowHeader: true, width: 230, grow: 1, cell: (r) => <span className={mono}>{r.assigned_id}</span> },
  { id: 'assigned_type', header: 'payouts.without_contract_fields.assigned_type', width: 110, grow: 0, cell: (r) => <AssignedType row={r} /> },
  { id: 'revenue_types', header: 'payouts.without_contract_fields.revenue_types', width: 200, grow: 1, cell: (r) => <Types row={r} /> },
  { id: 'revenue', header: 'payouts.without_contract_fields.revenue', width: 160, grow: 0, align: 'end', cell: (r) => <Money value={r.revenue} currency={r.currency} /> },
  { id: 'reason', header: 'payouts.without_contract_fields.reason', width: 280, grow: 2, cell: (r) => <Reason row={r} /> },
];

/** Revenues without contracts (spec 3, 2.3): allocated revenue the run does not pay under a contract, per source, currency and reason. */
export function RevenuesWithoutContractsTab({ payout }: { payout: Payout }) {
  const t = useT();
  const { data, error, isLoading, mutate } = useSWR<{ entries: RevenueWithoutContract[] }>(`/api/payouts/${payout.id}/revenues_without_contracts`, (url: string) => api.get<{ entries: RevenueWithoutContract[] }>(url), {
    revalidateOnFocus: false,
  });
  return (
    <div className={gridBox}>
      <DataGrid<RevenueWithoutContract>
        label={t('payouts.tabs.revenues_without_contracts')}
        columns={columns}
        rows={data?.entries ?? []}
        rowKey={(r) => `${r.revenue_source_id}|${r.currency}|${r.reason}`}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
      />
    </div>
  );
}
