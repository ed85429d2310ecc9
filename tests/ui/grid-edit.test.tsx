import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/client/api/client';
import { DataGrid, type Column } from '../../src/client/kit/grid';
import { renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

interface Rate {
  id: number;
  country: string;
  rate: string;
  note: string;
  locked?: boolean;
}

function setup(commit: (row: Rate, value: string, field: string) => Promise<void | Record<string, string[]>> = vi.fn(async () => undefined)) {
  const columns: Column<Rate>[] = [
    { id: 'country', header: 'Country' },
    {
      id: 'rate',
      header: 'Rate',
      align: 'end',
      editable: {
        type: 'decimal',
        required: true,
        enabled: (r) => !r.locked,
        validate: (v) => (Number(v) > 100 ? 'less_than_or_equal_to' : undefined),
        commit: (row, value) => commit(row, value, 'rate'),
      },
    },
    { id: 'note', header: 'Note', editable: { type: 'text', commit: (row, value) => commit(row, value, 'note') } },
  ];
  function Harness() {
    const [rows, setRows] = useState<Rate[]>([
      { id: 1, country: 'DE', rate: '19.00', note: '' },
      { id: 2, country: 'AT', rate: '20.00', note: 'x', locked: true },
      { id: 3, country: 'FR', rate: '20.00', note: '' },
    ]);
    const wrapped = columns.map((c) =>
      c.editable
        ? {
            ...c,
            editable: {
              ...c.editable,
              commit: async (row: Rate, value: string) => {
                const result = await c.editable!.commit(row, value);
                if (!result) setRows((rs) => rs.map((r) => (r.id === row.id ? { ...r, [c.id]: value } : r)));
                return result;
              },
            },
          }
        : c,
    );
    return <DataGrid label="VAT rates" columns={wrapped} rows={rows} />;
  }
  return { commit, ...renderApp(<Harness />, { path: '/admin/vat-rates' }) };
}

const rowsOf = () => within(screen.getByRole('grid')).getAllByRole('row').slice(1);
const cell = (row: number, text: string) => within(rowsOf()[row]).getByText(text).closest('[role=gridcell],[role=rowheader]') as HTMLElement;

describe('DataGrid inline editing', () => {
  it('F2 edits the first editable cell; Enter saves a decimal string; Escape cancels', async () => {
    const user = userEvent.setup();
    const { commit } = setup();
    await user.tab();
    await user.keyboard('{F2}');
    const editor = screen.getByRole('textbox', { name: 'Rate DE' });
    expect(editor).toHaveFocus();
    expect(editor).toHaveValue('19.00');
    await user.clear(editor);
    await user.type(editor, '7,5{Enter}');
    expect(commit).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), '7.5', 'rate');
    await waitFor(() => expect(screen.queryByRole('textbox')).not.toBeInTheDocument());
    expect(cell(0, '7.5')).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox'), '99');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(cell(0, '7.5')).toHaveFocus();
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('shows a validation error on the cell and keeps the editor open', async () => {
    const user = userEvent.setup();
    const { commit, container } = setup();
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    const editor = screen.getByRole('textbox', { name: 'Rate DE' });
    await user.clear(editor);
    await user.keyboard('{Enter}');
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(editor).toHaveAccessibleDescription("Rate can't be blank");
    await user.type(editor, 'abc{Enter}');
    expect(editor).toHaveAccessibleDescription('Rate is invalid');
    await user.clear(editor);
    await user.type(editor, '101{Enter}');
    expect(editor).toHaveAccessibleDescription(/^Rate should be less than/);
    expect(screen.getByRole('textbox')).toBe(editor);
    await expectNoAxeViolations(container);
    expect(commit).not.toHaveBeenCalled();
  });

  it('shows the server field errors likewise (returned or thrown as 422)', async () => {
    const user = userEvent.setup();
    const commit = vi
      .fn()
      .mockResolvedValueOnce({ rate: ['already_used'] })
      .mockRejectedValueOnce(new ApiError(422, { errors: { rate: ['invalid'] } }))
      .mockResolvedValueOnce(undefined);
    setup(commit);
    await user.tab();
    await user.keyboard('{F2}');
    const editor = screen.getByRole('textbox');
    await user.clear(editor);
    await user.type(editor, '5{Enter}');
    await waitFor(() => expect(editor).toHaveAccessibleDescription('Rate is already used'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(editor).toHaveAccessibleDescription('Rate is invalid'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox')).not.toBeInTheDocument());
    expect(commit).toHaveBeenCalledTimes(3);
  });

  it('Tab saves and moves to the next editable cell (skipping locked ones); Shift+Tab goes back', async () => {
    const user = userEvent.setup();
    const { commit } = setup();
    await user.tab();
    await user.keyboard('{F2}');
    await user.keyboard('{Tab}');
    expect(screen.getByRole('textbox', { name: 'Note DE' })).toHaveFocus();
    await user.keyboard('hello{Tab}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Note AT' })).toHaveFocus());
    expect(commit).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), 'hello', 'note');
    await user.keyboard('{Tab}');
    expect(screen.getByRole('textbox', { name: 'Rate FR' })).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.getByRole('textbox', { name: 'Note AT' })).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.getByRole('textbox', { name: 'Note DE' })).toHaveValue('hello');
    await user.keyboard('{Escape}');
    expect(cell(0, 'hello')).toHaveFocus();
  });

  it('does not edit a locked cell; keys typed in the editor stay there', async () => {
    const user = userEvent.setup();
    const global = vi.fn();
    setup();
    await user.tab();
    await user.keyboard('j{ArrowRight}{ArrowRight}{Enter}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.dblClick(cell(2, 'FR'));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.dblClick(within(rowsOf()[2]).getAllByText('20.00')[0]);
    const editor = screen.getByRole('textbox', { name: 'Rate FR' });
    document.addEventListener('keydown', global);
    await user.keyboard('jkx');
    document.removeEventListener('keydown', global);
    expect(editor).toHaveValue('jkx'); // the text was selected on opening: typing replaces it
    expect(global).not.toHaveBeenCalled();
  });
});
