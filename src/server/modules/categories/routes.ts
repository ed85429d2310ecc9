import type { FastifyInstance } from 'fastify';
import { CATEGORY_TYPES, validateCategory, type CategoryInput } from '../../../shared/validation/categories.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { ValidationFailed } from '../../http/errors.js';
import { resourceRoutes, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import type { InitData } from '../config/reference.js';
import { type CategoryEntity, categoryTree, createCategory, deleteCategory, loadCategories, updateCategory } from './service.js';
import { listSource } from '../../http/list-source.js';
import { categoriesList } from '../../../shared/lists/categories.js';

const ROLES = ['admin'];

/** The youtube_vertical tree in the init data, in pre-order with depth, for the revenue source form. */
export async function categoriesInitData(db: Db, data: InitData): Promise<void> {
  const tree = await categoryTree(db, 'youtube_vertical');
  data.youtube_verticals.push(...tree.map(({ id, name, parent_id, depth }) => ({ id, name, parent_id, depth })));
}

/** The categories list: the columns of the sorts and filters `shared/lists/categories.ts` names. */
export const CATEGORY_LIST = listSource(categoriesList, {
  from: (db) => db.selectFrom('category_tree').select('category_tree.id'),
  tieBreaker: 'category_tree.id',
  sort: {
    id: 'category_tree.id',
    type: 'category_tree.type',
    name: 'category_tree.name',
    depth: 'category_tree.depth',
    created_at: 'category_tree.created_at',
    // Pre-order: each parent followed by its children, the order the indented list shows.
    tree: 'category_tree.tree_path',
  },
  defaultSort: { column: 'tree', direction: 'asc' },
  filters: {
    type: 'category_tree.type',
    parent_id: 'category_tree.parent_id',
  },
  search: ['category_tree.name'],
});

/** /api/categories (spec 1, 2.7, 7.3) and GET /api/categories/tree?type= for the parent and index pickers. */
export function categoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('Category', ROLES);

  app.get('/api/categories/tree', { config: { roles: ROLES } }, async (request) => {
    const type = (request.query as Record<string, unknown>).type;
    if (type === undefined || type === '') throw new ValidationFailed({ type: ['blank'] });
    if (typeof type !== 'string' || !(CATEGORY_TYPES as readonly string[]).includes(type)) throw new ValidationFailed({ type: ['invalid'] });
    return categoryTree(ctx.db, type);
  });

  resourceRoutes<CategoryEntity, CategoryInput>(app, ctx, {
    base: '/api/categories',
    name: 'category',
    table: 'categories',
    auditType: 'Category',
    roles: ROLES,
    list: CATEGORY_LIST,
    load: (db, ids) => loadCategories(db, ids),
    parse: (payload) => valid(validateCategory(payload)),
    create: ({ trx }, input) => createCategory(trx, input),
    update: ({ trx }, current, input) => updateCategory(trx, current, input),
    destroy: ({ trx }, current) => deleteCategory(trx, current),
    constraints: {
      categories_name_key: { name: ['already_used'] },
      categories_parent_fkey: { base: ['has_children'] },
    },
    auditIgnore: ['depth', 'children_count'],
  });
}
