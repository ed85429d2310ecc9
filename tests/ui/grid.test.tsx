import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataGrid, type Column } from '../../src/client/kit/grid';
import { useListState } from '../../src/client/kit/list-state';
import { renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

interface Bank {
  id: number;
  name: string;
  bic: string;
  balance: string;
  locked?: boolean;
}

const banks: Bank[] = [
  { id: 1, name: 'Alpha Bank', bic: 'ALPHDEFF', balance: '1200.50' },
  { id: 2, name: 'Beta Bank', bic: 'BETADEFF', balance: '99.00', locked: true },
  { id: 3, name: 'Gamma Bank', bic: 'GAMMDEFF', balance: '0.10' },
];

const columns: Column<Bank>[] = [
  { id: 'name', header: 'Name', sortable: true },
  { id: 'bic', header: 'BIC', sortable: true },
  { id: 'balance', header: 'Balance', align: 'end' },
];

function Grid(props: Partial<React.ComponentProps<typeof DataGrid<Bank>>>) {
  const list = useListState();
  return <DataGrid<Bank> label="Banks" columns={columns} rows={banks} listState={list} {...props} />;
}

const rowsOf = () => within(screen.getByRole('grid', { name: 'Banks' })).getAllByRole('row').slice(1);

describe('DataGrid', () => {
  it('has grid semantics: name, row and column headers, row count and indexes', async () => {
    const { container } = renderApp(<Grid selectable />, { path: '/admin/banks?sort_by=name&sort_direction=desc' });
    const grid = screen.getByRole('grid', { name: 'Banks' });
    expect(grid).toHaveAttribute('aria-rowcount', '4');
    expect(grid).toHaveAttribute('aria-multiselectable', 'true');
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['', 'Name▼', 'BIC↕', 'Balance']);
    expect(headers[1]).toHaveAttribute('aria-sort', 'descending');
    expect(headers[2]).not.toHaveAttribute('aria-sort');
    const rows = rowsOf();
    expect(rows.map((r) => r.getAttribute('aria-rowindex'))).toEqual(['2', '3', '4']);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Alpha Bank');
    expect(rows[0]).toHaveAttribute('aria-selected', 'false');
    expect(within(rows[0]).getByRole('checkbox', { name: 'Select Alpha Bank' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('offsets row indexes by the page and counts all rows of the list', () => {
    renderApp(<Grid total={57} />, { path: '/admin/banks?p=2' });
    const grid = screen.getByRole('grid');
    expect(grid).toHaveAttribute('aria-rowcount', '58');
    expect(rowsOf()[0]).toHaveAttribute('aria-rowindex', '12');
  });

  it('sorts by clicking a header: writes the address and toggles on the same column', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(<Grid />, { path: '/admin/banks?p=3' });
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(location.history!.at(-1)).toBe('/admin/banks?sort_by=name&sort_direction=asc');
    expect(screen.getAllByRole('columnheader')[0]).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(location.history!.at(-1)).toBe('/admin/banks?sort_by=name&sort_direction=desc');
    await user.click(screen.getByRole('button', { name: /BIC/ }));
    expect(location.history!.at(-1)).toBe('/admin/banks?sort_by=bic&sort_direction=asc');
  });

  it('sorts with Enter on a header reached by the keyboard', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(<Grid />, { path: '/admin/banks' });
    await user.tab();
    expect(rowsOf()[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: /Name/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: /BIC/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(location.history!.at(-1)).toBe('/admin/banks?sort_by=bic&sort_direction=asc');
    await user.keyboard('{Enter}');
    expect(location.history!.at(-1)).toBe('/admin/banks?sort_by=bic&sort_direction=desc');
  });

  it('moves between rows with arrows and j/k, Home/End, and opens a row with Enter', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const onActive = vi.fn();
    renderApp(<Grid onOpen={onOpen} onActiveRowChange={onActive} />, { path: '/x' });
    await user.tab();
    const rows = () => rowsOf();
    expect(rows()[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(rows()[1]).toHaveFocus();
    await user.keyboard('j');
    expect(rows()[2]).toHaveFocus();
    await user.keyboard('j');
    expect(rows()[2]).toHaveFocus();
    await user.keyboard('k');
    expect(rows()[1]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(rows()[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(rows()[2]).toHaveFocus();
    expect(onActive).toHaveBeenLastCalledWith(banks[2]);
    await user.keyboard('{PageUp}');
    expect(rows()[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(rows()[0]).getByRole('rowheader')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowLeft}{ArrowLeft}');
    expect(rows()[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(banks[0]);
    await user.dblClick(within(rows()[1]).getByText('Beta Bank'));
    expect(onOpen).toHaveBeenLastCalledWith(banks[1]);
  });

  it('keeps its keys from global hotkeys, and ignores keys typed into an input', async () => {
    const user = userEvent.setup();
    const global = vi.fn();
    document.addEventListener('keydown', global);
    const cols: Column<Bank>[] = [...columns, { id: 'note', header: 'Note', cell: () => <input aria-label="note" /> }];
    renderApp(<Grid columns={cols} />, { path: '/x' });
    await user.tab();
    global.mockClear(); // Tab is not the grid's: it went on to the document
    await user.keyboard('j');
    expect(rowsOf()[1]).toHaveFocus();
    expect(global).not.toHaveBeenCalled();
    within(rowsOf()[1]).getByRole('textbox').focus();
    await user.keyboard('j');
    expect(within(rowsOf()[1]).getByRole('textbox')).toHaveFocus();
    expect(global).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', global);
  });

  it('selects with the checkboxes, select-all (tri-state), x and Shift+Space; a locked row says why it cannot', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderApp(<Grid selectable={(b) => !b.locked} notSelectableReason={() => 'Locked by payout'} onSelectionChange={onChange} />, { path: '/x' });
    const all = screen.getByRole('checkbox', { name: 'Select all rows' });
    const boxes = () => rowsOf().map((r) => within(r).getByRole('checkbox'));
    expect(boxes()[1]).toBeDisabled();
    expect(boxes()[1]).toHaveAttribute('title', 'Locked by payout');
    expect(boxes()[1]).toHaveAccessibleDescription('Locked by payout');

    await user.click(boxes()[0]);
    expect(rowsOf()[0]).toHaveAttribute('aria-selected', 'true');
    expect(all).toBePartiallyChecked();
    await user.click(all);
    expect(all).toBeChecked();
    expect(rowsOf().map((r) => r.getAttribute('aria-selected'))).toEqual(['true', 'false', 'true']);
    expect(onChange).toHaveBeenLastCalledWith(new Set([1, 3]));
    await user.click(all);
    expect(all).not.toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(new Set());

    rowsOf()[0].focus();
    await user.keyboard('x');
    expect(rowsOf()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Shift>} {/Shift}');
    expect(rowsOf()[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}x');
    expect(rowsOf()[1]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}x');
    expect(rowsOf()[0]).toHaveAttribute('aria-selected', 'false');
  });

  it('clears the selection when a load starts', async () => {
    const user = userEvent.setup();
    function Reloading() {
      const [loading, setLoading] = useState(false);
      return (
        <>
          <button onClick={() => setLoading(true)}>reload</button>
          <Grid selectable loading={loading} />
        </>
      );
    }
    renderApp(<Reloading />, { path: '/x' });
    await user.click(within(rowsOf()[0]).getByRole('checkbox'));
    expect(rowsOf()[0]).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByText('reload'));
    expect(rowsOf()[0]).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows a loading overlay over the previous rows, the empty text, and an error with retry', async () => {
    const user = userEvent.setup();
    const { rerender } = renderApp(<Grid loading />, { path: '/x' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(rowsOf()).toHaveLength(3);
    rerender(<Grid rows={[]} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('gridcell')).toHaveTextContent('No entries');
    rerender(<Grid rows={[]} emptyText="grid.loading" />);
    expect(screen.getByRole('gridcell')).toHaveTextContent('Loading…');
    const retry = vi.fn();
    rerender(<Grid rows={[]} error={new Error('HTTP 500')} onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the list: HTTP 500');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });

  it('right-aligns number columns', () => {
    renderApp(<Grid />, { path: '/x' });
    const cell = within(rowsOf()[0]).getByText('1200.50').closest('[role=gridcell]');
    expect(cell).toHaveAttribute('data-align', 'end');
  });

  it('does nothing with Ctrl combinations (they belong to the app)', () => {
    renderApp(<Grid />, { path: '/x' });
    rowsOf()[0].focus();
    const event = fireEvent.keyDown(rowsOf()[0], { key: 'k', ctrlKey: true });
    expect(event).toBe(true);
    act(() => rowsOf()[0].focus());
  });

  it('copies the focused row, or the selected rows, with Ctrl+C as tab-separated text and says so', async () => {
    const user = userEvent.setup();
    renderApp(<Grid selectable />, { path: '/x' });
    rowsOf()[1].focus();
    await user.keyboard('{Control>}c{/Control}');
    expect(await navigator.clipboard.readText()).toBe('Beta Bank\tBETADEFF\t99.00');
    const status = document.querySelector('[data-grid-status]')!;
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Copied: 1');
    await user.keyboard('x{ArrowDown}x{Control>}c{/Control}');
    expect(await navigator.clipboard.readText()).toBe('Beta Bank\tBETADEFF\t99.00\nGamma Bank\tGAMMDEFF\t0.10');
  });

  it('announces the selection count in a polite live region; the bulk toolbar has its own line above the header', async () => {
    const user = userEvent.setup();
    renderApp(<Grid selectable resource="banks" />, { path: '/x' });
    const status = document.querySelector('[data-grid-status]')!;
    expect(status).toHaveTextContent('');
    rowsOf()[0].focus();
    await user.keyboard('x');
    expect(status).toHaveTextContent('1 selected');
    await user.keyboard('{ArrowDown}x');
    expect(status).toHaveTextContent('2 selected');
    const bar = screen.getByRole('toolbar', { name: 'Actions for the selected rows' });
    // Above the scroller holding the header, never over the header (issue 24, item 4).
    expect(bar.nextElementSibling).toContainElement(screen.getByRole('grid'));
    expect(bar.className).not.toMatch(/pos_absolute/);
    await user.keyboard('x{ArrowUp}x');
    expect(status).toHaveTextContent('Selection cleared');
  });
});
