import { isDecimal } from '../../../shared/decimal-grammar';
import type { CellEdit, Column } from './types';

/** What an inline editor does with the text typed: kept as a string, decimals with a dot (DESIGN principle 4). */
const PATTERNS: Partial<Record<CellEdit<unknown>['type'], { test(value: string): boolean }>> = {
  decimal: { test: (value) => isDecimal(value) },
  integer: /^-?\d+$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

/** Trims; a decimal typed with a comma (`12,50`) becomes `12.50`: still a string, never a number. */
export function normaliseCellValue(type: CellEdit<unknown>['type'], value: string): string {
  const text = value.trim();
  return type === 'decimal' && !text.includes('.') ? text.replace(',', '.') : text;
}

/** The built-in check of an editor type: `blank` for a missing required value, `invalid` for a bad format. */
export function checkCellValue(edit: Pick<CellEdit<unknown>, 'type' | 'required'>, value: string): string | undefined {
  if (value === '') return edit.required ? 'blank' : undefined;
  const pattern = PATTERNS[edit.type];
  return pattern && !pattern.test(value) ? 'invalid' : undefined;
}

export function initialCellValue<T>(column: Column<T>, row: T): string {
  const edit = column.editable;
  if (edit?.value) return edit.value(row);
  const raw = (row as Record<string, unknown>)[column.id];
  return raw === null || raw === undefined ? '' : String(raw);
}
