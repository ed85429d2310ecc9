import type { ListDecl, SortName } from '../../shared/lists/define-list';
import type { Column } from './grid/types';

/** A grid column of a shared list (`src/shared/lists`): `sortKey`, when the column sorts by another name than its id, is one of the list's sorts. */
export type ListColumn<T, L extends ListDecl> = Omit<Column<T>, 'sortable' | 'sortKey'> & { sortKey?: SortName<L> };

/**
 * The columns of a list screen, sortable exactly where the shared list sorts by the column's `sortKey`
 * (or id): the server's whitelist and the grid's sort arrows come from the same declaration.
 */
export function listColumns<T, L extends ListDecl>(list: L, columns: readonly ListColumn<T, L>[]): Column<T>[] {
  const sorts: readonly string[] = list.sorts;
  return columns.map((column) => ({ ...column, sortable: sorts.includes(column.sortKey ?? column.id) }));
}
