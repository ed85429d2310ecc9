import type { PaymentBucket } from '../../../shared/entities/payment-bucket';
import { Timestamp, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import type { ListDefaults } from '../../kit/list-state';
import { PaymentsTabs } from '../payments/payments-tabs';
import { JobsCell } from './jobs';
import { listColumns } from '../../kit/list-columns';
import { listFilters } from '../../kit/list-filters';
import { paymentBucketsList } from '../../../shared/lists/payment-buckets';

const columns: Column<PaymentBucket>[] = listColumns(paymentBucketsList, [
  { id: 'id', header: 'payment_buckets.fields.id', width: 70, grow: 0, align: 'end' },
  { id: 'name', header: 'payment_buckets.fields.name', rowHeader: true, width: 240, grow: 2 },
  { id: 'payments_count', header: 'payment_buckets.fields.payments_count', width: 110, grow: 0, align: 'end', cell: (b) => String(b.payments_count) },
  { id: 'jobs_pending', header: 'payment_buckets.fields.jobs_pending', width: 140, grow: 0, cell: (b) => <JobsCell bucket={b} /> },
  { id: 'created_at', header: 'payment_buckets.fields.created_at', width: 190, grow: 0, cell: (b) => <Timestamp value={b.created_at} /> },
]);

const filters = listFilters(paymentBucketsList, [{ kind: 'text', name: 'name', label: 'payment_buckets.fields.name' }]);
// The server's own order, so the header shows it.
const defaults: ListDefaults = { sort_by: 'created_at', sort_direction: 'desc' };

/** /payments/payment-buckets (spec 3, 2.2): sortable on id, name and created; Enter opens a bucket's details. */
export default function PaymentBucketsList() {
  return (
    <ListScreen<PaymentBucket>
      title="payment_buckets.title"
      path="/api/payment_buckets"
      resource="payment_buckets"
      columns={columns}
      filters={filters}
      defaults={defaults}
      newCommand="go.payment_buckets.new"
      openCommand="payment_buckets.show"
      header={<PaymentsTabs />}
    />
  );
}
