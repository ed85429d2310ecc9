import type { CreatedAt, Id } from '../../db/schema.js';
import type { Generated } from 'kysely';

export interface CategoriesTable {
  id: Id;
  type: string;
  name: string;
  parent_id: number | null;
  /** Position among the siblings, from 0 (the API's `index`). */
  position: number;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

/** The view `category_tree`: every category with its depth, pre-order path and number of children. */
export interface CategoryTreeView {
  id: number;
  type: string;
  name: string;
  parent_id: number | null;
  position: number;
  created_at: Date;
  depth: number;
  tree_path: number[];
  children_count: number;
}

declare module '../../db/schema.js' {
  interface Database {
    categories: CategoriesTable;
    category_tree: CategoryTreeView;
  }
}
