import { defineList } from './define-list.js';

/** /api/banks (spec 1, "Banks"). */
export const banksList = defineList({
  sorts: ['id', 'name', 'country_code', 'bic', 'bank_key', 'created_at'],
  filters: { country_code: { kind: 'string' }, name: { kind: 'text' } },
});
