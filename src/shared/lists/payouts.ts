import { REVENUE_TYPES, UNALLOCATED_REVENUE_TYPES } from '../validation/payouts.js';
import { defineList } from './define-list.js';

/** /api/payouts (spec 3, 2.4). */
export const payoutsList = defineList({
  sorts: ['id', 'month', 'created_at', 'label'],
  filters: { month: { kind: 'date' } },
});

/** /api/unallocated_revenues (spec 3, 2.5): `month` is the payouts' month. */
export const unallocatedRevenuesList = defineList({
  sorts: ['id', 'revenue_type', 'revenue', 'claimed_channel_id', 'claimed_video_id'],
  filters: {
    month: { kind: 'date' },
    content_owner_id: { kind: 'integer' },
    revenue_type: { kind: 'string', values: [...new Set<string>([...UNALLOCATED_REVENUE_TYPES, ...REVENUE_TYPES])] },
  },
});
