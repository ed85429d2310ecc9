import useSWR from 'swr';
import type { CarriedBalance } from '../../../shared/entities/payment';
import { api } from '../../api/client';
import { DataGrid, type Column } from '../../kit/grid';
import { useT } from '../../lib/i18n';
import { Money } from './money-cell';
import { shortGrid, TabSection } from './tab-section';

const columns: Column<CarriedBalance>[] = [
  { id: 'vendor', header: 'payouts.payments.fields.vendor', rowHeader: true, width: 220, grow: 2, cell: (r) => r.vendor.name },
  { id: 'contract_id', header: 'payouts.carried.contract', width: 120, grow: 0, cell: (r) => `#${r.contract_id}` },
  { id: 'earned', header: 'payouts.carried.earned', width: 140, grow: 0, align: 'end', cell: (r) => <Money value={r.earned} currency={r.currency} /> },
  { id: 'balance', header: 'payouts.carried.balance', width: 140, grow: 0, align: 'end', cell: (r) => <Money value={r.balance} currency={r.currency} /> },
  { id: 'minimum_payout', header: 'payouts.carried.minimum_payout', width: 150, grow: 0, align: 'end', cell: (r) => <Money value={r.minimum_payout} currency={r.currency} /> },
  { id: 'reason', header: 'payouts.carried.reason', width: 260, grow: 1, cell: (r) => <ReasonCell reason={r.reason} /> },
];

function ReasonCell({ reason }: { reason: CarriedBalance['reason'] }) {
  const t = useT();
  return <>{t(`payouts.carried.reasons.${reason}`)}</>;
}

/**
 * What the payout earned but did not pay, and why (DOMAIN.md "Payment run" step 4): each contract vendor
 * whose balance stayed below its minimum payout, or not above zero, carries it to the next payout. Read
 * again with the payout (`invalidateResource` of the payout's path) once its run or delete is done.
 */
export function CarriedBalancesSection({ payoutId }: { payoutId: number }) {
  const t = useT();
  const { data, error, isLoading, mutate } = useSWR<{ entries: CarriedBalance[] }>(`/api/payouts/${payoutId}/carried_balances`, (url: string) => api.get<{ entries: CarriedBalance[] }>(url), {
    revalidateOnFocus: false,
  });
  return (
    <TabSection id="payout-carried-balances-heading" title={t('payouts.carried.title')}>
      <p>{t('payouts.carried.hint')}</p>
      <DataGrid<CarriedBalance>
        className={shortGrid}
        label={t('payouts.carried.title')}
        columns={columns}
        rows={data?.entries ?? []}
        rowKey={(r) => String(r.contract_vendor_id)}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        emptyText="payouts.carried.empty"
      />
    </TabSection>
  );
}
