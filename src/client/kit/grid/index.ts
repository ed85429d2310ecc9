/** The list kit: one grid for every list screen of the product. */
export { DataGrid, type DataGridProps } from './data-grid';
export type { Column, CellEdit, CellEditorType, CellEditorOption, RowKey, Selection } from './types';
export { useList, invalidateLists, isListKeyOf, resourceOfPath, type ListResult, type UseListOptions } from './use-list';
export { CommandButton, type CommandButtonProps } from './command-button';
export { formatDate, formatTimestamp } from './format';
export { formatDecimal, formatMoney, trimDecimalZeros } from './format-money';
export { Timestamp, DateText, MonthText, MoneyText, YesNo } from './format-cells';
export { DecimalText } from './decimal-text';
export { Pagination, type PaginationProps } from './pagination';
// The filter popover, bulk toolbar and row menu are not re-exported: they load on first use (see
// `../deferred.tsx`), and a static export here would put react-aria back into every list. A screen that
// shows one at once imports it from its own file (`./row-menu`).
export { FilterButton } from './filter-button';
export type { FilterPopoverProps } from './filter-popover';
export type { FilterField, FilterOption, LookupSource } from './filters';
