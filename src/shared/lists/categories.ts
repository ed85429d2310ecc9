import { CATEGORY_TYPES } from '../validation/categories.js';
import { defineList } from './define-list.js';

/** /api/categories: `tree` is the pre-order the indented list shows. */
export const categoriesList = defineList({
  sorts: ['id', 'type', 'name', 'depth', 'created_at', 'tree'],
  filters: { type: { kind: 'string', values: CATEGORY_TYPES }, parent_id: { kind: 'integer' } },
});
