import { useId } from 'react';
import useSWR from 'swr';
import { api } from '../../api/client';
import type { Category } from '../../../shared/entities/category';

/**
 * A type's categories in pre-order with their depth (`GET /api/categories/tree?type=`), loaded when the
 * form's type is chosen or changes (spec 1, 4); the parent and index pickers are built from it. Each
 * form loads it afresh (the key names the form), so a category saved a moment ago is always offered.
 */
export function useCategoryTree(type: string): { tree: Category[]; loading: boolean } {
  const form = useId();
  const { data, isLoading } = useSWR(type ? ['/api/categories/tree', type, form] : null, ([path, t]) => api.get<Category[]>(path, { type: t }), { revalidateOnFocus: false });
  return { tree: type ? data ?? [] : [], loading: isLoading };
}

/** The possible parents: every category of the tree except `selfId` and what lies below it (no cycles). */
export function possibleParents(tree: readonly Category[], selfId: number | null): Category[] {
  if (selfId === null) return [...tree];
  const out: Category[] = [];
  let skipBelow: number | null = null;
  for (const c of tree) {
    if (skipBelow !== null) {
      if (c.depth > skipBelow) continue;
      skipBelow = null;
    }
    if (c.id === selfId) {
      skipBelow = c.depth;
      continue;
    }
    out.push(c);
  }
  return out;
}

/** The children of `parentId` (null: the top level) in their order, without `selfId`: the category's future siblings. */
export function siblingsOf(tree: readonly Category[], parentId: number | null, selfId: number | null): Category[] {
  return tree.filter((c) => (c.parent_id ?? null) === parentId && c.id !== selfId);
}
