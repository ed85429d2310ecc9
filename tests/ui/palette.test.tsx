import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllCommands } from '../../commands';
import { registerLookups } from '../../commands/lookups';
import { Palette } from '../../src/client/shell/palette';
import { renderApp } from '../support/render';

describe('command palette', () => {
  beforeAll(() => {
    registerAllCommands();
    registerLookups([
      {
        id: 'test.banks',
        title: 'nav.banks',
        roles: ['admin'],
        search: async (q) => (q.toLowerCase().startsWith('deu') ? [{ id: 7, label: 'Deutsche Bank', detail: 'DEUTDEFF' }] : []),
        href: (hit) => `/admin/banks/${hit.id}/edit`,
      },
    ]);
  });

  it('is a named dialog that finds a command by fuzzy text and runs it with Enter', async () => {
    const user = userEvent.setup();
    let open = true;
    const { location } = renderApp(<Palette open={open} onClose={() => (open = false)} roles={['admin']} />, { path: '/' });
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
    await user.keyboard('vatrt');
    expect(screen.getByRole('option', { name: /VAT rates/ })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/vat-rates'));
  });

  it('shows only what the roles allow, and says why a command is disabled', async () => {
    const user = userEvent.setup();
    renderApp(<Palette open onClose={() => {}} roles={['vendors']} />, { path: '/vendors', roles: ['vendors'] });
    expect(screen.queryByRole('option', { name: /Banks/ })).not.toBeInTheDocument();
    await user.keyboard('vendors');
    const here = screen.getAllByRole('option').find((o) => o.textContent?.startsWith('Vendors') && o.textContent.includes('you are here'));
    expect(here).toHaveAttribute('aria-disabled', 'true');
  });

  it('finds records through the registered lookups and announces the count', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(<Palette open onClose={() => {}} roles={['admin']} />, { path: '/' });
    await user.keyboard('deu');
    await waitFor(() => expect(screen.getByRole('option', { name: /Deutsche Bank/ })).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(/\d+ results/);
    await act(async () => {
      await user.click(screen.getByRole('option', { name: /Deutsche Bank/ }));
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/banks/7/edit'));
  });

  it('lists every command it announces once opened (a screenful renders first, the rest a frame later), and ↑ wraps to the last', async () => {
    const user = userEvent.setup();
    renderApp(<Palette open onClose={() => {}} roles={['admin']} />, { path: '/' });
    const count = Number(/(\d+) results/.exec(screen.getByRole('status').textContent ?? '')?.[1]);
    expect(count).toBeGreaterThan(24);
    // The rest renders in a transition: on a loaded machine that can take longer than waitFor's default second.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(count), { timeout: 15_000 });
    await user.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('option').at(-1)).toHaveAttribute('aria-selected', 'true');
  });

  it('announces when nothing matches', async () => {
    const user = userEvent.setup();
    renderApp(<Palette open onClose={() => {}} roles={['admin']} />, { path: '/' });
    await user.keyboard('qqqqzzzz');
    expect(screen.getByRole('status')).toHaveTextContent('No results');
  });
});
