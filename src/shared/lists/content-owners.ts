import { defineList } from './define-list.js';

/** /api/cms/content_owners (spec 1, 2.8). */
export const contentOwnersList = defineList({
  sorts: ['id', 'content_owner_id', 'display_name', 'internal_country', 'report_filename_part', 'fetch_stats', 'active', 'created_at'],
  filters: { active: { kind: 'boolean' }, own: { kind: 'boolean' }, internal_country: { kind: 'string' } },
});
