import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCommands, registerCommands } from '../../commands/registry';
import type { CommandContext } from '../../commands/types';
import { invalidateLists, type Column } from '../../src/client/kit/grid';
import type { FilterField } from '../../src/client/kit/grid/filters';
import { ListScreen } from '../../src/client/kit/list-screen';
import { pageContextAtom } from '../../src/client/commands/page-context';
import { invalidateResource } from '../../src/client/lib/invalidate';
import { pageChromeAtom } from '../../src/client/shell/page-chrome';
import { renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

interface Bank {
  id: number;
  name: string;
  bic: string;
}
const all: Bank[] = Array.from({ length: 57 }, (_, i) => ({ id: i + 1, name: `Bank ${String(i + 1).padStart(2, '0')}`, bic: `BIC${i + 1}` }));

const columns: Column<Bank>[] = [
  { id: 'id', header: 'Id', sortable: true, align: 'end', width: 60, grow: 0 },
  { id: 'name', header: 'Name', sortable: true, rowHeader: true },
  { id: 'bic', header: 'BIC' },
];
const filters: FilterField[] = [{ kind: 'text', name: 'name', label: 'Name' }];

let requests: string[] = [];
let respond: (url: URL) => Promise<Response> | Response;
const ran: { id: string; ctx: CommandContext }[] = [];

function serve(url: URL): Response {
  const p = Number(url.searchParams.get('p') ?? 1);
  const s = Number(url.searchParams.get('s') ?? 10);
  const q = url.searchParams.get('q') ?? '';
  const found = all.filter((b) => b.name.includes(q));
  return new Response(JSON.stringify({ entries: found.slice((p - 1) * s, p * s), total: found.length }), { headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  requests = [];
  ran.length = 0;
  respond = serve;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    return respond(url);
  });
  registerCommands([
    { id: 'banks.new', title: 'New bank', group: 'banks', roles: ['admin'], run: (ctx) => void ran.push({ id: 'banks.new', ctx }) },
    { id: 'banks.edit', title: 'Edit', group: 'banks', scope: { resource: 'banks', kind: 'row' }, run: (ctx) => void ran.push({ id: 'banks.edit', ctx }) },
  ]);
});
afterEach(() => {
  vi.restoreAllMocks();
  clearCommands();
});

// each test starts with an empty SWR cache
const Fresh = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;

function renderBanks(path = '/admin/banks', roles = ['admin'], sharedCache = false) {
  const screenUi = (
    <ListScreen<Bank>
      title="Banks"
      path="/api/banks"
      resource="banks"
      columns={columns}
      filters={filters}
      selectable
      newCommand="banks.new"
      openCommand="banks.edit"
      search="toolbar"
    />
  );
  return renderApp(sharedCache ? screenUi : <Fresh>{screenUi}</Fresh>, { path, roles });
}

const grid = () => screen.getByRole('grid', { name: 'Banks' });
const rowsOf = () => within(grid()).queryAllByRole('row').slice(1);
const loaded = () => waitFor(() => expect(grid()).not.toHaveAttribute('aria-busy'));

