/**
 * A whole list screen from columns, filters and command ids: title, search, filter popover, a "New"
 * button, the grid (sorting, selection, row menu, bulk toolbar, inline editing), pagination and,
 * optionally, the active row's details beside it. State lives in the address (spec 1, 2.5a).
 *
 * Every column is available: the grid scrolls sideways, and a "Columns" button (command shell.columns)
 * lets each user hide columns, remembered per user and list (grid/column-choice.ts).
 *
 * Optional: `selectable` (+ `notSelectableReason`) for bulk commands, `detail={(row) => …}` for a
 * resizable details pane, `toolbar` for more buttons, `emptyText`, `search="toolbar" | false`. The search
 * is the frame's title-bar box by default. A list inside a record's page (a tab) takes `headingLevel={2}`
 * and `search={false}`, or `hideTitle` when its tab names it (the vendor's balance, the audit log).
 *
 * Example — src/client/features/banks/banks-list.tsx:
 *
 *   import { ListScreen } from '../../kit/list-screen';
 *   import type { ListDefaults } from '../../kit/list-state';
 *   import { Timestamp, type Column, type FilterField } from '../../kit/grid';   // also DateText, MonthText, MoneyText, DecimalText, YesNo
 *   import type { Bank } from '../../../shared/banks';
 *
 *   const columns: Column<Bank>[] = [
 *     { id: 'id', header: 'banks.fields.id', sortable: true, width: 70, grow: 0, align: 'end' },
 *     { id: 'name', header: 'banks.fields.name', sortable: true, rowHeader: true, width: 200 },
 *     { id: 'country_code', header: 'banks.fields.country_code', sortable: true, width: 90, grow: 0 },
 *     { id: 'full_address', header: 'banks.fields.full_address', width: 240, grow: 2 },
 *     { id: 'bic', header: 'banks.fields.bic', sortable: true },
 *     { id: 'bank_key', header: 'banks.fields.bank_key', sortable: true },
 *     { id: 'created_at', header: 'banks.fields.created_at', sortable: true, cell: (b) => <Timestamp value={b.created_at} /> },
 *   ];
 *   const filters: FilterField[] = [{ kind: 'text', name: 'name', label: 'banks.fields.name' }];
 *   const defaults: ListDefaults = { sort_by: 'id', sort_direction: 'desc' };   // module level: a constant
 *
 *   export default function BanksList() {
 *     return (
 *       <ListScreen<Bank>
 *         title="banks.title"
 *         path="/api/banks"
 *         resource="banks"            // row commands banks.edit / banks.delete, bulk commands, invalidate('banks')
 *         columns={columns}
 *         filters={filters}
 *         defaults={defaults}
 *         newCommand="banks.new"     // the "New" button runs this command (roles, when() from the registry)
 *         openCommand="banks.edit"   // Enter / double click on a row runs this row command
 *       />
 *     );
 *   }
 */
