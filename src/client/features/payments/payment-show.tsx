import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { Payment } from '../../../shared/entities/payment';
import { DetailsSection, Facts } from '../../kit/details-section';
import { FormTitle } from '../../kit/form';
import { RecordActionsMenu } from '../../kit/record-actions-menu';
import { RecordLoadState, useRecordPage } from '../../kit/record-page';
import { languageAtom, useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import { PaymentBalanceEntries } from './balance-entries';
import { LineItems, paymentFacts } from './payment-details';
import { PaymentDialogs } from './payment-dialogs-host';

const page = css({ display: 'flex', flexDirection: 'column', gap: '3', minH: 0 });
const head = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', '& h1': { mb: 0, mr: 'auto' } });

// The row menu's actions (spec 3, 2.1: the details page offers them too).
const MENU = [
  'payments.pause',
  'payments.resume',
  'payments.attach_invoice',
  'payments.verify_invoice',
  'payments.invalidate_invoice',
  'payments.pay_out',
  'payments.mark_incorrect',
  'payments.cancel_export',
  'payments.refresh_payee',
  'payments.cancel',
];

/**
 * /payments/{id}/show (spec 3, 2.1): the payment's data with its frozen payee, its line items, the balance
 * entries it pays (issue 23), and the row menu's actions.
 */
export default function PaymentShow({ params }: ScreenProps) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  const { record: payment, status, reload } = useRecordPage<Payment>('payments', `/api/payments/${params.id}`);
  if (!payment) return <RecordLoadState status={status} title="pages.payments.show" listPath={routePath('payments.list')} onRetry={() => void reload()} />;
  return (
    <div className={page}>
      <div className={head}>
        <FormTitle title="pages.payments.show" name={payment.reference} />
        <RecordActionsMenu resource="payments" record={payment} only={MENU} label={t('payments.actions_for', { reference: payment.reference })} />
      </div>
      <DetailsSection title="payments.details">
        <Facts rows={paymentFacts(payment, t, lng).map((f) => [f.label, f.value as ReactNode])} />
      </DetailsSection>
      <DetailsSection title="payments.fields.line_items">
        <LineItems payment={payment} />
      </DetailsSection>
      <DetailsSection title="payments.fields.balance_entries">
        <PaymentBalanceEntries payment={payment} />
      </DetailsSection>
      <PaymentDialogs />
    </div>
  );
}
