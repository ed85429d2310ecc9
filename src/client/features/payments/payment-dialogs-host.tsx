import { deferred } from '../../kit/deferred';
import { DialogHost } from '../../kit/dialog-host';
import { paymentDialog } from './dialogs';

const dialogs = deferred(() => import('./payment-dialogs'));

/** Mounted by the list and the details page: the dialog a payment command opened, its code loaded then. */
export function PaymentDialogs() {
  return <DialogHost target={paymentDialog} dialog={dialogs} keyOf={(d) => `${d.kind}:${d.payment.id}`} />;
}
