import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { vendorsCommands } from '../../commands/vendors';
import { getCommand, registerCommands } from '../../commands/registry';
import type { CommandContext } from '../../commands/types';
import { BalanceStatementDialog } from '../../src/client/features/vendors/balance-statement-dialog';
import { BalanceTab } from '../../src/client/features/vendors/balance-tab';
import { balanceStatement } from '../../src/client/features/vendors/vendor-dialogs';
import { BALANCE_ROLES } from '../../src/shared/entities/balance-entry';
import { renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

// The vendor's balance statement for a period: months checked before asking, the file saved under the server's name, its 422 on the fields.
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const vendor = { id: 7, contract_vendors: [{ id: 31, contract_id: 12, vendor_payment_method_id: null }] };
let requests: string[];
let saved: string[];
let answer: (format: string) => Response;

beforeAll(() => {
  if (!getCommand('vendors.download_balance_statement')) registerCommands(vendorsCommands);
});
beforeEach(() => {
  requests = [];
  saved = [];
  answer = (format) => new Response('statement', { headers: { 'content-type': format === 'pdf' ? 'application/pdf' : 'text/csv', 'content-disposition': `attachment; filename="balance-statement-V7-2026-01-2026-06.${format}"` } });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const statement = /^\/api\/vendors\/7\/balance_statement\.(pdf|csv)$/.exec(url.pathname);
    if (statement) {
      requests.push(`${url.pathname}${decodeURIComponent(url.search)}`);
      return answer(statement[1]);
    }
    if (url.pathname === '/api/vendors/7/balance') return json({ entries: [] });
    if (url.pathname === '/api/vendors/7/balance_entries') return json({ entries: [], total: 0 });
    return json({}, 404);
  });
  // jsdom has no Blob URLs: the link the download clicks is what we look at.
  URL.createObjectURL = () => 'blob:statement';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  act(() => balanceStatement.close());
  vi.restoreAllMocks();
});

const Fresh = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;

/** The dialog as the command opens it on the vendor's page. */
async function openDialog() {
  const view = renderApp(<BalanceStatementDialog />, { path: '/vendors/7/show/balance', roles: ['payments'] });
  act(() => void balanceStatement.open(7));
  return { ...view, ...(await dialogParts()) };
}

async function dialogParts() {
  const dialog = await screen.findByRole('dialog', { name: 'Balance statement' }, { timeout: 10_000 });
  const from = within(dialog).getByRole('textbox', { name: /From/ });
  const to = within(dialog).getByRole('textbox', { name: /To/ });
  await waitFor(() => expect(from).toHaveFocus());
  const pdf = () => within(dialog).getByRole('button', { name: 'Download PDF' });
  const csv = () => within(dialog).getByRole('button', { name: 'Download CSV' });
  return { dialog, from, to, pdf, csv };
}

async function typeMonth(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.type(field, text);
}

