import type { Payment } from '../../../shared/entities/payment';
import { dialogTarget } from '../../kit/dialog-target';

/**
 * The payment screens' dialogs (attach invoice, verify invoice, cancel), opened by commands and shown by
 * the list and the details page. Kept apart from the dialogs' code, so the commands load none of it.
 */
export type PaymentDialog = { kind: 'attach_invoice' | 'verify_invoice' | 'cancel'; payment: Payment };
export const paymentDialog = dialogTarget<PaymentDialog>();
