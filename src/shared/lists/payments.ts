import { PAYMENT_STATES, PAYMENT_TYPES } from '../entities/payment.js';
import { defineList } from './define-list.js';

/** /api/payments (spec 3, 2.1). `contract_vendor_vendor_id` is the spec's name for `vendor_id`. */
export const paymentsList = defineList({
  sorts: ['id', 'reference', 'total_amount', 'vat_amount', 'wht_amount', 'amount', 'start_date', 'state', 'paid_at', 'created_at'],
  filters: {
    type: { kind: 'string', values: PAYMENT_TYPES },
    state: { kind: 'string', values: PAYMENT_STATES },
    organization_id: { kind: 'integer' },
    currency: { kind: 'string' },
    amount: { kind: 'decimal' },
    start_date: { kind: 'date' },
    vendor_id: { kind: 'integer' },
    contract_vendor_vendor_id: { kind: 'integer' },
    contract_id: { kind: 'integer' },
    payout_id: { kind: 'integer' },
  },
});
