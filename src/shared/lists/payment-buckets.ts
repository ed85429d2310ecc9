import { defineList } from './define-list.js';

/** /api/payment_buckets (spec 3, 2.2). */
export const paymentBucketsList = defineList({
  sorts: ['id', 'name', 'created_at'],
  filters: { name: { kind: 'text' } },
});