describe('balance statement dialog', () => {
  it('opens from the balance tab on From, names blank, unreadable and reversed months without asking, and Escape returns to the button', async () => {
    const user = userEvent.setup();
    renderApp(
      <Fresh>
        <BalanceTab vendor={vendor} />
        <BalanceStatementDialog />
      </Fresh>,
      { path: '/vendors/7/show/balance', roles: ['payments'] },
    );
    const opener = await screen.findByRole('button', { name: 'Download statement…' });
    await user.click(opener);
    const { dialog, from, to, pdf, csv } = await dialogParts();
    // January of this year to this month.
    const now = new Date();
    expect(from).toHaveValue(`01.${now.getFullYear()}`);
    expect(to).toHaveValue(`${String(now.getMonth() + 1).padStart(2, '0')}.${now.getFullYear()}`);

    await typeMonth(user, from, '');
    await user.click(pdf());
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription("can't be blank");
    await waitFor(() => expect(from).toHaveFocus());

    // Text that does not read never becomes the value: the field's own verdict stops the request.
    await typeMonth(user, from, '13.2026');
    await typeMonth(user, to, '06.2026');
    await user.click(csv());
    expect(from).toHaveAccessibleDescription('is invalid');
    expect(to).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(from).toHaveFocus());

    await typeMonth(user, from, '06.2026');
    await typeMonth(user, to, '01.2026');
    await user.click(pdf());
    expect(to).toHaveAccessibleDescription('must not be before the start');
    expect(from).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(to).toHaveFocus());
    expect(requests).toEqual([]);
    await expectNoAxeViolations(dialog);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('downloads the PDF and the CSV of the months chosen under the server’s name, then closes', async () => {
    const user = userEvent.setup();
    const { from, to, pdf } = await openDialog();
    await typeMonth(user, from, '01.2026');
    await typeMonth(user, to, '06.2026');
    await user.click(pdf());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toEqual(['/api/vendors/7/balance_statement.pdf?from=2026-01&to=2026-06']);
    expect(saved).toEqual(['balance-statement-V7-2026-01-2026-06.pdf']);

    act(() => void balanceStatement.open(7));
    const again = await dialogParts();
    await typeMonth(user, again.from, '01.2026');
    await typeMonth(user, again.to, '06.2026');
    await user.click(again.csv());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.at(-1)).toBe('/api/vendors/7/balance_statement.csv?from=2026-01&to=2026-06');
    expect(saved.at(-1)).toBe('balance-statement-V7-2026-01-2026-06.csv');

    // Enter in a field is the PDF.
    act(() => void balanceStatement.open(7));
    const third = await dialogParts();
    await typeMonth(user, third.to, '02.2026{Enter}');
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests.at(-1)).toBe(`/api/vendors/7/balance_statement.pdf?from=${new Date().getFullYear()}-01&to=2026-02`);
  });

  it('shows the server’s 422 on its field, which takes the focus; another failure is an error toast', async () => {
    const user = userEvent.setup();
    answer = () => json({ errors: { to: ['before_start'] } }, 422);
    const { dialog, from, to, pdf, calls } = await openDialog();
    await typeMonth(user, from, '01.2026');
    await typeMonth(user, to, '06.2026');
    await user.click(pdf());
    await waitFor(() => expect(to).toHaveAccessibleDescription('must not be before the start'));
    await waitFor(() => expect(to).toHaveFocus());
    expect(from).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(calls.notify).toEqual([]);
    expect(saved).toEqual([]);
    await expectNoAxeViolations(dialog);

    // Changing a month clears it; an unknown vendor (404) says the download failed, the dialog stays.
    answer = () => json({ error: 'Not found' }, 404);
    await typeMonth(user, to, '05.2026');
    expect(to).not.toHaveAttribute('aria-invalid');
    await user.click(pdf());
    await waitFor(() => expect(calls.notify).toEqual([['error', 'The balance statement could not be downloaded.']]));
    expect(requests).toEqual(['/api/vendors/7/balance_statement.pdf?from=2026-01&to=2026-06', '/api/vendors/7/balance_statement.pdf?from=2026-01&to=2026-05']);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('download balance statement command', () => {
  const command = vendorsCommands.find((c) => c.id === 'vendors.download_balance_statement')!;
  const ctx = (over: Partial<CommandContext>) => ({ t: (key: string) => key, navigate: vi.fn(), ...over }) as unknown as CommandContext;

  it('is for the balance roles on a vendor’s page or row, and opens the dialog on the vendor’s balance tab from elsewhere', () => {
    expect(command.roles).toBe(BALANCE_ROLES);
    expect(command.scope).toEqual({ resource: 'vendors', kind: 'row', onRecordPage: true });
    expect(command.when!(ctx({}))).toEqual({ hidden: true });
    const onPage = ctx({ entity: { resource: 'vendors', id: 7, record: { id: 7, name: 'Acme Music' } } });
    expect(command.when!(onPage)).toEqual({ enabled: true });
    // No dialog mounted here (the vendors list): the command goes to the balance tab, which opens it.
    void command.run(onPage);
    expect(onPage.navigate).toHaveBeenCalledWith('/vendors/7/show/balance');
  });
});
