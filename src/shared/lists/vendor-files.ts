import { defineList } from './define-list.js';

/** /api/vendor_files (spec 2, 7). */
export const vendorFilesList = defineList({
  sorts: ['id', 'month', 'created_at', 'organization'],
  filters: { organization_id: { kind: 'integer' }, month: { kind: 'date' } },
});
