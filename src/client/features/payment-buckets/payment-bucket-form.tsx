import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { paymentBucketStruct } from '../../../shared/validation/payment-buckets';
import { TextField } from '../../kit/fields';
import { FormTitle, recordValues, ResourceForm, useResourceForm } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';

const EMPTY = { name: '' };
const narrow = css({ maxW: '560px' });

/** New and edit payment bucket (spec 3, 2.2, 4.5, 5.1): the name; a dirty form asks before leaving. */
export default function PaymentBucketForm({ params }: ScreenProps) {
  const id = params.id ?? null;
  const struct = useMemo(paymentBucketStruct, []);
  const form = useResourceForm({
    resource: 'payment_buckets',
    basePath: '/api/payment_buckets',
    wrapper: 'payment_bucket',
    listPath: routePath('payment_buckets.list'),
    editPath: (bucketId) => routePath('payment_buckets.edit', { id: bucketId }),
    id,
    struct,
    initial: EMPTY,
    fromRecord: (record) => recordValues(EMPTY, record),
    messages: { created: 'payment_buckets.created', saved: 'payment_buckets.saved' },
  });
  return (
    <div className={narrow}>
      <FormTitle title={id ? 'pages.payment_buckets.edit' : 'pages.payment_buckets.new'} name={form.record?.name as string | undefined} />
      <ResourceForm form={form} label={id ? 'pages.payment_buckets.edit' : 'pages.payment_buckets.new'} actions={id ? <CommandButton command="payment_buckets.delete_current" variant="danger" /> : undefined}>
        <TextField name="name" autoFocus />
      </ResourceForm>
    </div>
  );
}
