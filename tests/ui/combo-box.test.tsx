import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AutocompleteField, CountryField, MultiSelectField } from '../../src/client/kit/fields';
import { languageAtom } from '../../src/client/lib/i18n';
import { currencyName, useCountries } from '../../src/client/lib/reference-names';
import { initDataAtom, type InitData } from '../../src/client/session';
import { renderForm, stubApi } from './form-support';

afterEach(() => vi.unstubAllGlobals());

function Standalone<T>({ initial, render }: { initial: T; render(value: T, set: (v: T) => void): React.ReactNode }) {
  const [value, setValue] = useState<T>(initial);
  return (
    <>
      {render(value, setValue)}
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
const shown = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null');

/** The option the input points at with aria-activedescendant: what Enter picks. */
function highlighted(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-activedescendant');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

const countries = [
  { code: 'AT', name: 'Austria' },
  { code: 'DE', name: 'Germany' },
  { code: 'DK', name: 'Denmark' },
  { code: 'DZ', name: 'Algeria' },
];
const roles = [
  { value: 'admin', label: 'Administrator' },
  { value: 'contracts', label: 'Contracts' },
  { value: 'approve_contracts', label: 'Approve contracts' },
];

describe('combo box: Enter picks the highlighted option', () => {
  it('highlights the first match as you type; "Germ" Enter keeps Germany', async () => {
    const user = userEvent.setup();
    renderForm(<Standalone initial="" render={(v, set) => <CountryField label="banks.fields.country_code" countries={countries} value={v} onChange={set} />} />);
    const input = screen.getByRole('combobox', { name: /^Country/ });
    await user.type(input, 'Germ');
    await waitFor(() => expect(highlighted(input)).toBe('Germany (DE)'));
    await user.keyboard('{Enter}');
    expect(shown()).toBe('DE');
    expect(input).toHaveValue('Germany (DE)');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('leaves the page around the field visible while its list is open; the list is a labelled region', async () => {
    const user = userEvent.setup();
    renderForm(
      <>
        <h1>Bank</h1>
        <Standalone initial="" render={(v, set) => <CountryField label="banks.fields.country_code" countries={countries} value={v} onChange={set} />} />
        <button type="button">Elsewhere</button>
      </>,
    );
    const input = screen.getByRole('combobox', { name: /^Country/ });
    await user.type(input, 'Ge');
    const list = await screen.findByRole('listbox');
    expect(screen.getByRole('heading', { name: 'Bank' }).closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Elsewhere' }).closest('[aria-hidden="true"]')).toBeNull();
    expect(list.closest('[role=region]')).toHaveAccessibleName(/^Country/);
    // The page is not left marked: clicks on it still count as outside the list.
    await waitFor(() => expect(document.querySelector('[data-react-aria-top-layer]')).toBeNull());
  });

  it('arrows move from the first match to the next; Enter picks that one', async () => {
    const user = userEvent.setup();
    renderForm(<Standalone initial="" render={(v, set) => <CountryField label="banks.fields.country_code" countries={countries} value={v} onChange={set} />} />);
    const input = screen.getByRole('combobox', { name: /^Country/ });
    await user.type(input, 'd');
    await waitFor(() => expect(highlighted(input)).toBe('Germany (DE)'));
    await user.keyboard('{ArrowDown}');
    expect(highlighted(input)).toBe('Denmark (DK)');
    await user.keyboard('{Enter}');
    expect(shown()).toBe('DK');
  });

  it('roles: "contr" Enter adds Contracts, skipping options that cannot be chosen', async () => {
    const user = userEvent.setup();
    renderForm(<Standalone initial={[] as string[]} render={(v, set) => <MultiSelectField label="banks.fields.name" options={roles} translate={false} value={v} onChange={set} />} />);
    const input = screen.getByRole('combobox', { name: /^Name/ });
    await user.type(input, 'contr');
    await waitFor(() => expect(highlighted(input)).toBe('Contracts'));
    await user.keyboard('{Enter}');
    expect(shown()).toEqual(['contracts']);
    expect(input).toHaveValue('');

    // the first match is not choosable: the next one is highlighted
    renderForm(<Standalone initial={[] as string[]} render={(v, set) => <MultiSelectField label="banks.fields.city" options={roles} translate={false} disabledOptions={['contracts']} value={v} onChange={set} />} />);
    const second = screen.getByRole('combobox', { name: /^City/ });
    await user.type(second, 'contr');
    await waitFor(() => expect(highlighted(second)).toBe('Approve contracts'));
  });

  it('a server lookup highlights its first result once it arrives; Enter picks it', async () => {
    stubApi(() => ({ status: 200, body: [{ id: 3, email: 'anna@example.com' }, { id: 4, email: 'andreas@example.com' }] }));
    const user = userEvent.setup();
    renderForm(
      <Standalone
        initial={null as number | null}
        render={(v, set) => <AutocompleteField<{ id: number; email: string }, number> label="banks.fields.name" path="/api/users/lookup" labelOf={(u) => u.email} valueOf={(u) => u.id} delay={0} value={v} onChange={set} />}
      />,
    );
    const input = screen.getByRole('combobox', { name: /^Name/ });
    await user.type(input, 'an');
    await screen.findByRole('option', { name: 'anna@example.com' });
    await waitFor(() => expect(highlighted(input)).toBe('anna@example.com'));
    await user.keyboard('{Enter}');
    expect(shown()).toBe(3);
    expect(input).toHaveValue('anna@example.com');
  });

  it('text that matches nothing picks nothing', async () => {
    const user = userEvent.setup();
    renderForm(<Standalone initial="" render={(v, set) => <CountryField label="banks.fields.country_code" countries={countries} value={v} onChange={set} />} />);
    const input = screen.getByRole('combobox', { name: /^Country/ });
    await user.type(input, 'xyz');
    expect(highlighted(input)).toBeNull();
    await user.keyboard('{Enter}');
    expect(shown()).toBe('');
  });
});

describe('combo box: react-aria texts follow the language', () => {
  it('German names the button and the popup in German', async () => {
    const user = userEvent.setup();
    const { store } = renderForm(<Standalone initial="" render={(v, set) => <CountryField label="banks.fields.country_code" countries={countries} value={v} onChange={set} />} />);
    expect(screen.getByRole('button', { name: /Show suggestions/ })).toBeInTheDocument();
    act(() => store.set(languageAtom, 'de'));
    expect(screen.getByRole('button', { name: /Empfehlungen anzeigen/ })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox'), 'a');
    expect(await screen.findByRole('listbox', { name: /Empfehlungen/ })).toBeInTheDocument();
    expect(screen.queryByText(/Dismiss|Show suggestions/)).toBeNull();
  });
});

describe('country names follow the language', () => {
  const initData: InitData = {
    content_owners: [],
    countries_eu: [],
    countries: ['AE', 'AT', 'DE', 'DK'].map((code) => ({ code, name: code, vat_rates: [] })),
    currencies: [],
    organizations: [],
    roles_available: [],
    youtube_verticals: [],
  };
  function Countries({ value, set }: { value: string; set(v: string): void }) {
    return <CountryField label="banks.fields.country_code" countries={useCountries()} value={value} onChange={set} />;
  }

  it('German shows and sorts German names; "Deu" and "Germ" both find Deutschland', async () => {
    const user = userEvent.setup();
    const { store } = renderForm(<Standalone initial="" render={(v, set) => <Countries value={v} set={set} />} />);
    act(() => {
      store.set(initDataAtom, initData);
      store.set(languageAtom, 'de');
    });
    const input = screen.getByRole('combobox', { name: /^Country/ });
    await user.type(input, 'Deu');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Deutschland (DE)']);
    await user.clear(input);
    await user.type(input, 'Germ');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Deutschland (DE)']);
    await user.keyboard('{Enter}');
    expect(shown()).toBe('DE');
    expect(input).toHaveValue('Deutschland (DE)');
    // the whole list in German order
    await user.clear(input);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /Empfehlungen anzeigen/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Dänemark (DK)', 'Deutschland (DE)', 'Österreich (AT)', 'Vereinigte Arabische Emirate (AE)']);
  });

  it('English shows and searches the English names', async () => {
    const user = userEvent.setup();
    const { store } = renderForm(<Standalone initial="" render={(v, set) => <Countries value={v} set={set} />} />);
    act(() => store.set(initDataAtom, initData));
    const input = screen.getByRole('combobox', { name: /^Country/ });
    await user.type(input, 'Germ');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Germany (DE)']);
    await user.clear(input);
    await user.type(input, 'United Arab');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['United Arab Emirates (AE)']);
  });

  it('names currencies in the language asked for', () => {
    expect(currencyName('AED', 'de')).toBe('VAE-Dirham');
    expect(currencyName('AED', 'en')).toBe('United Arab Emirates Dirham');
    expect(currencyName('XXQ', 'de', 'Fallback')).toBe('Fallback');
  });
});
