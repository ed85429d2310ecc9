/**
 * The grid's keyboard map, kept pure so it can be tested without a DOM. The cursor is where the single
 * tab stop of the grid sits: a row (`col: null`, the default) or one cell; `row: -1` is the header row.
 */
export interface Cursor {
  row: number;
  /** Index into the rendered columns (selection box, data columns, row menu); null = the whole row. */
  col: number | null;
}

export interface GridDims {
  rows: number;
  cols: number;
  /** Rows that fit in the viewport, for PageUp/PageDown. */
  page: number;
}

export interface KeyLike {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export type GridKeyAction =
  | { type: 'move'; to: Cursor }
  /** Enter: sort a header, toggle a box, open the row menu, edit a cell or open the row. */
  | { type: 'activate' }
  /** Space: the grid decides (toggle the row; a focused checkbox toggles itself). */
  | { type: 'space' }
  | { type: 'toggle' }
  | { type: 'edit' }
  | { type: 'menu' }
  /** Ctrl/Cmd+C on a row: copy it (or the selected rows) as tab-separated text. */
  | { type: 'copy' }
  /** Escape: clear the selection, if there is one. */
  | { type: 'escape' };

const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(max, n));

export function gridKeyAction(e: KeyLike, cursor: Cursor, dims: GridDims): GridKeyAction | null {
  const { rows, cols } = dims;
  const header = cursor.row < 0;
  const mod = e.ctrlKey || e.metaKey;
  const move = (row: number, col: number | null): GridKeyAction => ({ type: 'move', to: { row, col } });
  // Entering the header always lands on a cell: a header row has nothing to do as a whole.
  const headerCol = cursor.col ?? 0;
  if (e.altKey) return null;

  if (mod) {
    if (e.key === 'Home' && rows > 0) return move(0, cursor.col);
    if (e.key === 'End' && rows > 0) return move(rows - 1, cursor.col);
    if (e.key.toLowerCase() === 'c' && !e.shiftKey && !header) return { type: 'copy' };
    return null; // other Ctrl/Cmd combinations belong to the app (the palette)
  }

  switch (e.key) {
    case 'ArrowDown':
      if (rows === 0) return header ? move(cursor.row, cursor.col) : null;
      return move(header ? 0 : clamp(cursor.row + 1, 0, rows - 1), cursor.col);
    case 'j':
      if (rows === 0) return null;
      return move(header ? 0 : clamp(cursor.row + 1, 0, rows - 1), cursor.col);
    case 'ArrowUp':
      if (header) return move(-1, headerCol);
      return cursor.row === 0 ? move(-1, headerCol) : move(cursor.row - 1, cursor.col);
    case 'k':
      if (header || rows === 0) return null;
      return move(clamp(cursor.row - 1, 0, rows - 1), cursor.col);
    case 'ArrowRight':
      if (cursor.col === null) return move(cursor.row, 0);
      return move(cursor.row, clamp(cursor.col + 1, 0, cols - 1));
    case 'ArrowLeft':
      if (cursor.col === null) return move(cursor.row, null);
      if (cursor.col === 0) return header ? move(-1, 0) : move(cursor.row, null);
      return move(cursor.row, cursor.col - 1);
    case 'Home':
      if (header || cursor.col !== null) return move(cursor.row, 0);
      return rows > 0 ? move(0, null) : null;
    case 'End':
      if (header || cursor.col !== null) return move(cursor.row, cols - 1);
      return rows > 0 ? move(rows - 1, null) : null;
    case 'PageDown':
      if (rows === 0) return null;
      return move(clamp((header ? 0 : cursor.row) + Math.max(1, dims.page), 0, rows - 1), cursor.col);
    case 'PageUp':
      if (rows === 0 || header) return null;
      return move(clamp(cursor.row - Math.max(1, dims.page), 0, rows - 1), cursor.col);
    case 'Enter':
      return { type: 'activate' };
    case 'Escape':
      return { type: 'escape' };
    case 'F2':
      return header ? null : { type: 'edit' };
    case ' ':
    case 'Spacebar':
      if (e.shiftKey) return header ? null : { type: 'toggle' };
      return { type: 'space' };
    case 'x':
      return header ? null : { type: 'toggle' };
    case 'ContextMenu':
      return header ? null : { type: 'menu' };
    case 'F10':
      return e.shiftKey && !header ? { type: 'menu' } : null;
    default:
      return null;
  }
}

/** Whether a key event comes from a place that types text (inputs, the cell editor, rich text). */
export function isTypingTarget(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (el.tagName === 'INPUT') {
    const type = (el as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
  }
  return Boolean(el.closest('[data-cell-editor]'));
}
