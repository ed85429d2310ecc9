/**
 * A list's sorts and filters as the API takes them (`sort_by=name`, `filter[state]=new`), declared once
 * in `src/shared/lists/<area>.ts` for both sides. The server maps exactly these names to columns
 * (`listSource` in `server/http/list-source.ts`: a name missing or not declared does not compile) and
 * checks values by the declared kind; the client's grid sorts a column because its list sorts by it and
 * the filter popover's fields name the list's filters (`kit/list-filters.ts`). Names, kinds and allowed
 * values only: columns and SQL stay on the server.
 */

/** How a filter value is read: `text` matches case-insensitively anywhere, the others exactly or by range. */
export type FilterKind = 'text' | 'string' | 'integer' | 'decimal' | 'date' | 'timestamp' | 'boolean';

export interface FilterDecl {
  kind: FilterKind;
  /** The values an enumeration allows (any other is refused with a 422). */
  values?: readonly string[];
}

export interface ListDecl<S extends string = string, F extends string = string> {
  /** What `sort_by` may name. */
  sorts: readonly S[];
  /** What `filter[...]` may name, with its kind. */
  filters: { readonly [K in F]: FilterDecl };
}

/** A list's declaration, its names kept as literal types (so `SortName` and `FilterName` can check them). */
export function defineList<const S extends string, const F extends Record<string, FilterDecl> = Record<never, FilterDecl>>(decl: {
  sorts: readonly S[];
  filters?: F;
}): { sorts: readonly S[]; filters: F } {
  return { sorts: decl.sorts, filters: decl.filters ?? ({} as F) };
}

export type SortName<L extends ListDecl> = L['sorts'][number];
export type FilterName<L extends ListDecl> = keyof L['filters'] & string;
/** The filters of a list that allow only some values (an enumeration). */
export type EnumFilterName<L extends ListDecl> = { [K in FilterName<L>]: L['filters'][K] extends { values: readonly string[] } ? K : never }[FilterName<L>];
