import { CONTRACT_STATES } from '../validation/contracts.js';
import { CONTRACT_TYPES } from '../validation/organizations.js';
import { defineList } from './define-list.js';

/** /api/contracts (spec 2, "Contracts"); `signature_pending` is the state filter's name for both signing states. */
export const contractsList = defineList({
  sorts: ['id', 'active_from', 'active_to', 'contract_type', 'currency', 'state', 'created_at'],
  filters: {
    state: { kind: 'string', values: [...CONTRACT_STATES, 'signature_pending'] },
    organization_id: { kind: 'integer' },
    contract_type: { kind: 'string', values: CONTRACT_TYPES },
    vendor_id: { kind: 'integer' },
    payout_on_hold: { kind: 'boolean' },
    tag_ids: { kind: 'integer' },
  },
});
