import { defineList } from './define-list.js';

/** /api/currency_rates. */
export const currencyRatesList = defineList({
  sorts: ['id', 'date', 'base_currency', 'target_currency', 'rate', 'payout_id', 'created_at'],
  filters: { date: { kind: 'date' }, base_currency: { kind: 'string' }, target_currency: { kind: 'string' }, payout_id: { kind: 'integer' } },
});
