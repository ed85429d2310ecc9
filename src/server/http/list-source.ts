import type { Expression, SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FilterName, ListDecl, SortName } from '../../shared/lists/define-list.js';
import type { ColumnRef, FilterDef, ListSource, ListSpec, SortDef } from './list-query.js';

/**
 * The server's half of a shared list (`src/shared/lists`): each declared sort and filter mapped to what
 * it reads. Typed against the declaration, so a sort or filter left out, or one it does not declare,
 * does not compile; a filter's kind and allowed values come from the declaration, not from here.
 */

/** What a filter reads: a column, an array column (matches when any element is given), or a condition of its own. */
export type FilterColumn<DB = Database> = ColumnRef<DB> | { column: ColumnRef<DB>; array: true } | ((value: unknown) => Expression<SqlBool>);

type Mapped<L extends ListDecl, DB> = {
  sort: Record<SortName<L>, SortDef<DB>>;
  defaultSort: { column: SortName<L>; direction: 'asc' | 'desc' };
} & ([FilterName<L>] extends [never] ? { filters?: Record<string, never> } : { filters: Record<FilterName<L>, FilterColumn<DB>> });

/** The columns of a shared list plus the rest of a `ListSpec` (search, page size). */
export type DeclaredSpec<L extends ListDecl, DB = Database> = Mapped<L, DB> & Omit<ListSpec<DB>, 'sort' | 'defaultSort' | 'filters'>;
/** The same for a `ListSource` (with its rows). */
export type DeclaredSource<L extends ListDecl, DB = Database> = Mapped<L, DB> & Omit<ListSource<DB>, 'sort' | 'defaultSort' | 'filters'>;

function withKinds<DB>(list: ListDecl, columns: Record<string, FilterColumn<DB>> | undefined): Record<string, FilterDef<DB>> {
  const out: Record<string, FilterDef<DB>> = {};
  for (const [name, column] of Object.entries(columns ?? {})) {
    const { kind, values } = list.filters[name];
    const read = typeof column === 'object' ? column : { column };
    out[name] = { ...read, kind, ...(values ? { values } : {}) };
  }
  return out;
}

/** A `ListSpec` (sorts, filters, search) for a shared list. */
export function listSpec<L extends ListDecl, DB = Database>(list: L, spec: DeclaredSpec<L, NoInfer<DB>>): ListSpec<DB> {
  return { ...spec, filters: withKinds(list, spec.filters) } as ListSpec<DB>;
}

/** A `ListSource` (its rows, sorts, filters, search) for a shared list. */
export function listSource<L extends ListDecl, DB = Database>(list: L, source: DeclaredSource<L, NoInfer<DB>>): ListSource<DB> {
  return { ...source, filters: withKinds(list, source.filters) } as ListSource<DB>;
}
