import useSWR from 'swr';
import type { PaymentsSummaryRow } from '../../../shared/entities/payment';
import type { Payout } from '../../../shared/entities/payout';
import { api } from '../../api/client';
import { useCommandEnvironment } from '../../commands/context';
import { CommandButton, DataGrid, type Column } from '../../kit/grid';
import { useT } from '../../lib/i18n';
import { Money } from './money-cell';
import { CarriedBalancesSection } from './carried-balances';
import { PaymentsPreviewSection } from './payments-preview';
import { shortGrid, tabBar, TabSection } from './tab-section';


const money = (pick: (r: PaymentsSummaryRow) => string) => (r: PaymentsSummaryRow) => <Money value={pick(r)} currency={r.currency} />;
const summaryColumns: Column<PaymentsSummaryRow>[] = [
  { id: 'organization_name', header: 'payouts.payments.fields.organization', rowHeader: true, width: 220, grow: 2 },
  { id: 'currency', header: 'payouts.payments.fields.currency', width: 100, grow: 0 },
  { id: 'payments_count', header: 'payouts.payments.fields.payments_count', width: 110, grow: 0, align: 'end' },
  { id: 'amount', header: 'payouts.payments.fields.amount', width: 150, grow: 0, align: 'end', cell: money((r) => r.amount) },
  { id: 'vat_amount', header: 'payouts.payments.fields.vat_amount', width: 140, grow: 0, align: 'end', cell: money((r) => r.vat_amount) },
  { id: 'wht_amount', header: 'payouts.payments.fields.wht_amount', width: 140, grow: 0, align: 'end', cell: money((r) => r.wht_amount) },
  { id: 'total_amount', header: 'payouts.payments.fields.total_amount', width: 150, grow: 0, align: 'end', cell: money((r) => r.total_amount) },
];

/**
 * The payout's payments tab (spec 3, 2.3): create and delete payments (commands enabled by the payout's
 * `can_create_payments` / `can_delete_payments`), the summary of its payments per organization and
 * currency, once run what it carried (below a minimum payout), and the preview of what the run would create. The page re-reads the payout every 10 s while
 * the run's job is pending and both are read again when it is done.
 */
export function PaymentsTab({ payout }: { payout: Payout }) {
  const t = useT();
  const { services } = useCommandEnvironment();
  const { data, error, isLoading, mutate } = useSWR<{ entries: PaymentsSummaryRow[] }>(
    `/api/payouts/${payout.id}/payments_summary`,
    (url: string) => api.get<{ entries: PaymentsSummaryRow[] }>(url),
    // Spec 3, 8: the summary's error also shows a toast.
    { revalidateOnFocus: false, onError: (e: Error) => services.notify('error', e.message) },
  );
  return (
    <>
      <div className={tabBar}>
        <CommandButton command="payouts.create_payments" variant="primary" />
        <CommandButton command="payouts.delete_payments" variant="danger" />
      </div>
      <TabSection id="payout-payments-summary-heading" title={t('payouts.payments.summary')}>
        <DataGrid<PaymentsSummaryRow>
          className={shortGrid}
          label={t('payouts.payments.summary')}
          columns={summaryColumns}
          rows={data?.entries ?? []}
          rowKey={(r) => `${r.organization_id}|${r.currency}`}
          loading={isLoading}
          error={error}
          onRetry={() => void mutate()}
          emptyText="payouts.payments.summary_empty"
        />
      </TabSection>
      {payout.has_payments ? <CarriedBalancesSection payoutId={payout.id} /> : null}
      <PaymentsPreviewSection payout={payout} />
    </>
  );
}
