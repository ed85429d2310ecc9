import { useMemo } from 'react';
import type { Payment } from '../../../shared/entities/payment';
import { useInitData } from '../../api/init-data';
import { DateText, Timestamp, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import type { ListDefaults } from '../../kit/list-state';
import { PaymentMoney, PaymentStateChip, PaymentType } from './payment-cells';
import { PaymentDetails } from './payment-details';
import { AddToBucketDialog } from '../payment-buckets/add-to-bucket-host';
import { PaymentDialogs } from './payment-dialogs-host';
import { PaymentsTabs } from './payments-tabs';
import { listColumns } from '../../kit/list-columns';
import { declaredOptions, listFilters } from '../../kit/list-filters';
import { paymentsList } from '../../../shared/lists/payments';

const money = (pick: (p: Payment) => string) => (p: Payment) => <PaymentMoney payment={p} value={pick(p)} />;

// Spec 3, 3.1 and 2.1's sorts; beside the details pane the list scrolls sideways (the column chooser hides what is not wanted).
const columns: Column<Payment>[] = listColumns(paymentsList, [
  { id: 'id', header: 'payments.fields.id', width: 70, grow: 0, align: 'end' },
  { id: 'reference', header: 'payments.fields.reference', rowHeader: true, width: 115, grow: 0 },
  { id: 'state', header: 'payments.fields.state', width: 135, grow: 0, cell: (p) => <PaymentStateChip state={p.state} /> },
  { id: 'vendor', header: 'payments.fields.vendor', width: 130, grow: 2, cell: (p) => p.vendor.name },
  { id: 'organization', header: 'payments.fields.organization', width: 150, grow: 1, cell: (p) => p.organization.name },
  { id: 'contract_id', header: 'payments.fields.contract', width: 90, grow: 0, align: 'end' },
  { id: 'type', header: 'payments.fields.type', width: 110, grow: 0, cell: (p) => <PaymentType payment={p} /> },
  { id: 'amount', header: 'payments.fields.amount', width: 130, grow: 0, align: 'end', cell: money((p) => p.amount) },
  { id: 'vat_amount', header: 'payments.fields.vat_amount', width: 120, grow: 0, align: 'end', cell: money((p) => p.vat_amount) },
  { id: 'wht_amount', header: 'payments.fields.wht_amount', width: 120, grow: 0, align: 'end', cell: money((p) => p.wht_amount) },
  { id: 'total_amount', header: 'payments.fields.total_amount', width: 140, grow: 0, align: 'end', cell: money((p) => p.total_amount) },
  { id: 'start_date', header: 'payments.fields.start_date', width: 120, grow: 0, cell: (p) => <DateText value={p.start_date} /> },
  { id: 'paid_at', header: 'payments.fields.paid_at', width: 170, grow: 0, cell: (p) => <Timestamp value={p.paid_at} /> },
]);

const defaults: ListDefaults = { sort_by: 'id', sort_direction: 'desc' };

/**
 * /payments (spec 3, 2.1): the payments with the filters and sorts of 2.1, selectable rows (every row,
 * also one without any bulk flag: each bulk command says why it is disabled), the row menu, and the
 * focused payment's details and line items beside the list.
 */
export default function PaymentsList() {
  const { organizations } = useInitData();
  const filters = useMemo(
    () =>
      listFilters(paymentsList, [
        { kind: 'select', name: 'type', label: 'payments.fields.type', options: declaredOptions(paymentsList, 'type', 'payments.types') },
        { kind: 'select', name: 'state', label: 'payments.fields.state', options: declaredOptions(paymentsList, 'state', 'payments.states') },
        { kind: 'select', name: 'organization_id', label: 'payments.fields.organization', options: organizations.map((o) => ({ value: String(o.id), label: o.name })) },
        { kind: 'text', name: 'currency', label: 'payments.fields.currency' },
        { kind: 'amount-range', name: 'amount', label: 'payments.fields.amount' },
        { kind: 'date-range', name: 'start_date', label: 'payments.fields.start_date' },
        { kind: 'lookup', name: 'vendor_id', label: 'payments.fields.vendor', multiple: true, lookup: { path: '/api/vendors/lookup', labelOf: (v) => (v as { name: string }).name } },
        { kind: 'lookup', name: 'contract_id', label: 'payments.fields.contract', lookup: { path: '/api/contracts/lookup', labelOf: (c) => (c as { label: string }).label } },
      ]),
    [organizations],
  );
  return (
    <>
      <ListScreen<Payment>
        title="payments.title"
        path="/api/payments"
        resource="payments"
        columns={columns}
        filters={filters}
        defaults={defaults}
        header={<PaymentsTabs />}
        selectable
        openCommand="payments.show"
        detail={(p) => <PaymentDetails payment={p} />}
      />
      <PaymentDialogs />
      {/* The bucket tools' dialog (commands/payment-buckets.ts) opens for this list's selection. */}
      <AddToBucketDialog />
    </>
  );
}
