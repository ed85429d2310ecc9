import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCommands, registerCommands } from '../../commands/registry';
import type { Command, CommandContext } from '../../commands/types';
import { DataGrid, type Column } from '../../src/client/kit/grid';
import { renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

interface Tag {
  id: number;
  name: string;
  count: number;
}
const tags: Tag[] = [
  { id: 1, name: 'Music', count: 0 },
  { id: 2, name: 'Film', count: 4 },
];
const columns: Column<Tag>[] = [
  { id: 'name', header: 'Name' },
  { id: 'count', header: 'Linked', align: 'end' },
];

const ran: { id: string; ctx: CommandContext }[] = [];
const command = (c: Partial<Command> & Pick<Command, 'id'>): Command => ({
  title: c.id,
  group: 'test',
  run: (ctx) => void ran.push({ id: c.id, ctx }),
  ...c,
});

beforeEach(() => {
  ran.length = 0;
  registerCommands([
    command({ id: 'tags.edit', title: 'Edit', hotkey: 'e', scope: { resource: 'tags', kind: 'row' } }),
    command({
      id: 'tags.delete',
      title: 'Delete',
      scope: { resource: 'tags', kind: 'row' },
      when: (ctx) => ((ctx.selection?.rows[0] as Tag).count > 0 ? { enabled: false, reason: 'Still linked' } : { enabled: true }),
    }),
    command({ id: 'tags.secret', title: 'Secret', roles: ['nobody'], scope: { resource: 'tags', kind: 'row' } }),
    command({ id: 'tags.merge', title: 'Merge', scope: { resource: 'tags', kind: 'bulk' } }),
    command({
      id: 'tags.purge',
      title: 'Purge',
      scope: { resource: 'tags', kind: 'bulk' },
      when: (ctx) => (ctx.selection!.ids.length > 1 ? { enabled: false, reason: 'One at a time' } : { enabled: true }),
    }),
    command({ id: 'banks.edit', title: 'Edit bank', scope: { resource: 'banks', kind: 'row' } }),
  ]);
});
afterEach(() => clearCommands());

const grid = () => screen.getByRole('grid', { name: 'Tags' });
const rowsOf = () => within(grid()).getAllByRole('row').slice(1);

describe('DataGrid row menu and bulk toolbar', () => {
  it('opens the row menu with Shift+F10, lists the row commands with reasons, and runs one', async () => {
    const user = userEvent.setup();
    renderApp(<DataGrid label="Tags" columns={columns} rows={tags} resource="tags" />, { path: '/admin/tags', roles: ['tags'] });
    await user.tab();
    await user.keyboard('{ArrowDown}{Shift>}{F10}{/Shift}');
    const menu = await screen.findByRole('menu', { name: 'Actions' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['EditE', 'DeleteStill linked']);
    expect(items[1]).toHaveAttribute('aria-disabled', 'true');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(ran).toHaveLength(1));
    expect(ran[0].id).toBe('tags.edit');
    expect(ran[0].ctx.selection).toEqual({ resource: 'tags', ids: [2], rows: [tags[1]] });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(rowsOf()[1]).toHaveFocus();
  });

  it('opens from the ⋯ button and the context-menu key; Escape closes and returns focus', async () => {
    const user = userEvent.setup();
    const { container } = renderApp(<DataGrid label="Tags" columns={columns} rows={tags} resource="tags" />, { path: '/admin/tags' });
    const button = within(rowsOf()[0]).getByRole('button', { name: 'Actions Music' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(3); // admin sees the role-guarded one too
    await user.click(within(menu).getByRole('menuitem', { name: /Delete/ }));
    await waitFor(() => expect(ran.map((r) => r.id)).toEqual(['tags.delete']));

    rowsOf()[1].focus();
    await user.keyboard('{ContextMenu}');
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(rowsOf()[1]).toHaveFocus();
    await expectNoAxeViolations(container);
  });

  it('has no menu column when the resource has no row commands', () => {
    renderApp(<DataGrid label="Tags" columns={columns} rows={tags} resource="vat_rates" />, { path: '/x' });
    expect(within(rowsOf()[0]).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the bulk toolbar with the count and the bulk commands for the selection', async () => {
    const user = userEvent.setup();
    const { container } = renderApp(<DataGrid label="Tags" columns={columns} rows={tags} resource="tags" selectable />, { path: '/x' });
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await user.click(within(rowsOf()[0]).getByRole('checkbox'));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions for the selected rows' });
    expect(toolbar).toHaveTextContent('1 selected');
    await user.click(within(toolbar).getByRole('button', { name: 'Purge' }));
    await waitFor(() => expect(ran.map((r) => r.id)).toEqual(['tags.purge']));
    expect(ran[0].ctx.selection).toEqual({ resource: 'tags', ids: [1], rows: [tags[0]] });

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(toolbar).toHaveTextContent('2 selected');
    const purge = within(toolbar).getByRole('button', { name: 'Purge' });
    expect(purge).toHaveAttribute('aria-disabled', 'true');
    expect(purge).toHaveAccessibleDescription('One at a time');
    await user.click(purge);
    expect(ran).toHaveLength(1);
    await user.click(within(toolbar).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(ran.map((r) => r.id)).toEqual(['tags.purge', 'tags.merge']));
    expect(ran[1].ctx.selection!.ids).toEqual([1, 2]);
    await expectNoAxeViolations(container);

    await user.click(within(toolbar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('leaves out commands hidden for the roles of the user', async () => {
    const user = userEvent.setup();
    renderApp(<DataGrid label="Tags" columns={columns} rows={tags} resource="tags" />, { path: '/x', roles: ['tags'] });
    await user.click(within(rowsOf()[0]).getByRole('button', { name: /Actions/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: /Secret/ })).not.toBeInTheDocument();
  });
});
