import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type FocusEvent, type KeyboardEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { scopedCommands } from '../../../../commands/registry';
import { useT } from '../../lib/i18n';
import { focusIsLost, overlayOpen } from '../../shell/focus';
import type { ListState, SortDirection } from '../list-state';
import type { EditOutcome } from './cell-editor';
import { GridHeader } from './grid-header';
import { gridKeyAction, isTypingTarget, type Cursor } from './grid-keys';
import { GridRow, type RowActions } from './grid-row';
import { rowsAsText } from './copy-rows';
import { buildLayout, gridTemplate, rowHeaderIndex, type LayoutColumn } from './layout';
import * as s from './styles';
import type { Column, RowKey } from './types';
import { deferred, useDeferred } from '../deferred';

// The row menu and the bulk toolbar (react-aria) load at the first key or pointer press, not with the list.
const rowMenuCode = deferred(() => import('./row-menu'));
const bulkToolbarCode = deferred(() => import('./bulk-toolbar'));

/*
 * Virtualisation: @tanstack/react-virtual rather than react-aria-components' Table + Virtualizer.
 * - react-aria's collection builder renders every row and cell of the data into its own collection on each
 *   change; with 100,000 rows × 8 columns that is close to a million elements per selection change, and
 *   scrolling stutters. tanstack only computes offsets (fixed 30 px rows: O(1) per row, no measuring) and
 *   we render the ~40 visible rows, each memoised.
 * - We own the ARIA: role=grid with aria-rowcount = all rows + header, every rendered row carries its
 *   true aria-rowindex, so a screen reader says "row 51,234 of 100,001" while only 40 rows exist.
 * - We own the keys the product wants (j/k, x, Shift+Space, F2 editing, Shift+F10 row menu) without
 *   fighting react-aria's typeahead, which would swallow letter keys.
 * - The row holding the keyboard focus is always rendered (rangeExtractor), so focus never falls out of
 *   the grid when the focused row scrolls off screen.
 */

export interface DataGridProps<T> {
  /** Accessible name of the grid (translated), e.g. the page title. */
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
  /** Rows in the whole list (all pages); with `listState` the grid announces "row 12 of 57". */
  total?: number;
  rowKey?: (row: T) => RowKey;
  loading?: boolean;
  error?: unknown;
  onRetry?(): void;
  /** Sort state and paging offset from the address. */
  listState?: Pick<ListState, 'sort_by' | 'sort_direction' | 'setSort' | 'p' | 's'>;
  /** Without listState: sort given and reported directly. */
  sort?: { by?: string; direction?: SortDirection };
  onSort?(key: string): void;
  /** Rows may be selected (all, or those the function accepts: it should depend on the row only). */
  selectable?: boolean | ((row: T) => boolean);
  /** Translation key saying why a row cannot be selected. */
  notSelectableReason?(row: T): string | undefined;
  /** Controlled selection; without it the grid keeps its own. */
  selection?: ReadonlySet<RowKey>;
  onSelectionChange?(next: ReadonlySet<RowKey>): void;
  /** Resource of the rows: its `row` commands form the row menu, its `bulk` commands the bulk toolbar. */
  resource?: string;
  /** Enter or double click on a row. */
  onOpen?(row: T): void;
  /** The row holding the keyboard focus changed (for a details pane). */
  onActiveRowChange?(row: T | undefined): void;
  /** Translation key of the empty text; default "No entries". */
  emptyText?: string;
  /** Take the focus (on the cursor row) whenever the page has none: a list screen's grid. */
  claimFocus?: boolean;
  /** The row the cursor starts on once it is loaded (the row focused when the list was last left). */
  initialKey?: RowKey;
  /** Changing this number moves the focus to the cursor row once the rows are loaded (after a filter). */
  focusRequest?: number;
  /** Render only the visible rows (for long local lists); pages of a server list do not need it. */
  virtual?: boolean;
  className?: string;
  style?: CSSProperties;
}

const defaultRowKey = (row: unknown): RowKey => (row as { id: RowKey }).id;
const NO_SELECTION: ReadonlySet<RowKey> = new Set();

