import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AutocompleteField, CountryField, DateField, LocationField, MonthField, MultiSelectField, formatDisplayDate, parseDisplayDate } from '../../src/client/kit/fields';
import { expectNoAxeViolations } from '../support/axe';
import { renderForm, stubApi } from './form-support';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Standalone<T>({ initial, render }: { initial: T; render(value: T, set: (v: T) => void): React.ReactNode }) {
  const [value, setValue] = useState<T>(initial);
  return (
    <>
      {render(value, setValue)}
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
/**
 * Fake setTimeout only. Testing Library drains its async helpers through setTimeout(0) and advances
 * fake timers only when it sees Jest's API, so give it that API.
 */
function useFakeTimeouts() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}
const shown = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null');

describe('date field', () => {
  it('parses and formats dd.MM.yyyy <-> yyyy-MM-dd', () => {
    expect(parseDisplayDate('24.12.2024')).toBe('2024-12-24');
    expect(parseDisplayDate('1.2.24')).toBe('2024-02-01');
    expect(parseDisplayDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDisplayDate('30.02.2024')).toBeNull();
    expect(parseDisplayDate('12/24/2024')).toBeNull();
    expect(formatDisplayDate('2024-01-05')).toBe('05.01.2024');
  });

  it('shows dd.MM.yyyy and yields yyyy-MM-dd; unreadable text is invalid', async () => {
    const user = userEvent.setup();
    renderForm(<Standalone initial="2024-01-05" render={(v, set) => <DateField label="banks.fields.name" value={v} onChange={set} />} />);
    const input = screen.getByRole('textbox', { name: /^Name/ });
    expect(input).toHaveValue('05.01.2024');
    await user.clear(input);
    await user.type(input, '24.12.2024');
    expect(shown()).toBe('2024-12-24');
    await user.clear(input);
    await user.type(input, '1.2.2025');
    await user.tab();
    expect(shown()).toBe('2025-02-01');
    expect(input).toHaveValue('01.02.2025');
    await user.clear(input);
    await user.type(input, '31.02.2025');
    await user.tab();
    expect(input).toHaveAccessibleDescription('is invalid');
    expect(shown()).toBe('');
  });

  it('picks a day in the calendar popover', async () => {
    const user = userEvent.setup();
    renderForm(<Standalone initial="2024-03-10" render={(v, set) => <DateField label="banks.fields.name" value={v} onChange={set} />} />);
    await user.click(screen.getByRole('button', { name: 'Choose Name in a calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Name in a calendar' });
    expect(dialog).toHaveAttribute('data-focus-owner');
    const grid = within(dialog).getByRole('grid');
    await user.click(within(grid).getByRole('button', { name: /15/ }));
    expect(shown()).toBe('2024-03-15');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('15.03.2024');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('month field', () => {
  it('keeps the first of the month and refuses the future, typed or picked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 15));
    const user = userEvent.setup();
    renderForm(<Standalone initial="" render={(v, set) => <MonthField label="banks.fields.name" value={v} onChange={set} />} />);
    const input = screen.getByRole('textbox', { name: /^Name/ });
    await user.type(input, '03.2025');
    expect(shown()).toBe('2025-03-01');
    await user.clear(input);
    await user.type(input, '07.2025');
    await user.tab();
    expect(input).toHaveAccessibleDescription("can't be in the future");
    expect(shown()).toBe('');
    await user.clear(input);
    await user.type(input, '06.2025');
    expect(shown()).toBe('2025-06-01');
    await user.click(screen.getByRole('button', { name: 'Choose Name from a list of months' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'July 2025' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Next year' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'June 2025' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Previous year' }));
    await user.click(within(dialog).getByRole('button', { name: 'November 2024' }));
    expect(shown()).toBe('2024-11-01');
    expect(input).toHaveValue('11.2024');
  });
});

describe('country picker', () => {
  const countries = [
    { code: 'AT', name: 'Austria' },
    { code: 'DE', name: 'Germany' },
    { code: 'DK', name: 'Denmark' },
    { code: 'NE', name: 'Niger' },
  ];
  it('searches by name or code and keeps the code', async () => {
    const user = userEvent.setup();
    renderForm(<Standalone initial="AT" render={(v, set) => <CountryField label="banks.fields.country_code" countries={countries} value={v} onChange={set} />} />);
    const input = screen.getByRole('combobox', { name: /^Country/ });
    expect(input).toHaveValue('Austria (AT)');
    await user.clear(input);
    await user.type(input, 'ger');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Germany (DE)']);
    await user.keyboard('{Enter}');
    expect(shown()).toBe('DE');
    await user.clear(input);
    await user.type(input, 'dk');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Denmark (DK)']);
  });
});

describe('server autocomplete', () => {
  it('waits 500 ms after typing, then searches the server and keeps the chosen value', async () => {
    useFakeTimeouts();
    const calls = stubApi(() => ({ status: 200, body: [{ id: 3, email: 'anna@example.com' }, { id: 4, email: 'andreas@example.com' }] }));
    const user = userEvent.setup({ delay: null });
    renderForm(
      <Standalone
        initial={null as number | null}
        render={(v, set) => <AutocompleteField<{ id: number; email: string }, number> label="banks.fields.name" path="/api/users/lookup" labelOf={(u) => u.email} valueOf={(u) => u.id} value={v} onChange={set} />}
      />,
    );
    const input = screen.getByRole('combobox', { name: /^Name/ });
    await user.type(input, 'an');
    act(() => vi.advanceTimersByTime(400));
    expect(calls).toHaveLength(0);
    await user.type(input, 'n');
    act(() => vi.advanceTimersByTime(499));
    expect(calls).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1));
    expect(calls.map((c) => c.url)).toEqual(['/api/users/lookup?q=ann']);
    const option = await screen.findByRole('option', { name: 'anna@example.com' });
    await user.click(option);
    expect(shown()).toBe(3);
    expect(input).toHaveValue('anna@example.com');
  });

  it('shows a chosen value by its label again after the field was unmounted (a failed save moving tabs), not by its id', async () => {
    stubApi(() => ({ status: 200, body: [{ id: 41, email: 'carl@example.com' }] }));
    const user = userEvent.setup();
    function Toggle() {
      const [shownField, setShown] = useState(true);
      return (
        <Standalone
          initial={null as number | null}
          render={(v, set) => (
            <>
              <button type="button" onClick={() => setShown((x) => !x)}>
                toggle
              </button>
              {shownField && <AutocompleteField<{ id: number; email: string }, number> label="banks.fields.name" path="/api/users/lookup" labelOf={(u) => u.email} valueOf={(u) => u.id} value={v} onChange={set} />}
            </>
          )}
        />
      );
    }
    renderForm(<Toggle />);
    await user.type(screen.getByRole('combobox', { name: /^Name/ }), 'carl');
    await user.click(await screen.findByRole('option', { name: 'carl@example.com' }));
    expect(shown()).toBe(41);
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByRole('combobox', { name: /^Name/ })).toHaveValue('carl@example.com');
  });

  it('clearing the text and leaving clears the value', async () => {
    stubApi(() => ({ status: 200, body: [] }));
    const user = userEvent.setup();
    renderForm(
      <Standalone initial={'a@b.cd' as string | null} render={(v, set) => <AutocompleteField<{ email: string }> label="banks.fields.name" path="/api/users/lookup" labelOf={(u) => u.email} valueOf={(u) => u.email} value={v} onChange={set} />} />,
    );
    const input = screen.getByRole('combobox', { name: /^Name/ });
    expect(input).toHaveValue('a@b.cd');
    await user.clear(input);
    await user.tab();
    expect(shown()).toBeNull();
  });
});

describe('multi-select with a server lookup', () => {
  it('searches after the pause, adds a found record as a chip by its name, keeps the loaded labels, refuses the disabled one', async () => {
    useFakeTimeouts();
    const calls = stubApi(() => ({ status: 200, body: [{ id: 7, name: 'Nord Studio' }, { id: 9, name: 'Nordlicht' }] }));
    const user = userEvent.setup({ delay: null });
    renderForm(
      <Standalone
        initial={['5']}
        render={(v, set) => (
          <MultiSelectField<{ id: number; name: string }>
            label="banks.fields.name"
            translate={false}
            options={[{ value: '5', label: 'Loaded GmbH' }]}
            lookup={{ path: '/api/vendors/lookup', labelOf: (x) => x.name, valueOf: (x) => x.id, disabledOf: (x) => x.id === 9 }}
            value={v}
            onChange={set}
          />
        )}
      />,
    );
    expect(screen.getByText('Loaded GmbH')).toBeInTheDocument();
    const input = screen.getByRole('combobox', { name: /^Name/ });
    await user.type(input, 'nord');
    expect(calls).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(500));
    expect(calls.map((c) => c.url)).toEqual(['/api/vendors/lookup?q=nord']);
    expect(await screen.findByRole('option', { name: 'Nordlicht' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(await screen.findByRole('option', { name: 'Nord Studio' }));
    expect(shown()).toEqual(['5', '7']);
    expect(screen.getByText('Nord Studio')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });
});

describe('location search', () => {
  it('is a plain text field without a maps key', () => {
    renderForm(<LocationField label="banks.fields.street" value="" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: /^Street/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('with a key, searches from 3 characters after a 1000 ms pause', async () => {
    useFakeTimeouts();
    const search = vi.fn(async () => [{ id: 'p1', label: 'Hauptstraße 1, Berlin' }]);
    const onPick = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderForm(<Standalone initial="" render={(v, set) => <LocationField label="banks.fields.street" mapsKey="KEY" search={search} onPick={onPick} value={v} onChange={set} />} />);
    const input = screen.getByRole('combobox', { name: /^Street/ });
    await user.type(input, 'Ha');
    act(() => vi.advanceTimersByTime(2000));
    expect(search).not.toHaveBeenCalled();
    await user.type(input, 'u');
    act(() => vi.advanceTimersByTime(999));
    expect(search).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(search).toHaveBeenCalledWith('Hau', 'KEY', expect.any(AbortSignal));
    await user.click(await screen.findByRole('option', { name: 'Hauptstraße 1, Berlin' }));
    expect(shown()).toBe('Hauptstraße 1, Berlin');
    expect(onPick).toHaveBeenCalledWith({ id: 'p1', label: 'Hauptstraße 1, Berlin' });
  });
});

describe('multi-select', () => {
  const roles = [
    { value: 'admin', label: 'Administrator' },
    { value: 'contracts', label: 'Contracts' },
    { value: 'approve_contracts', label: 'Approve contracts' },
    { value: 'payments', label: 'Payments' },
  ];
  it('adds with the keyboard and removes chips with Delete and Backspace', async () => {
    const user = userEvent.setup();
    renderForm(<Standalone initial={['admin']} render={(v, set) => <MultiSelectField label="banks.fields.name" options={roles} translate={false} disabledOptions={v.includes('contracts') ? ['approve_contracts'] : []} value={v} onChange={set} />} />);
    const input = screen.getByRole('combobox', { name: /^Name/ });
    await user.type(input, 'contr');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Contracts', 'Approve contracts']);
    await user.keyboard('{Enter}');
    expect(shown()).toEqual(['admin', 'contracts']);
    expect(input).toHaveValue('');
    // The excluded role is shown but cannot be chosen.
    await user.type(input, 'appr');
    expect(await screen.findByRole('option', { name: 'Approve contracts' })).toHaveAttribute('aria-disabled', 'true');
    await user.clear(input);
    await user.keyboard('{Escape}');
    // Backspace in the empty input removes the last chip.
    await user.keyboard('{Backspace}');
    expect(shown()).toEqual(['admin']);
    // Delete on a focused chip removes it.
    await user.click(screen.getByRole('row', { name: 'Administrator' }));
    await user.keyboard('{Delete}');
    expect(shown()).toEqual([]);
  });

  it('has no axe violations', async () => {
    const { container } = renderForm(<Standalone initial={['admin', 'payments']} render={(v, set) => <MultiSelectField label="banks.fields.name" options={roles} translate={false} value={v} onChange={set} />} />);
    await expectNoAxeViolations(container);
  });
});

describe('pickers are accessible', () => {
  it('date, month, country and autocomplete have no axe violations', async () => {
    const { container } = renderForm(
      <>
        <DateField label="banks.fields.name" value="2024-01-01" onChange={() => {}} />
        <MonthField label="banks.fields.city" value="2024-01-01" onChange={() => {}} />
        <CountryField label="banks.fields.country_code" countries={[{ code: 'DE', name: 'Germany' }]} value="DE" onChange={() => {}} />
        <AutocompleteField label="banks.fields.street" path="/x" labelOf={(x: string) => x} valueOf={(x: string) => x} value="a@b.cd" onChange={() => {}} />
      </>,
    );
    await expectNoAxeViolations(container);
  });
});
