import { BALANCE_ENTRY_KINDS } from '../entities/balance-entry.js';
import { defineList } from './define-list.js';

/** /api/vendors/{id}/balance_entries (DOMAIN.md "The ledger's API"). */
export const balanceEntriesList = defineList({
  sorts: ['id', 'month', 'amount', 'created_at'],
  filters: {
    contract_vendor_id: { kind: 'integer' },
    month: { kind: 'date' },
    kind: { kind: 'string', values: BALANCE_ENTRY_KINDS },
  },
});
