import type { Category } from '../../../shared/entities/category.js';
import { sql } from 'kysely';
import type { CategoryInput } from '../../../shared/validation/categories.js';
import { orNull } from '../../../shared/validation/fields.js';
import type { Db } from '../../db/connection.js';
import { ValidationFailed } from '../../http/errors.js';
import { byIds } from '../../http/resource.js';
import './tables.js';

export type CategoryEntity = Category<Date>;

export function loadCategories(db: Db, ids: readonly number[]): Promise<CategoryEntity[]> {
  return byIds(ids, (list) => treeQuery(db).where('id', 'in', list).execute());
}

function treeQuery(db: Db) {
  return db
    .selectFrom('category_tree')
    .select(['id', 'type', 'name', 'parent_id', 'position as index', 'depth', 'children_count', 'created_at']);
}

/** One type's categories in pre-order (parents before their children, siblings by index). */
export function categoryTree(db: Db, type: string): Promise<CategoryEntity[]> {
  return treeQuery(db).where('type', '=', type).orderBy('tree_path').execute();
}

/** Tree writes of one type run one at a time, so positions and the no-cycle check never race. */
async function lockTypes(trx: Db, types: string[]): Promise<void> {
  for (const type of [...new Set(types)].sort()) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`categories:${type}`}, 0))`.execute(trx);
  }
}

/** Numbers the children of `parentId` 0, 1, ... in their current order, with `insert` placed at `index`. */
async function renumber(trx: Db, type: string, parentId: number | null, insert?: { id: number; index: number }): Promise<void> {
  let query = trx.selectFrom('categories').select('id').where('type', '=', type);
  query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
  if (insert) query = query.where('id', '!=', insert.id);
  const ids = (await query.orderBy('position').orderBy('id').execute()).map((r) => r.id);
  if (insert) ids.splice(Math.min(insert.index, ids.length), 0, insert.id);
  if (ids.length === 0) return;
  await sql`
    UPDATE categories c SET position = o.ord - 1
      FROM unnest(${ids}::bigint[]) WITH ORDINALITY AS o(id, ord)
     WHERE c.id = o.id AND c.position <> o.ord - 1`.execute(trx);
}

/** A parent must exist, have the same type, and (when moving) not be the category or one of its descendants. */
async function checkParent(trx: Db, input: CategoryInput, selfId?: number): Promise<number | null> {
  const parentId = orNull(input.parent_id);
  if (parentId === null) return null;
  const parent = await trx.selectFrom('categories').select(['id', 'type']).where('id', '=', parentId).executeTakeFirst();
  let ok = parent !== undefined && parent.type === input.type;
  if (ok && selfId !== undefined) {
    const below = await sql<{ id: number }>`
      WITH RECURSIVE sub AS (SELECT id FROM categories WHERE id = ${selfId}
                             UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
      SELECT id FROM sub WHERE id = ${parentId}`.execute(trx);
    ok = below.rows.length === 0;
  }
  if (!ok) throw new ValidationFailed({ parent_id: ['invalid'] });
  return parentId;
}

async function hasChildren(trx: Db, id: number): Promise<boolean> {
  return (await trx.selectFrom('categories').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

export async function createCategory(trx: Db, input: CategoryInput): Promise<number> {
  await lockTypes(trx, [input.type]);
  const parentId = await checkParent(trx, input);
  const { id } = await trx
    .insertInto('categories')
    .values({ type: input.type, name: input.name, parent_id: parentId, position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await renumber(trx, input.type, parentId, { id, index: input.index });
  return id;
}

export async function updateCategory(trx: Db, current: CategoryEntity, input: CategoryInput): Promise<void> {
  await lockTypes(trx, [current.type, input.type]);
  if (input.type !== current.type && (await hasChildren(trx, current.id))) throw new ValidationFailed({ type: ['has_children'] });
  const parentId = await checkParent(trx, input, current.id);
  await trx.updateTable('categories').set({ type: input.type, name: input.name, parent_id: parentId }).where('id', '=', current.id).execute();
  await renumber(trx, input.type, parentId, { id: current.id, index: input.index });
  if (parentId !== current.parent_id || input.type !== current.type) await renumber(trx, current.type, current.parent_id);
}

/** A category with children cannot be deleted (spec 1, 4): its children would lose their place. */
export async function deleteCategory(trx: Db, current: CategoryEntity): Promise<void> {
  await lockTypes(trx, [current.type]);
  if (await hasChildren(trx, current.id)) throw new ValidationFailed({ base: ['has_children'] });
  await trx.deleteFrom('categories').where('id', '=', current.id).execute();
  await renumber(trx, current.type, current.parent_id);
}
