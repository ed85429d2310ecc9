import type { LayoutColumn } from './layout';
import type { Column } from './types';

/**
 * The text Ctrl+C puts on the clipboard for grid rows, the way spreadsheets copy: each row's data
 * cells as the user sees them, separated by tabs, one line per row. A rendered row gives its cells'
 * text; a row scrolled out of a virtual grid gives its values. Tabs and line breaks inside a cell
 * become spaces so the table shape survives the paste.
 */
export function rowsAsText<T>(root: HTMLElement | null, indexes: number[], rows: readonly T[], layout: LayoutColumn<T>[]): string {
  const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ').trim();
  return indexes
    .map((index) => {
      const rowEl = root?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
      return layout
        .map((lc, c) => {
          if (lc.kind !== 'data') return undefined;
          const cellEl = rowEl?.querySelector<HTMLElement>(`[data-col="${c}"]`);
          return clean(cellEl ? cellEl.innerText ?? cellEl.textContent ?? '' : valueText(lc.column, rows[index]));
        })
        .filter((text): text is string => text !== undefined)
        .join('\t');
    })
    .join('\n');
}

function valueText<T>(column: Column<T>, row: T): string {
  const value = (row as Record<string, unknown>)[column.id];
  return value === null || value === undefined ? '' : String(value);
}
