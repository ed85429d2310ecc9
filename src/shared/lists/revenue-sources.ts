import { REVENUE_SOURCE_TYPES, RISK_RATINGS } from '../validation/revenue-sources.js';
import { defineList } from './define-list.js';

/** /api/revenue_sources: `risk_rating` the bands of 4.4; `content_owner_id` a content owner's record id. */
export const revenueSourcesList = defineList({
  sorts: ['id', 'reference_id', 'name', 'created_at'],
  filters: {
    type: { kind: 'string', values: REVENUE_SOURCE_TYPES },
    created_at: { kind: 'date' },
    risk_rating: { kind: 'string', values: RISK_RATINGS },
    organization_id: { kind: 'integer' },
    content_owner_id: { kind: 'integer' },
  },
});
