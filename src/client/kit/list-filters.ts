import type { EnumFilterName, FilterName, ListDecl } from '../../shared/lists/define-list';
import type { FilterField, FilterOption } from './grid/filters';

/** A filter popover field of a shared list (`src/shared/lists`): its name is one of the list's filters. */
export type ListFilterField<L extends ListDecl> = FilterField & { name: FilterName<L> };

/** The filter popover's fields of a shared list, in the order shown (a list may have filters the popover does not offer). */
export function listFilters<L extends ListDecl>(_list: L, fields: readonly ListFilterField<L>[]): FilterField[] {
  return [...fields];
}

/** The options of an enumerated filter, from the values the shared list allows, labelled `${labels}.${value}`. */
export function declaredOptions<L extends ListDecl>(list: L, name: EnumFilterName<L>, labels: string): FilterOption[] {
  return (list.filters[name].values ?? []).map((value) => ({ value, label: `${labels}.${value}` }));
}