import { atom, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { useCommandEnvironment, useCommands } from '../commands/context';
import { pageContextAtom } from '../commands/page-context';
import { usePageChrome } from '../shell/page-chrome';
import { useT } from '../lib/i18n';
import { ColumnButton } from './grid/column-button';
import { useColumnChoice } from './grid/column-choice';
import { CommandButton } from './grid/command-button';
import { DataGrid } from './grid/data-grid';
import { FilterButton } from './grid/filter-button';
import type { FilterField } from './grid/filters';
import { Pagination } from './grid/pagination';
import type { Column, RowKey } from './grid/types';
import { useList } from './grid/use-list';
import { lastPage, refusedFilters, useListState, type ListDefaults, type ListState } from './list-state';
import { SplitPane } from './split-pane';

export interface ListScreenProps<T> {
  /** Translation key of the title; it also names the grid. */
  title: string;
  /** API path of the list, e.g. `/api/banks`. */
  path: string;
  /** Resource name of the commands' scope (default: last segment of the path). */
  resource?: string;
  columns: Column<T>[];
  filters?: FilterField[];
  /** Fixed query parameters sent with every load (a tab's `list=...`); not part of the address. */
  params?: Record<string, string>;
  /** Screen defaults (constant): sort, page size, initial filter. */
  defaults?: ListDefaults;
  /**
   * The search writing `q`: 'frame' (default) turns on the frame's title-bar search box (spec 1, 2.5;
   * `/` focuses it); 'toolbar' puts one in the list's own toolbar (a list outside the frame); false: none.
   */
  search?: 'frame' | 'toolbar' | false;
  /**
   * Publish the checked rows, or else the focused row, as the page's command selection, so row and bulk
   * commands reached by hotkey or palette act on them (default true).
   */
  publishSelection?: boolean;
  /** Command id of the "New" button. */
  newCommand?: string;
  /** Row command run by Enter / double click, with the row as the selection. */
  openCommand?: string;
  /** Or a function for Enter / double click. */
  onOpen?(row: T): void;
  selectable?: boolean | ((row: T) => boolean);
  notSelectableReason?(row: T): string | undefined;
  rowKey?: (row: T) => RowKey;
  /** Translation key of the empty text. */
  emptyText?: string;
  /** More toolbar content (page commands, a segment switch), placed before "New". */
  toolbar?: ReactNode;
  /** Details of the row holding the keyboard focus, beside the list (resizable, remembered per resource). */
  detail?(row: T): ReactNode;
  /** Render only visible rows (pages of 10–50 rows do not need it). */
  virtual?: boolean;
  /** Hide the h1 when the frame shows the title already. */
  hideTitle?: boolean;
  /** The title's heading level: 2 for a list inside a record's page, whose h1 names the record (a vendor's balance tab). */
  headingLevel?: 1 | 2;
  /** Content between the title bar and the grid (tabs of the list). */
  header?: ReactNode;
}

const SEARCH_PAUSE_MS = 300;

/** The row last focused in each list (by API path), so coming back to the list lands on it again. */
const lastFocusedAtom = atom<Readonly<Record<string, RowKey>>>({});

const screen = css({ display: 'flex', flexDirection: 'column', gap: '2', h: '100%', minH: 0, minW: 0 });
const bar = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', minH: '32px' });
const title = css({ fontSize: 'xl', fontWeight: '600', m: 0, mr: 'auto', color: 'fg' });
const subTitle = css({ fontSize: 'md', fontWeight: '600', m: 0, mr: 'auto', color: 'fg' });
const gridArea = css({ flex: '1 1 auto', minH: '120px' });

export function ListScreen<T>(props: ListScreenProps<T>) {
  const t = useT();
  // Only what this screen can sort and filter by is read from the address; the rest falls back.
  const shape = {
    sortable: [...props.columns.filter((c) => c.sortable).map((c) => c.sortKey ?? c.id), ...(props.defaults?.sort_by ? [props.defaults.sort_by] : [])],
    filters: [...(props.filters ?? []).map((f) => f.name), ...Object.keys(props.defaults?.filter ?? {})],
  };
  const state = useListState(props.defaults, shape);
  const list = useList<T>(props.path, state, { resource: props.resource, rowKey: props.rowKey, params: props.params });
  const commands = useCommands();
  const columns = useColumnChoice(props.path, props.columns);
  const [active, setActive] = useState<T | undefined>();
  const store = useStore();
  const [initialKey] = useState(() => store.get(lastFocusedAtom)[props.path]);
  const [focusRequest, setFocusRequest] = useState(0);
  const rowKey = props.rowKey ?? ((row: T) => (row as { id: RowKey }).id);
  const search = props.search ?? 'frame';
  usePageChrome({ search: search === 'frame' });

  // Hotkeys and the palette run commands with the page's context: give them what the user is on.
  const setPageContext = useSetAtom(pageContextAtom);
  const publish = props.publishSelection !== false;
  const targets = list.selectedRows.length ? list.selectedRows : active !== undefined && list.rows.includes(active) ? [active] : [];
  const targetKey = targets.map((r) => String(rowKey(r))).join(',');
  useEffect(() => {
    if (!publish) return;
    setPageContext(targets.length ? { selection: { resource: list.resource, ids: targets.map(rowKey), rows: targets } } : undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publish, targetKey, list.resource, list.rows, setPageContext]);
  useEffect(() => (publish ? () => setPageContext(undefined) : undefined), [publish, setPageContext]);

  // After a delete on the last page (or an old link), go to the last page that exists.
  // A capped total is a lower bound: pages past it may exist.
  const { total, totalCapped, loading } = list;
  useEffect(() => {
    if (!loading && !totalCapped && total > 0 && state.p > lastPage(total, state.s)) state.update({ p: lastPage(total, state.s) }, { replace: true });
  }, [loading, total, totalCapped, state]);

  // A filter value the server refuses (a typed address, an old bookmark): open the list without it and say so.
  const env = useCommandEnvironment();
  const refused = refusedFilters(list.error).filter((name) => Object.hasOwn(state.filter, name));
  const refusedKey = refused.join(',');
  useEffect(() => {
    if (!refusedKey) return;
    const names = refusedKey.split(',');
    const filter = Object.fromEntries(Object.entries(state.filter).filter(([name]) => !names.includes(name)));
    state.update({ filter, p: 1 }, { replace: true });
    const labels = names.map((name) => {
      const field = props.filters?.find((f) => f.name === name);
      return field ? t(field.label) : name;
    });
    env.services.notify('warning', t('grid.filter.dropped', { fields: labels.join(', ') }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusedKey]);

  const open = props.openCommand
    ? (row: T) => void commands.run(props.openCommand!, { selection: { resource: list.resource, ids: [rowKey(row)], rows: [row] } })
    : props.onOpen;

  // ↓ in the search box (the frame's or our own) goes to the first row: search, then act on a result.
  const screenRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (search === false) return;
    const onKeyDown = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.key !== 'ArrowDown' || e.defaultPrevented || e.altKey || !target?.matches?.('#page-search, [data-list-search]')) return;
      const first = screenRef.current?.querySelector<HTMLElement>('[role=grid] [data-row-index="0"]');
      if (!first) return;
      e.preventDefault();
      first.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [search]);

  const main = (
    <div ref={screenRef} className={screen} data-list-screen="">
      <div className={bar}>
        {props.hideTitle ? (
          <span className={css({ mr: 'auto' })} />
        ) : props.headingLevel === 2 ? (
          <h2 className={subTitle}>{t(props.title)}</h2>
        ) : (
          <h1 className={title}>{t(props.title)}</h1>
        )}
        {search === 'toolbar' && <ListSearch state={state} />}
        {props.filters && props.filters.length > 0 && <FilterButton fields={props.filters} state={state} onApplied={() => setFocusRequest((n) => n + 1)} />}
        <ColumnButton choice={columns} />
        {props.toolbar}
        {props.newCommand && <CommandButton command={props.newCommand} variant="primary" />}
      </div>
      {props.header}
      <DataGrid<T>
        className={gridArea}
        label={t(props.title)}
        columns={columns.shown}
        rows={list.rows}
        total={list.total}
        rowKey={props.rowKey}
        loading={list.loading || refused.length > 0}
        error={refused.length ? undefined : list.error}
        onRetry={() => void list.mutate()}
        listState={state}
        selectable={props.selectable}
        notSelectableReason={props.notSelectableReason}
        selection={list.selection}
        onSelectionChange={list.setSelection}
        resource={list.resource}
        onOpen={open}
        onActiveRowChange={(row) => {
          setActive(row);
          if (row !== undefined) store.set(lastFocusedAtom, (all) => ({ ...all, [props.path]: rowKey(row) }));
        }}
        claimFocus
        initialKey={initialKey}
        focusRequest={focusRequest}
        emptyText={props.emptyText}
        virtual={props.virtual}
      />
      <Pagination state={state} total={list.total} totalCapped={list.totalCapped} />
    </div>
  );

  if (!props.detail) return main;
  // The focused row as the list has it now (a reload brings new objects for the same rows).
  const shown = active === undefined ? undefined : list.rows.find((r) => rowKey(r) === rowKey(active));
  return (
    <SplitPane
      storageKey={`list:${list.resource}`}
      detail={shown === undefined ? <p className={css({ p: '3', color: 'fg.muted' })}>{t('grid.split.nothing')}</p> : props.detail(shown)}
    >
      {main}
    </SplitPane>
  );
}

/** The list's own search box: writes `q` after a pause (history replaced, page 1); ↓ moves into the grid. */
export function ListSearch({ state }: { state: Pick<ListState, 'q' | 'setSearch'> }) {
  const t = useT();
  const [value, setValue] = useState(state.q ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typed = useRef(state.q ?? '');
  // the address changed from elsewhere (back button, a link): show it
  useEffect(() => {
    if ((state.q ?? '') !== typed.current) {
      typed.current = state.q ?? '';
      setValue(state.q ?? '');
    }
  }, [state.q]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const write = (next: string) => {
    clearTimeout(timer.current);
    typed.current = next.trim();
    state.setSearch(next);
  };
  return (
    <div role="search" className={css({ w: '240px' })}>
      <input
        type="search"
        data-list-search=""
        className={input()}
        aria-label={t('grid.search.label')}
        placeholder={t('grid.search.placeholder')}
        value={value}
        onChange={(e) => {
          const next = e.target.value;
          setValue(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => write(next), SEARCH_PAUSE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') write(value);
        }}
      />
    </div>
  );
}
