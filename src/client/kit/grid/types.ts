import type { ReactNode } from 'react';
import type { FieldErrors } from '../../api/client';

/** What identifies a row: the server's id, normally. */
export type RowKey = string | number;

/** Editors a cell can open; every editor edits a string (money and rates stay decimal strings). */
export type CellEditorType = 'text' | 'decimal' | 'integer' | 'date' | 'select';

export interface CellEditorOption {
  value: string;
  /** Translation key. */
  label: string;
}

export interface CellEdit<T> {
  type: CellEditorType;
  /** For `select`. */
  options?: CellEditorOption[];
  /** An empty value gives the `blank` message before anything is sent. */
  required?: boolean;
  /** The editor's starting text; default `String(row[column.id] ?? '')`. */
  value?(row: T): string;
  /** Whether this row's cell can be edited now, from the server's flags (e.g. `row.state_editable`). */
  enabled?(row: T): boolean;
  /** A message key (`blank`, `invalid`, or a full translation key) or undefined when valid. */
  validate?(value: string, row: T): string | undefined;
  /**
   * Saves the value and refreshes the data (e.g. `await api.put(...); await list.mutate()`); the editor
   * stays open until this settles. Resolve with field errors (or throw an ApiError 422) to keep it open
   * with the message of `field` (default: the column id).
   */
  commit(row: T, value: string): Promise<void | FieldErrors>;
  /** Which field of the server's errors belongs to this cell; default the column id. */
  field?: string;
}

export interface Column<T> {
  id: string;
  /** Translation key of the header text. */
  header: string;
  /** Cell content; default the row's value at `id` as text. */
  cell?(row: T): ReactNode;
  /** Sortable columns write `sort_by` (= `sortKey ?? id`) and `sort_direction`. */
  sortable?: boolean;
  sortKey?: string;
  /** Minimum width in px (default 140); the column takes a share of spare width by `grow` (default 1, 0 = fixed). */
  width?: number;
  grow?: number;
  /** `end` for numbers and money: right-aligned tabular figures. */
  align?: 'start' | 'end';
  /** The cell that names the row for assistive technology (default: the first column). */
  rowHeader?: boolean;
  editable?: CellEdit<T>;
}

export type Selection = ReadonlySet<RowKey>;
