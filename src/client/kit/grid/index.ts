/** The list kit: one grid for every list screen of the product. */
export { DataGrid, type DataGridProps } from './data-grid';
export type { Column, CellEdit, CellEditorType, CellEditorOption, RowKey, Selection } from './types';
export { useList, invalidateLists, isListKeyOf, resourceOfPath, type ListResult, type UseListOptions } from './use-list';
export { CommandButton, type CommandButtonProps } from './command-button';
export { formatDecimal, formatMoney, formatDate, formatTimestamp, trimDecimalZeros } from './format';
export { Timestamp, DateText, DecimalText, YesNo } from './format-cells';
export { Pagination, type PaginationProps } from './pagination';
export { FilterPopover, type FilterPopoverProps } from './filter-popover';
export type { FilterField, FilterOption, LookupSource } from './filters';
export { BulkToolbar } from './bulk-toolbar';
export { RowMenu } from './row-menu';
