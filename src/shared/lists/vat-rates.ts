import { defineList } from './define-list.js';

/** /api/vat_rates. */
export const vatRatesList = defineList({
  sorts: ['id', 'country_code', 'rate', 'created_at'],
  filters: { country_code: { kind: 'string' } },
});