describe('ListScreen', () => {
  it('loads a page with the list query, shows it with pagination, and pages on', async () => {
    const user = userEvent.setup();
    const { location, container } = renderBanks();
    expect(screen.getByRole('heading', { level: 1, name: 'Banks' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await loaded();
    expect(requests).toEqual(['/api/banks?p=1&s=10']);
    expect(rowsOf()).toHaveLength(10);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('1–10 of 57');
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location.history!.at(-1)).toBe('/admin/banks?p=2');
    await loaded();
    expect(requests.at(-1)).toBe('/api/banks?p=2&s=10');
    expect(within(rowsOf()[0]).getByRole('rowheader')).toHaveTextContent('Bank 11');
    expect(rowsOf()[0]).toHaveAttribute('aria-rowindex', '12');

    await user.click(screen.getByRole('button', { name: /Name/ }));
    await loaded();
    expect(requests.at(-1)).toBe('/api/banks?p=1&s=10&sort_by=name&sort_direction=asc');
  });

  it('keeps the previous rows under the overlay while the next page loads, and clears the selection', async () => {
    const user = userEvent.setup();
    renderBanks();
    await loaded();
    await user.click(within(rowsOf()[0]).getByRole('checkbox'));
    expect(screen.getByRole('toolbar')).toHaveTextContent('1 selected');
    let release!: () => void;
    respond = (url) => new Promise((done) => (release = () => done(serve(url))));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(within(rowsOf()[0]).getByRole('rowheader')).toHaveTextContent('Bank 01'); // still there, no jump
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await act(async () => release());
    await loaded();
    expect(within(rowsOf()[0]).getByRole('rowheader')).toHaveTextContent('Bank 11');
  });

  it('searches after a pause (q in the address, history replaced, page 1) and shows the empty text', async () => {
    const user = userEvent.setup();
    const { location } = renderBanks('/admin/banks?p=2');
    await loaded();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Bank 5');
    await waitFor(() => expect(location.history!.at(-1)).toBe('/admin/banks?q=Bank%205'));
    expect(location.history).toHaveLength(1);
    await loaded();
    expect(requests.at(-1)).toBe('/api/banks?p=1&s=10&q=Bank%205');
    expect(rowsOf()).toHaveLength(8);
    await user.keyboard('{ArrowDown}'); // from the search into the results
    expect(rowsOf()[0]).toHaveFocus();
    expect(within(rowsOf()[0]).getByRole('rowheader')).toHaveTextContent('Bank 50');
    await user.click(screen.getByRole('searchbox'));
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nothing{Enter}');
    await loaded();
    expect(within(grid()).getByRole('gridcell')).toHaveTextContent('No entries');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('0 of 0');
  });

  it('runs the open command with the row on Enter and the New command from its button', async () => {
    const user = userEvent.setup();
    renderBanks();
    await loaded();
    rowsOf()[2].focus();
    await user.keyboard('{Enter}');
    expect(ran.map((r) => r.id)).toEqual(['banks.edit']);
    expect(ran[0].ctx.selection).toEqual({ resource: 'banks', ids: [3], rows: [all[2]] });
    await user.click(screen.getByRole('button', { name: 'New bank' }));
    expect(ran.map((r) => r.id)).toEqual(['banks.edit', 'banks.new']);
  });

  it('hides the New button from users without the role', async () => {
    renderBanks('/admin/banks', ['vendors']);
    await loaded();
    expect(screen.queryByRole('button', { name: 'New bank' })).not.toBeInTheDocument();
  });

  it('reloads when the resource is invalidated, by name or by API path', async () => {
    renderBanks('/admin/banks', ['admin'], true); // the app's one SWR cache, which the shell's invalidateResource reaches
    await loaded();
    expect(requests).toHaveLength(1);
    await act(() => invalidateLists('banks'));
    await loaded();
    expect(requests).toHaveLength(2);
    act(() => invalidateResource('/api/banks'));
    await waitFor(() => expect(requests).toHaveLength(3));
    act(() => invalidateResource('banks'));
    await waitFor(() => expect(requests).toHaveLength(4));
  });

  it('takes the focus on its first row, again after the focused row is deleted, and on the last focused row when it comes back', async () => {
    const user = userEvent.setup();
    const { store, unmount } = renderBanks('/admin/banks', ['admin'], true);
    await loaded();
    await waitFor(() => expect(rowsOf()[0]).toHaveFocus(), { timeout: 4000 });
    await user.keyboard('jj');
    expect(rowsOf()[2]).toHaveFocus();
    // The focused row goes away (deleted elsewhere): the focus moves to the row now in its place.
    all.splice(2, 1);
    try {
      await act(() => invalidateLists('banks'));
      await waitFor(() => expect(rowsOf()[2]).toHaveTextContent('Bank 04'), { timeout: 4000 });
      await waitFor(() => expect(rowsOf()[2]).toHaveFocus(), { timeout: 4000 });
    } finally {
      all.splice(2, 0, { id: 3, name: 'Bank 03', bic: 'BIC3' });
    }
    unmount();
    renderApp(
      <ListScreen<Bank> title="Banks" path="/api/banks" resource="banks" columns={columns} />,
      { path: '/admin/banks', store },
    );
    await waitFor(() => expect(screen.getByRole('row', { name: /Bank 04/ })).toHaveFocus(), { timeout: 4000 });
  });

  it('moves the focus to the grid after a filter is applied', async () => {
    const user = userEvent.setup();
    renderBanks();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, { timeout: 5000 }), 'Bank 1');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(requests.at(-1)).toMatch(/Bank(%20|\+)1/));
    await loaded();
    await waitFor(() => expect(rowsOf()[0]).toHaveFocus());
  });

  it('goes to the last page that exists when the address asks for more', async () => {
    const { location } = renderBanks('/admin/banks?p=9');
    await waitFor(() => expect(location.history!.at(-1)).toBe('/admin/banks?p=6'));
    await loaded();
    expect(rowsOf()).toHaveLength(7);
  });

  it('shows a load error with a retry that loads again', async () => {
    const user = userEvent.setup();
    respond = () => new Response(JSON.stringify({ error: 'database away' }), { status: 500, headers: { 'content-type': 'application/json' } });
    renderBanks();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the list: database away');
    respond = serve;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded();
    expect(rowsOf()).toHaveLength(10);
  });

  it('shows the details of the focused row beside the list, without touching the address', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(
      <Fresh>
        <ListScreen<Bank> title="Banks" path="/api/banks" columns={columns} detail={(bank) => <p>Details of {bank.name}</p>} />
      </Fresh>,
      { path: '/admin/banks' },
    );
    await loaded();
    const details = screen.getByRole('region', { name: 'Details' });
    // The list opens with its first row focused, so its details show at once.
    await waitFor(() => expect(rowsOf()[0]).toHaveFocus());
    expect(details).toHaveTextContent('Details of Bank 01');
    await user.click(within(rowsOf()[1]).getByText('BIC2'));
    expect(details).toHaveTextContent('Details of Bank 02');
    await user.keyboard('j');
    expect(details).toHaveTextContent('Details of Bank 03');
    expect(screen.getByRole('separator')).toBeInTheDocument();
    expect(location.history).toEqual(['/admin/banks']);
  });

  it('turns on the frame search by default and publishes what the user is on as the page selection', async () => {
    const user = userEvent.setup();
    const { store } = renderApp(
      <Fresh>
        <ListScreen<Bank> title="Banks" path="/api/banks" resource="banks" columns={columns} selectable />
      </Fresh>,
      { path: '/admin/banks' },
    );
    expect(store.get(pageChromeAtom)).toEqual({ search: true });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await loaded();
    // the frame's search box (the shell renders it as #page-search): ↓ goes to the first row
    const frameSearch = document.body.appendChild(Object.assign(document.createElement('input'), { id: 'page-search', type: 'search' }));
    frameSearch.focus();
    await user.keyboard('{ArrowDown}');
    expect(rowsOf()[0]).toHaveFocus();
    frameSearch.remove();
    // The row the focus landed on is what the user is on, even before a key moves the cursor.
    expect(store.get(pageContextAtom)).toEqual({ selection: { resource: 'banks', ids: [1], rows: [all[0]] } });
    rowsOf()[1].focus();
    await user.keyboard('j');
    expect(store.get(pageContextAtom)).toEqual({ selection: { resource: 'banks', ids: [3], rows: [all[2]] } });
    await user.keyboard('x{ArrowUp}{ArrowUp}x');
    expect(store.get(pageContextAtom)!.selection!.ids).toEqual([1, 3]); // the checked rows, in page order
  });
});
