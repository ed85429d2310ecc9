import type { Column } from './types';

/** The rendered columns: an optional selection box, the data columns, an optional row-menu button. */
export type LayoutColumn<T> = { kind: 'select' } | { kind: 'data'; column: Column<T> } | { kind: 'menu' };

const SELECT_WIDTH = 36;
const MENU_WIDTH = 40;
const DEFAULT_WIDTH = 140;

export function buildLayout<T>(columns: Column<T>[], selectable: boolean, menu: boolean): LayoutColumn<T>[] {
  return [
    ...(selectable ? [{ kind: 'select' } as const] : []),
    ...columns.map((column) => ({ kind: 'data', column }) as const),
    ...(menu ? [{ kind: 'menu' } as const] : []),
  ];
}

/** One CSS grid template shared by the header and every row, so columns line up without a <table>. */
export function gridTemplate<T>(layout: LayoutColumn<T>[]): { template: string; minWidth: number } {
  let minWidth = 0;
  const tracks = layout.map((lc) => {
    if (lc.kind === 'select') return (minWidth += SELECT_WIDTH), `${SELECT_WIDTH}px`;
    if (lc.kind === 'menu') return (minWidth += MENU_WIDTH), `${MENU_WIDTH}px`;
    const width = lc.column.width ?? DEFAULT_WIDTH;
    const grow = lc.column.grow ?? 1;
    minWidth += width;
    return grow > 0 ? `minmax(${width}px, ${grow}fr)` : `${width}px`;
  });
  return { template: tracks.join(' '), minWidth };
}

/** Index of the row-header column in the layout: the column marked `rowHeader`, else the first data column. */
export function rowHeaderIndex<T>(layout: LayoutColumn<T>[]): number {
  const marked = layout.findIndex((lc) => lc.kind === 'data' && lc.column.rowHeader);
  return marked >= 0 ? marked : layout.findIndex((lc) => lc.kind === 'data');
}
