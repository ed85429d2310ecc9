import { VENDOR_SOURCES } from '../validation/organizations.js';
import { VENDOR_STATES, VENDOR_TYPES } from '../validation/vendors.js';
import { defineList } from './define-list.js';

/** /api/vendors (spec 2, "Vendors"): `active_contract_month` lists vendors with a contract active in that month. */
export const vendorsList = defineList({
  sorts: ['id', 'number', 'name', 'type', 'state', 'created_at'],
  filters: {
    organization_id: { kind: 'integer' },
    type: { kind: 'string', values: VENDOR_TYPES },
    state: { kind: 'string', values: VENDOR_STATES },
    source: { kind: 'string', values: VENDOR_SOURCES },
    account_manager_id: { kind: 'integer' },
    inactive: { kind: 'boolean' },
    country_code: { kind: 'string' },
    tag_ids: { kind: 'integer' },
    active_contract_month: { kind: 'date' },
  },
});