function clampCursor(cursor: Cursor, rows: number, cols: number): Cursor {
  const col = cursor.col === null ? null : Math.max(0, Math.min(cursor.col, cols - 1));
  if (rows === 0) return { row: -1, col: col ?? 0 };
  if (cursor.row < -1) return { row: 0, col };
  if (cursor.row < 0) return { row: -1, col: col ?? 0 };
  return { row: Math.min(cursor.row, rows - 1), col };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function DataGrid<T>(props: DataGridProps<T>) {
  const { label, columns, rows, loading = false, error, resource, virtual = false, listState } = props;
  const t = useT();
  const gridId = `g${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const rowKey = props.rowKey ?? (defaultRowKey as (row: T) => RowKey);
  const selectable = props.selectable ?? false;
  const hasSelect = selectable !== false;
  const hasMenu = Boolean(resource) && scopedCommands(resource!, 'row').length > 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  // Every column is rendered: a list wider than its pane scrolls sideways (the cursor's cell is scrolled
  // into view), and a list screen's column chooser hides what its user does not want. None is dropped.
  const layout: LayoutColumn<T>[] = useMemo(() => buildLayout(columns, hasSelect, hasMenu), [columns, hasSelect, hasMenu]);
  const { template, minWidth } = useMemo(() => gridTemplate(layout), [layout]);
  const rowHeaderCol = useMemo(() => rowHeaderIndex(layout), [layout]);
  const sortBy = listState ? listState.sort_by : props.sort?.by;
  const sortDirection = listState ? listState.sort_direction : props.sort?.direction;

  // ---- selection (controlled or own) -------------------------------------------------------------
  const [ownSelection, setOwnSelection] = useState<ReadonlySet<RowKey>>(NO_SELECTION);
  const selection = props.selection ?? ownSelection;
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const setSelection = useCallback(
    (next: ReadonlySet<RowKey>) => {
      selectionRef.current = next;
      if (!props.selection) setOwnSelection(next);
      props.onSelectionChange?.(next);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.selection, props.onSelectionChange],
  );
  const selectableRef = useRef(selectable);
  selectableRef.current = selectable;
  const canSelect = useCallback((row: T) => {
    const rule = selectableRef.current;
    return typeof rule === 'function' ? rule(row) : rule;
  }, []);

  // A load starting clears the selection (spec 1, 4), whoever owns it.
  const wasLoading = useRef(loading);
  useEffect(() => {
    if (loading && !wasLoading.current && selectionRef.current.size) setSelection(NO_SELECTION);
    wasLoading.current = loading;
  }, [loading, setSelection]);

  // O(rows) only when rows or selection change, not on every scroll frame.
  const selectionSummary = useMemo(() => {
    if (!hasSelect) return { all: false, some: false, any: false, keys: [] as RowKey[] };
    const keys: RowKey[] = [];
    for (const r of rows) if (canSelect(r)) keys.push(rowKey(r));
    const chosen = keys.filter((k) => selection.has(k)).length;
    return { all: keys.length > 0 && chosen === keys.length, some: chosen > 0, any: keys.length > 0, keys };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, selection, hasSelect]);

  // One polite live region says what changed that is not where the focus is: the selection, a copy.
  const [announcement, setAnnouncement] = useState('');
  const announce = (text: string) => setAnnouncement((prev) => (prev === text ? `${text}\u00a0` : text));
  const announcedSize = useRef(selection.size);
  useEffect(() => {
    if (selection.size === announcedSize.current) return;
    announcedSize.current = selection.size;
    setAnnouncement(selection.size ? t('grid.selected', { count: selection.size }) : t('grid.selection_cleared'));
  }, [selection.size, t]);

  const selectedRows = useMemo(() => (selection.size ? rows.filter((r) => selection.has(rowKey(r))) : []), [rows, selection]); // eslint-disable-line react-hooks/exhaustive-deps

  // ---- cursor (the grid's single tab stop) ------------------------------------------------------
  const [cursorState, setCursorState] = useState<Cursor>({ row: 0, col: null });
  const cursor = clampCursor(cursorState, rows.length, layout.length);
  const [editing, setEditing] = useState<{ row: number; col: number } | null>(null);
  const [menuRow, setMenuRow] = useState<number | null>(null);
  const pendingFocus = useRef(false);
  /** The pending focus is the grid claiming a lost focus, not an asked-for move. */
  const claiming = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuAnchor = useRef<Element | null>(null);

  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => s.ROW_HEIGHT,
    overscan: 8,
    // the header sits above the rows inside the scroller and stays stuck over them
    scrollMargin: s.HEADER_HEIGHT,
    scrollPaddingStart: s.HEADER_HEIGHT,
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      const keep = cursor.row;
      if (keep >= 0 && keep < range.count && !indexes.includes(keep)) {
        indexes.push(keep);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
  });

  const reportActive = (row: number) => props.onActiveRowChange?.(row >= 0 ? rows[row] : undefined);

  const moveTo = (next: Cursor) => {
    const target = clampCursor(next, rows.length, layout.length);
    pendingFocus.current = true;
    if (target.row !== cursor.row) reportActive(target.row);
    setCursorState({ ...target });
    if (virtual && target.row >= 0) virtualizer.scrollToIndex(target.row, { align: 'auto' });
  };

  const elementAt = (c: Cursor): HTMLElement | null => {
    const rowEl = rootRef.current?.querySelector<HTMLElement>(`[data-row-index="${c.row}"]`);
    if (!rowEl) return null;
    if (c.col === null) return rowEl;
    const cellEl = rowEl.querySelector<HTMLElement>(`[data-col="${c.col}"]`);
    const inner = cellEl?.querySelector<HTMLElement>('[data-focus-target]:not(:disabled)');
    return inner ?? cellEl ?? null;
  };

  // Focus follows the cursor after the render that moved it (and after a menu or editor closes).
  useLayoutEffect(() => {
    if (!pendingFocus.current || editing || menuRow !== null) return;
    const el = elementAt(cursor);
    if (!el) return;
    pendingFocus.current = false;
    // A claim (nobody asked) gives way to a focus the user placed since the frame that made it: a
    // button focused and pressed while the list rendered must keep the key, not the first row.
    const claim = claiming.current;
    claiming.current = false;
    if (claim && !focusIsLost() && !scrollRef.current?.contains(document.activeElement)) return;
    el.focus({ preventScroll: virtual });
    if (!virtual) el.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    else if (cursor.col !== null) scrollColumnIntoView(scrollRef.current, el);
  });

  // The focus comes to the grid when the page has none (a list opened, the focused row deleted) or when
  // asked, once the rows are there; a frame later, after a closing popover has restored its own focus.
  const cursorRef = useRef(cursor);
  cursorRef.current = cursor;
  const restored = useRef(props.initialKey === undefined);
  const answeredRequest = useRef(props.focusRequest ?? 0);
  useEffect(() => {
    if (loading || rows.length === 0 || editing || menuRow !== null) return;
    if (!restored.current) {
      restored.current = true;
      const index = rows.findIndex((r) => rowKey(r) === props.initialKey);
      if (index >= 0) {
        setCursorState({ row: index, col: null });
        cursorRef.current = { row: index, col: null };
      }
    }
    const asked = answeredRequest.current !== (props.focusRequest ?? 0);
    if (!asked && !props.claimFocus) return;
    const frame = requestAnimationFrame(() => {
      if (!asked && !focusIsLost()) return;
      if (overlayOpen()) return;
      answeredRequest.current = props.focusRequest ?? 0;
      const at = cursorRef.current.row < 0 ? { row: 0, col: null } : cursorRef.current;
      pendingFocus.current = true;
      claiming.current = !asked;
      setCursorState({ ...at });
      reportActive(at.row);
    });
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loading, rows, props.focusRequest, props.claimFocus, editing, menuRow]);

  // ---- actions ------------------------------------------------------------------------------------
  const toggleRow = (index: number) => {
    const row = rows[index];
    if (!row || !hasSelect || !canSelect(row)) return;
    const key = rowKey(row);
    const next = new Set(selectionRef.current);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setSelection(next);
  };

  const toggleAll = () => {
    if (!selectionSummary.any) return;
    const next = new Set(selectionRef.current);
    if (selectionSummary.all) selectionSummary.keys.forEach((k) => next.delete(k));
    else selectionSummary.keys.forEach((k) => next.add(k));
    setSelection(next);
  };

  const sort = (key: string) => (listState ? listState.setSort(key) : props.onSort?.(key));

  /** "Clear selection" (or Escape): the rows stay where they are and the focus comes back to the cursor. */
  const clearSelection = () => {
    setSelection(NO_SELECTION);
    pendingFocus.current = true;
    setCursorState((c) => ({ ...c }));
  };

  const openMenu = (index: number) => {
    if (!hasMenu || !rows[index]) return;
    const rowEl = rootRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
    menuAnchor.current = rowEl?.querySelector('[data-row-menu]') ?? rowEl ?? null;
    if (cursor.row !== index) setCursorState({ row: index, col: cursor.col });
    setMenuRow(index);
  };

  const closeMenu = () => {
    pendingFocus.current = true;
    setMenuRow(null);
  };

  const editableAt = (r: number, c: number): boolean => {
    const lc = layout[c];
    const row = rows[r];
    if (!row || !lc || lc.kind !== 'data' || !lc.column.editable) return false;
    return lc.column.editable.enabled ? lc.column.editable.enabled(row) : true;
  };

  const startEdit = (r: number, c: number | null): boolean => {
    const col = c ?? layout.findIndex((_, i) => editableAt(r, i));
    if (col < 0 || !editableAt(r, col)) return false;
    setCursorState({ row: r, col });
    setEditing({ row: r, col });
    if (virtual) virtualizer.scrollToIndex(r, { align: 'auto' });
    return true;
  };

  /** The next (or previous) editable cell after (r, c), in reading order. */
  const nextEditable = (r: number, c: number, step: 1 | -1): { row: number; col: number } | null => {
    let row = r;
    let col = c + step;
    while (row >= 0 && row < rows.length) {
      while (col >= 0 && col < layout.length) {
        if (editableAt(row, col)) return { row, col };
        col += step;
      }
      row += step;
      col = step === 1 ? 0 : layout.length - 1;
    }
    return null;
  };

  const editDone = (outcome: EditOutcome) => {
    const current = editing;
    setEditing(null);
    if (!current) return;
    if (outcome === 'next' || outcome === 'prev') {
      const next = nextEditable(current.row, current.col, outcome === 'next' ? 1 : -1);
      if (next) {
        if (next.row !== current.row) reportActive(next.row);
        startEdit(next.row, next.col);
        return;
      }
    }
    if (outcome !== 'blur') pendingFocus.current = true;
  };

  const openRow = (index: number) => {
    const row = rows[index];
    if (!row || !props.onOpen) return false;
    props.onOpen(row);
    return true;
  };

  const activate = (target: HTMLElement): boolean => {
    const lc = cursor.col === null ? undefined : layout[cursor.col];
    if (cursor.row < 0) {
      if (lc?.kind === 'select') return toggleAll(), true;
      if (lc?.kind === 'data' && lc.column.sortable) return sort(lc.column.sortKey ?? lc.column.id), true;
      return false;
    }
    if (!lc) return openRow(cursor.row);
    if (lc.kind === 'select') return toggleRow(cursor.row), true;
    if (lc.kind === 'menu') return openMenu(cursor.row), true;
    if (startEdit(cursor.row, cursor.col)) return true;
    // A cell holding one link or button (a "show" link): Enter follows it, as a click would.
    const cellEl = target.closest('[data-col]') ?? target;
    const controls = cellEl.querySelectorAll<HTMLElement>('a[href], button');
    if (controls.length === 1) return controls[0].click(), true;
    return openRow(cursor.row);
  };

  // Ctrl+C on a row copies the selected rows (or the focused one); a text selection copies natively.
  const copyRows = (): boolean => {
    if ((window.getSelection()?.toString() ?? '') !== '' || cursor.row < 0) return false;
    const chosen = selection.size ? rows.flatMap((r, i) => (selection.has(rowKey(r)) ? [i] : [])) : [];
    const indexes = chosen.length ? chosen : [cursor.row];
    const text = rowsAsText(rootRef.current, indexes, rows, layout);
    void navigator.clipboard?.writeText(text).then(
      () => announce(t('grid.copied', { count: indexes.length })),
      () => announce(t('grid.copy_failed')),
    );
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || !rootRef.current?.contains(e.target as Node) || isTypingTarget(e.target)) return;
    // PageUp/PageDown move by what fits in the viewport, less one row of overlap (10 before layout exists)
    const height = scrollRef.current?.clientHeight ?? 0;
    const page = height > 0 ? Math.max(1, Math.floor((height - s.HEADER_HEIGHT) / s.ROW_HEIGHT) - 1) : 10;
    const action = gridKeyAction(e, cursor, { rows: rows.length, cols: layout.length, page });
    if (!action) return;
    const target = e.target as HTMLElement;
    const onControl = target.matches('input[type=checkbox], button, a[href]');
    let handled = true;
    switch (action.type) {
      case 'move':
        moveTo(action.to);
        break;
      case 'activate':
        handled = activate(target);
        break;
      case 'space':
        // A focused checkbox or button does its own thing on Space; elsewhere Space toggles the row.
        if (onControl) handled = false;
        else if (cursor.row >= 0) toggleRow(cursor.row);
        break;
      case 'toggle':
        toggleRow(cursor.row);
        break;
      case 'edit':
        handled = startEdit(cursor.row, cursor.col);
        break;
      case 'menu':
        openMenu(cursor.row);
        break;
      case 'copy':
        handled = copyRows();
        break;
      case 'escape':
        if (selectionRef.current.size) clearSelection();
        else handled = false;
        break;
    }
    if (handled) {
      e.preventDefault();
      // Global single-key hotkeys listen on the document; what the grid handled stops here.
      e.stopPropagation();
    }
  };

  // Focus that arrives by mouse or by Tab moves the cursor to where it landed.
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('[data-cell-editor]')) return;
    const rowEl = target.closest<HTMLElement>('[data-row-index]');
    if (!rowEl || !rootRef.current?.contains(rowEl)) return;
    const row = Number(rowEl.dataset.rowIndex);
    const cellEl = target.closest<HTMLElement>('[data-col]');
    const col = cellEl && rowEl.contains(cellEl) ? Number(cellEl.dataset.col) : null;
    reportActive(row); // also the row the cursor already was on: the first focus of the list
    if (row !== cursor.row || col !== cursor.col) setCursorState({ row, col });
  };

  // Stable callbacks for the memoised rows; they read the latest render through a ref.
  const latest = useRef({ toggleRow, openMenu, openRow, startEdit, editDone, editableAt });
  latest.current = { toggleRow, openMenu, openRow, startEdit, editDone, editableAt };
  const rowActions: RowActions = useMemo(
    () => ({
      toggle: (i) => latest.current.toggleRow(i),
      openMenu: (i) => latest.current.openMenu(i),
      doubleClick: (i, col) => {
        if (col !== null && latest.current.editableAt(i, col)) latest.current.startEdit(i, col);
        else latest.current.openRow(i);
      },
      editDone: (outcome) => latest.current.editDone(outcome),
    }),
    [],
  );
  const texts = useMemo(() => ({ actions: t('grid.row_actions') }), [t]);

  // ---- render -------------------------------------------------------------------------------------
  const offset = listState ? (listState.p - 1) * listState.s : 0;
  const message = error ? 'error' : !loading && rows.length === 0 ? 'empty' : undefined;
  const rowCount = Math.max(props.total !== undefined && listState ? props.total : rows.length, offset + rows.length) + 1 + (message && rows.length === 0 ? 1 : 0);
  const items = virtual ? virtualizer.getVirtualItems() : null;
  const indexes = items ? items.map((i) => i.index) : rows.map((_, i) => i);
  const starts = items ? new Map(items.map((i) => [i.index, i.start - s.HEADER_HEIGHT])) : null;
  const keyOf = items ? slotKeys(indexes, cursor.row) : null;
  const rowMenu = useDeferred(rowMenuCode, menuRow !== null);
  const bulkToolbar = useDeferred(bulkToolbarCode, selection.size > 0);
  const menuSelection =
    menuRow !== null && rows[menuRow] && resource ? { resource, ids: [rowKey(rows[menuRow])], rows: [rows[menuRow]] as unknown[] } : null;

  return (
    <div className={cx(s.frame, props.className)} style={props.style}>
      {hasSelect && resource && selection.size > 0 && (
        bulkToolbar ? (
          <bulkToolbar.BulkToolbar selection={{ resource, ids: [...selection], rows: selectedRows as unknown[] }} onClear={clearSelection} />
        ) : (
          <div role="toolbar" aria-label={t('grid.bulk_actions')} className={cx(s.toolbar, s.bulkBar)}>
            {t('grid.selected', { count: selection.size })}
          </div>
        )
      )}
      <div ref={scrollRef} className={s.scroller} style={{ scrollPaddingTop: s.HEADER_HEIGHT }}>
        <div
          ref={rootRef}
          role="grid"
          aria-label={label}
          aria-rowcount={rowCount}
          aria-colcount={layout.length}
          aria-multiselectable={hasSelect || undefined}
          aria-busy={loading || undefined}
          data-inline-edit={layout.some((lc) => lc.kind === 'data' && lc.column.editable) || undefined}
          className={s.grid}
          style={{ '--grid-cols': template, minWidth } as CSSProperties}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
        >
          <span id={`${gridId}-select-label`} hidden>
            {t('grid.select_row')}
          </span>
          <div role="rowgroup" className={s.head}>
            <GridHeader
              layout={layout}
              gridId={gridId}
              cursorCol={cursor.row === -1 ? (cursor.col ?? 0) : undefined}
              sortBy={sortBy}
              sortDirection={sortDirection}
              onSort={sort}
              allSelected={selectionSummary.all}
              someSelected={selectionSummary.some}
              canSelectAny={selectionSummary.any}
              onToggleAll={toggleAll}
            />
          </div>
          <div role="rowgroup" style={virtual ? { height: virtualizer.getTotalSize(), position: 'relative' } : { minHeight: rows.length ? undefined : 3 * s.ROW_HEIGHT }}>
            {indexes.map((index) => {
              const row = rows[index];
              if (row === undefined) return null;
              const id = rowKey(row);
              const selectableRow = hasSelect && canSelect(row);
              return (
                <GridRow<T>
                  key={keyOf ? keyOf(index) : String(id)}
                  row={row}
                  index={index}
                  rowId={id}
                  ariaRowIndex={offset + index + 2}
                  layout={layout}
                  gridId={gridId}
                  rowHeaderCol={rowHeaderCol}
                  selectable={hasSelect}
                  selected={hasSelect && selection.has(id)}
                  canSelect={selectableRow}
                  notSelectableReason={hasSelect && !selectableRow ? reasonText(props.notSelectableReason?.(row), t) : undefined}
                  cursorCol={cursor.row === index ? cursor.col : undefined}
                  editingCol={editing?.row === index ? editing.col : undefined}
                  menuOpen={menuRow === index}
                  top={starts?.get(index)}
                  actions={rowActions}
                  texts={texts}
                />
              );
            })}
            {message && rows.length === 0 && (
              <div role="row" aria-rowindex={2} className={s.messageRow}>
                <div role="gridcell" aria-colspan={layout.length} className={s.messageCell}>
                  {message === 'empty' ? (
                    <span>{t(props.emptyText ?? 'grid.empty')}</span>
                  ) : (
                    <ErrorMessage error={error} onRetry={props.onRetry} />
                  )}
                </div>
              </div>
            )}
          </div>
        </div>
      </div>
      {message === 'error' && rows.length > 0 && (
        <div className={s.toolbar} style={{ background: 'transparent', borderTopWidth: 1 }}>
          <ErrorMessage error={error} onRetry={props.onRetry} />
        </div>
      )}
      {loading && (
        <div className={s.overlay} data-testid="grid-loading">
          <span className={s.overlayBadge} role="status">
            <span className={s.spinner} aria-hidden="true" />
            {t('grid.loading')}
          </span>
        </div>
      )}
      <div className="sr-only" aria-live="polite" aria-atomic="true" data-grid-status="">
        {announcement}
      </div>
      {menuSelection && rowMenu && <rowMenu.RowMenu selection={menuSelection} anchor={menuAnchor} label={t('grid.row_actions')} onClose={closeMenu} />}
    </div>
  );
}

/*
 * Keys of virtual rows by slot (index mod 512) rather than by row: a row scrolled in reuses the DOM of the
 * one scrolled out, so dragging the scrollbar across 100,000 rows updates ~40 rows' text instead of
 * building ~40 new rows every frame. Small scrolls still re-render only the rows that changed. The row
 * holding the focus always keeps its slot (a rendered row that would share it gets a key of its own),
 * so the focused element is never handed to another row.
 */
const SLOTS = 512;

/** Sideways only (the virtualizer does the rows): the focused cell's column fully inside the scroller. */
function scrollColumnIntoView(scroller: HTMLElement | null, el: HTMLElement) {
  if (!scroller) return;
  const cell = el.closest<HTMLElement>('[data-col]') ?? el;
  const box = cell.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  if (box.left < view.left) scroller.scrollLeft -= view.left - box.left;
  else if (box.right > view.left + scroller.clientWidth) scroller.scrollLeft += Math.min(box.left - view.left, box.right - view.left - scroller.clientWidth);
}
function slotKeys(indexes: number[], focused: number): (index: number) => string {
  const focusSlot = focused >= 0 ? focused % SLOTS : -1;
  return (index) => (index !== focused && index % SLOTS === focusSlot ? `x${index}` : `s${index % SLOTS}`);
}

function reasonText(key: string | undefined, t: (k: string) => string): string | undefined {
  return key ? t(key) : undefined;
}

function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?(): void }) {
  const t = useT();
  return (
    <>
      <span role="alert" className={css({ color: 'danger' })}>
        {t('grid.load_failed', { message: errorMessage(error) })}
      </span>
      {onRetry && (
        <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={onRetry}>
          {t('grid.retry')}
        </button>
      )}
    </>
  );
}
