import { useEffect, useRef } from 'react';
import { cx } from 'styled-system/css';
import { useT } from '../../lib/i18n';
import type { SortDirection } from '../list-state';
import type { LayoutColumn } from './layout';
import { cell, cellText, checkCell, checkbox, headerRow, sortButton } from './styles';

interface GridHeaderProps<T> {
  layout: LayoutColumn<T>[];
  gridId: string;
  /** Header cell holding the tab stop, or undefined when the stop is in the body. */
  cursorCol: number | undefined;
  sortBy?: string;
  sortDirection?: SortDirection;
  onSort(key: string): void;
  allSelected: boolean;
  someSelected: boolean;
  canSelectAny: boolean;
  onToggleAll(): void;
}

function SelectAll({ checked, indeterminate, disabled, tabIndex, label, onChange }: { checked: boolean; indeterminate: boolean; disabled: boolean; tabIndex: number; label: string; onChange(): void }) {
  const ref = useRef<HTMLInputElement>(null);
  // "Some selected" is a DOM property only; browsers expose it as aria-checked=mixed.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={checkbox}
      data-focus-target=""
      tabIndex={tabIndex}
      checked={checked}
      disabled={disabled}
      aria-label={label}
      onChange={onChange}
    />
  );
}

export function GridHeader<T>(props: GridHeaderProps<T>) {
  const t = useT();
  const { layout, gridId, cursorCol } = props;
  return (
    <div role="row" aria-rowindex={1} data-row-index={-1} className={headerRow}>
      {layout.map((lc, c) => {
        const isCursor = cursorCol === c;
        if (lc.kind === 'select') {
          return (
            <div key="select" role="columnheader" id={`${gridId}-c${c}`} data-col={c} className={cx(cell, checkCell)} tabIndex={isCursor && !props.canSelectAny ? 0 : -1}>
              <SelectAll
                checked={props.allSelected}
                indeterminate={props.someSelected && !props.allSelected}
                disabled={!props.canSelectAny}
                tabIndex={isCursor && props.canSelectAny ? 0 : -1}
                label={t('grid.select_all')}
                onChange={props.onToggleAll}
              />
            </div>
          );
        }
        if (lc.kind === 'menu') {
          return (
            <div key="menu" role="columnheader" id={`${gridId}-c${c}`} data-col={c} className={cell} tabIndex={isCursor ? 0 : -1}>
              <span className="sr-only">{t('grid.actions')}</span>
            </div>
          );
        }
        const column = lc.column;
        const key = column.sortKey ?? column.id;
        const sorted = column.sortable && props.sortBy === key;
        const direction = sorted ? (props.sortDirection ?? 'asc') : undefined;
        return (
          <div
            key={column.id}
            role="columnheader"
            id={`${gridId}-c${c}`}
            data-col={c}
            data-align={column.align}
            aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
            className={cell}
            tabIndex={isCursor && !column.sortable ? 0 : -1}
          >
            {column.sortable ? (
              <button
                type="button"
                className={sortButton}
                data-align={column.align}
                data-focus-target=""
                tabIndex={isCursor ? 0 : -1}
                onClick={() => props.onSort(key)}
              >
                <span className={cellText}>{t(column.header)}</span>
                <SortIcon direction={direction} />
              </button>
            ) : (
              <span className={cellText}>{t(column.header)}</span>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Arrow of the sorted column; unsorted sortable columns show a faint two-way arrow. Decorative: aria-sort says it. */
function SortIcon({ direction }: { direction?: SortDirection }) {
  return (
    <span aria-hidden="true" style={{ opacity: direction ? 1 : 0.35, fontSize: '10px', flex: 'none' }}>
      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
    </span>
  );
}
