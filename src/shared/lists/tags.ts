import { defineList } from './define-list.js';

/** /api/tags. */
export const tagsList = defineList({ sorts: ['id', 'name', 'created_at'] });
