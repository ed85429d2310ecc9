import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterPopover } from '../../src/client/kit/grid/filter-popover';
import type { FilterField } from '../../src/client/kit/grid/filters';
import { useListState, type ListDefaults } from '../../src/client/kit/list-state';
import { renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

const fields: FilterField[] = [
  { kind: 'text', name: 'email', label: 'Email' },
  { kind: 'multi', name: 'roles', label: 'Roles', options: [{ value: 'admin', label: 'Admin' }, { value: 'payments', label: 'Payments' }] },
  { kind: 'boolean', name: 'disabled', label: 'Disabled' },
  { kind: 'date-range', name: 'created_at', label: 'Created' },
  { kind: 'amount-range', name: 'amount', label: 'Amount' },
  { kind: 'month', name: 'period', label: 'Month' },
];

function Screen({ defaults }: { defaults?: ListDefaults }) {
  const state = useListState(defaults);
  return <FilterPopover fields={fields} state={state} />;
}

afterEach(() => vi.restoreAllMocks());

/** The popover's fields load with its first opening (the list does not carry them). */
const fieldsLoaded = (dialog: HTMLElement) => waitFor(() => expect(within(dialog).queryByRole('status')).not.toBeInTheDocument());

describe('FilterPopover', () => {
  it('opens from the button, enables Filter only on a change, and writes the filter (page 1, closed)', async () => {
    const user = userEvent.setup();
    const { location, container } = renderApp(<Screen />, { path: '/admin/users?p=3' });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(location.history!.at(-1)).toBe('/admin/users?p=3&show=filter');
    const dialog = await screen.findByRole('dialog', { name: 'Filter' });
    await fieldsLoaded(dialog);
    const apply = within(dialog).getByRole('button', { name: 'Filter' });
    expect(apply).toBeDisabled();
    await expectNoAxeViolations(container.ownerDocument.body);

    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'a@b.c');
    expect(apply).toBeEnabled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    expect(apply).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Payments' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Disabled' }), 'No');
    const created = within(dialog).getByRole('group', { name: 'Created' });
    await user.type(within(created).getByRole('textbox', { name: 'From' }), '01.01.2024'); // dd.MM.yyyy, sent yyyy-MM-dd
    await user.type(within(created).getByRole('textbox', { name: 'To' }), '31.01.2024');
    const amount = within(dialog).getByRole('group', { name: 'Amount' });
    await user.type(within(amount).getByRole('textbox', { name: 'From' }), '10.5');
    await user.click(apply);

    expect(location.history!.at(-1)).toBe(
      '/admin/users?filter[roles][]=admin&filter[roles][]=payments&filter[disabled]=false&filter[created_at][gteq]=2024-01-01&filter[created_at][lteq]=2024-01-31&filter[amount][gteq]=10.5',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const button = screen.getByRole('button', { name: /Filter/ });
    expect(button).toHaveAccessibleName('Filter 4 active');
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('opens from show=filter in the address; Clear resets to the initial values; Escape closes', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(<Screen defaults={{ filter: { disabled: 'false' } }} />, {
      path: '/admin/users?filter[email]=x&show=filter',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Filter' });
    await fieldsLoaded(dialog);
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('x');
    const apply = within(dialog).getByRole('button', { name: 'Filter' });
    expect(apply).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Disabled' })).toHaveValue('false');
    expect(apply).toBeEnabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.history!.at(-1)).toBe('/admin/users?filter[email]=x');

    await user.click(screen.getByRole('button', { name: /Filter/ }));
    const again = await screen.findByRole('dialog');
    await fieldsLoaded(again);
    expect(within(again).getByRole('textbox', { name: 'Email' })).toHaveValue('x'); // the applied value, not the cleared draft
    await user.click(within(again).getByRole('button', { name: 'Clear' }));
    await user.click(within(again).getByRole('button', { name: 'Filter' }));
    expect(location.history!.at(-1)).toBe('/admin/users'); // the initial filter is the default: a plain address
  });

  it('keeps Filter disabled while a range is reversed or an amount unreadable; refuses a future month', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(<Screen />, { path: '/x?show=filter' });
    const dialog = await screen.findByRole('dialog');
    await fieldsLoaded(dialog);
    const apply = within(dialog).getByRole('button', { name: 'Filter' });
    const amount = within(dialog).getByRole('group', { name: 'Amount' });
    await user.type(within(amount).getByRole('textbox', { name: 'From' }), '10');
    await user.type(within(amount).getByRole('textbox', { name: 'To' }), '9.99');
    expect(amount).toHaveAccessibleDescription("'From' must not be after 'To'.");
    expect(apply).toBeDisabled();
    await user.clear(within(amount).getByRole('textbox', { name: 'To' }));
    expect(apply).toBeEnabled();
    await user.type(within(amount).getByRole('textbox', { name: 'To' }), '12a');
    expect(apply).toBeDisabled();
    await user.clear(within(amount).getByRole('textbox', { name: 'To' }));
    await user.clear(within(amount).getByRole('textbox', { name: 'From' }));
    expect(apply).toBeDisabled(); // nothing changed any more

    const month = within(dialog).getByRole('textbox', { name: 'Month' });
    const next = new Date();
    next.setMonth(next.getMonth() + 2, 1);
    await user.type(month, `${String(next.getMonth() + 1).padStart(2, '0')}.${next.getFullYear()}`);
    await user.tab();
    expect(month).toHaveAttribute('aria-invalid', 'true');
    expect(apply).toBeDisabled();
    expect(location.history).toEqual(['/x?show=filter']);
  });

  it('writes a month as its first day', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(<Screen />, { path: '/x?show=filter' });
    const dialog = await screen.findByRole('dialog');
    await fieldsLoaded(dialog);
    await user.type(within(dialog).getByRole('textbox', { name: 'Month' }), '11.2023');
    await user.click(within(dialog).getByRole('button', { name: 'Filter' }));
    expect(location.history!.at(-1)).toBe('/x?filter[period]=2023-11-01');
  });

  it('searches a lookup field on the server after a pause and filters by the chosen id', async () => {
    const user = userEvent.setup();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      new Response(JSON.stringify([{ id: 7, email: 'ann@example.com' }, { id: 8, email: 'anna@example.com' }]), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    function LookupScreen() {
      const state = useListState();
      return (
        <FilterPopover
          fields={[{ kind: 'lookup', name: 'user_id', label: 'User', lookup: { path: '/api/users/lookup', labelOf: (e) => (e as { email: string }).email } }]}
          state={state}
        />
      );
    }
    const { location } = renderApp(<LookupScreen />, { path: '/x?show=filter' });
    const dialog = await screen.findByRole('dialog');
    await fieldsLoaded(dialog);
    const box = within(dialog).getByRole('combobox', { name: 'User' });
    await user.type(box, 'ann');
    expect(fetch).not.toHaveBeenCalled(); // not while typing
    await waitFor(() => expect(fetch).toHaveBeenCalled(), { timeout: 2000 });
    const option = await screen.findByRole('option', { name: 'anna@example.com' }, { timeout: 2000 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0][0])).toBe('/api/users/lookup?q=ann');
    await user.click(option);
    expect(box).toHaveValue('anna@example.com');
    await user.tab(); // leave the field (its list closes)
    await user.click(within(dialog).getByRole('button', { name: 'Filter' }));
    expect(location.history!.at(-1)).toBe('/x?filter[user_id]=8');
  });

  it('chooses several looked-up values as chips and filters by all of them', async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      new Response(JSON.stringify([{ id: 7, name: 'Studio Nord' }, { id: 8, name: 'Studio Süd' }]), { headers: { 'content-type': 'application/json' } }),
    );
    function VendorsScreen() {
      const state = useListState();
      const lookup = { path: '/api/vendors/lookup', labelOf: (e: unknown) => (e as { name: string }).name };
      return <FilterPopover fields={[{ kind: 'lookup', name: 'vendor_id', label: 'Vendors', multiple: true, lookup }]} state={state} />;
    }
    const { location } = renderApp(<VendorsScreen />, { path: '/x?show=filter' });
    const dialog = await screen.findByRole('dialog');
    await fieldsLoaded(dialog);
    const box = within(dialog).getByRole('combobox', { name: 'Vendors' });
    await user.type(box, 'studio');
    await user.click(await screen.findByRole('option', { name: 'Studio Nord' }, { timeout: 2000 }));
    await user.type(box, 'studio');
    await user.click(await screen.findByRole('option', { name: 'Studio Süd' }, { timeout: 2000 }));
    expect(within(dialog).getByText('Studio Nord')).toBeInTheDocument();
    expect(within(dialog).getByText('Studio Süd')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Filter' }));
    expect(decodeURIComponent(location.history!.at(-1)!)).toBe('/x?filter[vendor_id][]=7&filter[vendor_id][]=8');
  });
});
