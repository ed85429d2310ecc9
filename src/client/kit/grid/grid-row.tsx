import { memo, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { CellEditor, type EditOutcome } from './cell-editor';
import type { LayoutColumn } from './layout';
import { cell, cellText, checkCell, checkbox, menuButton, row as rowClass, virtualRow } from './styles';
import type { Column, RowKey } from './types';

/** What a row asks of its grid; one stable object per grid so memoised rows do not re-render on a scroll. */
export interface RowActions {
  toggle(index: number): void;
  openMenu(index: number): void;
  doubleClick(index: number, col: number | null): void;
  editDone(outcome: EditOutcome): void;
}

export interface GridRowProps<T> {
  row: T;
  index: number;
  rowId: RowKey;
  ariaRowIndex: number;
  layout: LayoutColumn<T>[];
  gridId: string;
  rowHeaderCol: number;
  selected: boolean;
  canSelect: boolean;
  /** Translated reason shown on a row that cannot be selected. */
  notSelectableReason?: string;
  /** Where the grid's tab stop is in this row: undefined = elsewhere, null = the row itself, n = cell n. */
  cursorCol: number | null | undefined;
  editingCol: number | undefined;
  menuOpen: boolean;
  /** Offset in px when virtualised. */
  top?: number;
  actions: RowActions;
  selectable: boolean;
  texts: { actions: string };
}

export function cellContent<T>(column: Column<T>, row: T): ReactNode {
  if (column.cell) return column.cell(row);
  const value = (row as Record<string, unknown>)[column.id];
  return value === null || value === undefined ? '' : String(value);
}

function GridRowImpl<T>(props: GridRowProps<T>) {
  const { row, index, layout, gridId, cursorCol, editingCol, actions } = props;
  const rowHeaderId = `${gridId}-r${index}-h`;
  const colOf = (target: EventTarget) => {
    const el = (target as HTMLElement).closest?.('[data-col]');
    return el ? Number(el.getAttribute('data-col')) : null;
  };
  return (
    <div
      role="row"
      aria-rowindex={props.ariaRowIndex}
      aria-selected={props.selectable ? props.selected : undefined}
      data-row-index={index}
      data-editing={editingCol !== undefined ? '' : undefined}
      tabIndex={cursorCol === null ? 0 : -1}
      className={cx(rowClass, props.top !== undefined && virtualRow)}
      style={props.top !== undefined ? { transform: `translateY(${props.top}px)` } : undefined}
      onDoubleClick={(e) => {
        if ((e.target as HTMLElement).closest('input, button, a, select, [data-cell-editor]')) return;
        actions.doubleClick(index, colOf(e.target));
      }}
    >
      {layout.map((lc, c) => {
        const isCursor = cursorCol === c;
        if (lc.kind === 'select') {
          const reasonId = `${gridId}-r${index}-why`;
          return (
            <div key="select" role="gridcell" data-col={c} className={cx(cell, checkCell)} tabIndex={isCursor && !props.canSelect ? 0 : -1}>
              <input
                type="checkbox"
                className={checkbox}
                data-focus-target=""
                tabIndex={isCursor && props.canSelect ? 0 : -1}
                checked={props.selected}
                disabled={!props.canSelect}
                title={props.notSelectableReason}
                aria-labelledby={`${gridId}-select-label ${rowHeaderId}`}
                aria-describedby={props.notSelectableReason ? reasonId : undefined}
                onChange={() => actions.toggle(index)}
              />
              {props.notSelectableReason && (
                <span id={reasonId} hidden>
                  {props.notSelectableReason}
                </span>
              )}
            </div>
          );
        }
        if (lc.kind === 'menu') {
          const buttonId = `${gridId}-r${index}-menu`;
          return (
            <div key="menu" role="gridcell" data-col={c} className={cx(cell, checkCell)} tabIndex={-1}>
              <button
                type="button"
                id={buttonId}
                className={menuButton}
                data-focus-target=""
                data-row-menu=""
                tabIndex={isCursor ? 0 : -1}
                aria-haspopup="menu"
                aria-expanded={props.menuOpen}
                aria-label={props.texts.actions}
                aria-labelledby={`${buttonId} ${rowHeaderId}`}
                onClick={() => actions.openMenu(index)}
              >
                <span aria-hidden="true">⋯</span>
              </button>
            </div>
          );
        }
        const column = lc.column;
        const editing = editingCol === c;
        return (
          <div
            key={column.id}
            role={c === props.rowHeaderCol ? 'rowheader' : 'gridcell'}
            id={c === props.rowHeaderCol ? rowHeaderId : undefined}
            data-col={c}
            data-align={column.align}
            data-editing={editing ? '' : undefined}
            className={cell}
            tabIndex={isCursor && !editing ? 0 : -1}
          >
            {editing ? (
              <CellEditor row={row} column={column} labelledBy={`${gridId}-c${c} ${rowHeaderId}`} onDone={actions.editDone} />
            ) : (
              <span className={cellText}>{cellContent(column, row)}</span>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Rows re-render only when their own props change: the cursor, selection or editing of this row. */
export const GridRow = memo(GridRowImpl) as typeof GridRowImpl;
