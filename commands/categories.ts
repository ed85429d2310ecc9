import type { Category } from '../src/shared/entities/category';
import type { Lookup } from './lookups';
import { resourceCommands } from './resource';
import type { Command } from './types';

/**
 * Categories (spec 1, 2.7 and 4): edit and delete per row and on the edit page; a category with
 * children cannot be deleted (the server refuses it too, with `has_children`).
 */
export const categoriesCommands: Command[] = resourceCommands<Category>({
  resource: 'categories',
  api: '/api/categories',
  roles: ['admin'],
  deleted: 'categories.deleted',
  delete: (category) => (category.children_count > 0 ? { enabled: false, reason: 'categories.reasons.has_children' } : { enabled: true }),
});

export const categoriesLookups: Lookup[] = [];
