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

/** The columns to show in `available` px: optional ones left out, highest `optional` first, until the rest fit. */
export function fitColumns<T>(columns: Column<T>[], available: number | undefined, selectable: boolean, menu: boolean): Column<T>[] {
  if (!available || !columns.some((c) => c.optional !== undefined)) return columns;
  let width = (selectable ? SELECT_WIDTH : 0) + (menu ? MENU_WIDTH : 0) + columns.reduce((sum, c) => sum + (c.width ?? DEFAULT_WIDTH), 0);
  const dropped = new Set<Column<T>>();
  const candidates = columns.filter((c) => c.optional !== undefined).sort((a, b) => b.optional! - a.optional!);
  for (const c of candidates) {
    if (width <= available) break;
    dropped.add(c);
    width -= c.width ?? DEFAULT_WIDTH;
  }
  return dropped.size === 0 ? columns : columns.filter((c) => !dropped.has(c));
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
