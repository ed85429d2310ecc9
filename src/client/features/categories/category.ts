/** A category as the server sends it (spec 1, 3): `index` is its place among its siblings, `depth` 0 at the top. */
export interface Category {
  id: number;
  type: string;
  name: string;
  parent_id: number | null;
  index: number;
  depth: number;
  children_count: number;
  created_at: string;
}

/** `depth` dashes before the name: how lists and pickers show the tree (spec 1, 2.7). */
export function treeIndent(depth: number): string {
  return depth > 0 ? `${'—'.repeat(depth)} ` : '';
}
