import { defineList } from './define-list.js';

/** /api/organizations. */
export const organizationsList = defineList({
  sorts: ['id', 'name', 'number', 'country_code', 'currency', 'city', 'created_at'],
  filters: { country_code: { kind: 'string' }, currency: { kind: 'string' } },
});
