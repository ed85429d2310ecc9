import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChipList } from '../../src/client/kit/chip-list';
import { DataGrid, type Column } from '../../src/client/kit/grid';
import { renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

interface Row {
  id: number;
  name: string;
  sources: string[];
}

const rows: Row[] = [
  { id: 1, name: 'One', sources: ['Alpha', 'Beta'] },
  { id: 2, name: 'Two', sources: ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'] },
];

const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', rowHeader: true },
  { id: 'sources', header: 'Sources', cell: (r) => <ChipList names={r.sources} label="sources" readOut={`${r.sources.length} sources: ${r.sources.join(', ')}`} /> },
];

describe('ChipList', () => {
  it('shows three chips and "+N" only when there are more', () => {
    renderApp(<ChipList names={['Alpha', 'Beta', 'Gamma']} label="sources" readOut="3 sources" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('3 sources')).toBeInTheDocument();
  });

  it('in a grid: the cursor on the cell focuses "+N", Enter opens the rest, Escape returns the focus and the grid keys work on', async () => {
    const user = userEvent.setup();
    const { container } = renderApp(<DataGrid<Row> label="Things" columns={columns} rows={rows} />);
    const grid = screen.getByRole('grid', { name: 'Things' });
    const [, , second] = within(grid).getAllByRole('row');
    const more = within(second).getByRole('button', { name: 'Show 2 more sources' });
    expect(more).toHaveTextContent('+2');
    expect(more).toHaveAttribute('tabindex', '-1');

    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(more).toHaveFocus();

    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'More sources' });
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Delta', 'Epsilon']);
    await expectNoAxeViolations(container);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // react-aria restores the focus to the trigger once the popover has gone (a frame later).
    await waitFor(() => expect(more).toHaveFocus());

    await user.keyboard('{ArrowUp}');
    const first = within(grid).getAllByRole('row')[1];
    expect(within(first).getAllByRole('gridcell')[0]).toHaveFocus();
  });
});
