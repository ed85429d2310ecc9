import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { array, object } from 'superstruct';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { atLeast, blankable, decimal, email, hexColor, required, text } from '../../src/shared/validation/core';
import { ResourceForm, toFormData, useResourceForm } from '../../src/client/kit/form';
import {
  ColorField,
  CopyButton,
  EmailListField,
  FileField,
  formatFileSize,
  MoneyField,
  PercentField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from '../../src/client/kit/fields';
import { expectNoAxeViolations } from '../support/axe';
import { languageAtom } from '../../src/client/lib/i18n';
import { renderForm, stubApi } from './form-support';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A field on its own, its value shown for assertions. */
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

describe('decimal fields', () => {
  it('money keeps a decimal string, never a number', async () => {
    const user = userEvent.setup();
    renderForm(<Standalone initial="" render={(v, set) => <MoneyField label="banks.fields.amount" currency="EUR" value={v} onChange={set} />} />);
    const input = screen.getByLabelText(/^Amount/);
    await user.type(input, '1234.50');
    expect(shown()).toBe('1234.50');
    expect(input).toHaveAccessibleDescription('EUR');
    await user.tab();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('refuses garbage and comma decimals with invalid, and too many decimals for money', async () => {
    const user = userEvent.setup();
    renderForm(<Standalone initial="" render={(v, set) => <MoneyField label="banks.fields.amount" value={v} onChange={set} />} />);
    const input = screen.getByLabelText(/^Amount/);
    for (const bad of ['1.234,56', '12a', '1.234']) {
      await user.clear(input);
      await user.type(input, bad);
      await user.tab();
      expect(input).toHaveAccessibleDescription('is invalid');
    }
    await user.clear(input);
    await user.type(input, '-0.5');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('takes the German comma and keeps the decimal string with a point', async () => {
    const user = userEvent.setup();
    const r = renderForm(<Standalone initial="19.5" render={(v, set) => <MoneyField label="banks.fields.amount" value={v} onChange={set} />} />);
    act(() => r.store.set(languageAtom, 'de'));
    const input = screen.getByLabelText(/^Amount/);
    expect(input).toHaveValue('19,5');
    await user.clear(input);
    await user.type(input, '1234,5');
    expect(input).toHaveValue('1234,5');
    expect(shown()).toBe('1234.5');
    await user.tab();
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.clear(input);
    await user.type(input, '1.234,5');
    expect(shown()).toBe('1.234,5');
    await user.tab();
    expect(input).toHaveAccessibleDescription('is invalid');
  });

  it('sends the decimal string in the payload, with the struct rule on top', async () => {
    const calls = stubApi((c) => (c.method === 'POST' ? { status: 201, body: { id: 1 } } : undefined));
    const struct = object({ rate: required(atLeast(decimal(), '0')) });
    function VatForm() {
      const form = useResourceForm({ resource: 'vat_rates', basePath: '/api/vat_rates', wrapper: 'vat_rate', listPath: '/l', editPath: (id) => `/e/${id}`, struct, initial: { rate: '' }, messages: { saved: 'x' } });
      return (
        <ResourceForm form={form}>
          <PercentField name="rate" label="banks.fields.amount" />
        </ResourceForm>
      );
    }
    const user = userEvent.setup();
    renderForm(<VatForm />);
    const input = screen.getByLabelText(/^Amount/);
    await user.type(input, '-1');
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    expect(input).toHaveAccessibleDescription('should be greater or equal to 0 %');
    await user.clear(input);
    await user.type(input, '19.50');
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ vat_rate: { rate: '19.50' } });
  });
});

describe('simple fields', () => {
  it('text, textarea, select (translated options), switch, colour', async () => {
    const user = userEvent.setup();
    renderForm(
      <Standalone
        initial={{ name: '', note: '', unit: '', on: false, color: '' }}
        render={(v, set) => (
          <>
            <TextField label="banks.fields.name" hint="form.list.empty" required value={v.name} onChange={(name) => set({ ...v, name })} />
            <TextAreaField label="banks.fields.street" value={v.note} onChange={(note) => set({ ...v, note })} />
            <SelectField label="banks.fields.city" options={[{ value: 'd', label: 'form.next' }, { value: 'm', label: 'form.back' }]} value={v.unit} onChange={(unit) => set({ ...v, unit: String(unit) })} />
            <SwitchField label="banks.fields.bic" value={v.on} onChange={(on) => set({ ...v, on })} />
            <ColorField label="banks.fields.bank_key" value={v.color} onChange={(color) => set({ ...v, color })} />
          </>
        )}
      />,
    );
    const name = screen.getByLabelText(/^Name/);
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(name).toHaveAccessibleDescription('No entries yet.');
    await user.type(name, 'Ann');
    await user.type(screen.getByLabelText(/^Street/), 'a{Enter}b');
    await user.selectOptions(screen.getByLabelText(/^City/), 'Back');
    await user.click(screen.getByRole('switch', { name: /BIC/ }));
    await user.type(screen.getByRole('textbox', { name: /Bank key/ }), '#1f5fbf');
    expect(shown()).toEqual({ name: 'Ann', note: 'a\nb', unit: 'm', on: true, color: '#1f5fbf' });
    expect(screen.getByLabelText('Pick a colour for Bank key')).toHaveValue('#1f5fbf');
    await user.clear(screen.getByRole('textbox', { name: /Bank key/ }));
    await user.type(screen.getByRole('textbox', { name: /Bank key/ }), 'blue');
    await user.tab();
    expect(screen.getByRole('textbox', { name: /Bank key/ })).toHaveAccessibleDescription('is invalid');
    expect(hexColor).toBeTypeOf('function');
  });

  it('a select gives back numeric ids as numbers', async () => {
    const user = userEvent.setup();
    renderForm(<Standalone initial={'' as string | number} render={(v, set) => <SelectField label="banks.fields.city" translate={false} options={[{ value: 3, label: 'Three' }, { value: 4, label: 'Four' }]} value={v} onChange={set} />} />);
    expect(screen.getByRole('option', { name: '– none –' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^City/), 'Four');
    expect(shown()).toBe(4);
  });

  it('a readonly field and a disabled field', () => {
    renderForm(
      <>
        <TextField label="banks.fields.name" value="fixed" readOnly />
        <TextField label="banks.fields.city" value="off" disabled />
      </>,
    );
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^City/)).toBeDisabled();
  });

  it('puts the label into the message when asked (content owners)', () => {
    renderForm(<TextField label="banks.fields.name" value="" error="blank" labelInError />);
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription("Name can't be blank");
  });
});

describe('e-mail list', () => {
  it('adds valid addresses as chips, keeps an invalid one flagged, removes with the keyboard', async () => {
    const user = userEvent.setup();
    renderForm(<Standalone initial={[] as string[]} render={(v, set) => <EmailListField label="banks.fields.name" value={v} onChange={set} />} />);
    const input = screen.getByRole('textbox', { name: /^Name/ });
    await user.type(input, 'a@b.cd{Enter}');
    // TagsInput empties the input itself; user-event only learns that from a clear.
    await user.clear(input);
    await user.type(input, 'x@y.zz,');
    await user.clear(input);
    await user.type(input, 'q@r.st;');
    expect(shown()).toEqual(['a@b.cd', 'x@y.zz', 'q@r.st']);
    await user.clear(input);
    await user.type(input, 'nope{Enter}');
    expect(input).toHaveValue('nope');
    expect(input).toHaveAccessibleDescription('is invalid');
    expect(shown()).toHaveLength(3);
    await user.clear(input);
    // Ark's TagsInput: the first Backspace highlights the last chip, the second removes it.
    await user.keyboard('{Backspace}');
    expect(shown()).toHaveLength(3);
    await user.keyboard('{Backspace}');
    expect(shown()).toEqual(['a@b.cd', 'x@y.zz']);
    await user.click(screen.getByRole('button', { name: 'Remove a@b.cd' }));
    expect(shown()).toEqual(['x@y.zz']);
  });

  it('lets Shift+Tab leave at once: the input is not focused again a frame later (no keyboard trap)', async () => {
    renderForm(
      <>
        <button type="button">Before</button>
        <Standalone initial={['a@b.cd']} render={(v, set) => <EmailListField label="banks.fields.name" value={v} onChange={set} />} />
      </>,
    );
    const input = screen.getByRole('textbox', { name: /^Name/ });
    const before = screen.getByRole('button', { name: 'Before' });
    // Focus arrives, and leaves again before the next animation frame (a fast Shift+Tab).
    act(() => input.focus());
    await act(async () => await Promise.resolve());
    act(() => before.focus());
    for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(before).toHaveFocus();
    // Focus calls after that go through as always.
    act(() => input.focus());
    expect(input).toHaveFocus();
  });

  it('marks the entry the server refused', async () => {
    stubApi((c) => (c.method === 'POST' ? { status: 422, body: { errors: { invoice_emails: { 1: ['invalid'] } } } } : undefined));
    function OrgForm() {
      const form = useResourceForm({ resource: 'banks', basePath: '/api/x', wrapper: 'x', listPath: '/l', editPath: (id) => `/e/${id}`, struct: object({ invoice_emails: array(email()) }), initial: { invoice_emails: ['a@b.cd', 'c@d.ef'] }, messages: { saved: 'x' } });
      return (
        <ResourceForm form={form}>
          <EmailListField name="invoice_emails" label="banks.fields.name" />
        </ResourceForm>
      );
    }
    const user = userEvent.setup();
    renderForm(<OrgForm />);
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('c@d.ef: is invalid'));
    expect(screen.getByText('c@d.ef').closest('[data-part="item"]')).toHaveAttribute('data-invalid');
    expect(screen.getByText('a@b.cd').closest('[data-part="item"]')).not.toHaveAttribute('data-invalid');
  });
});

describe('file field and file size', () => {
  it('formats sizes in B, KB, MB, GB and TB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1,023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 ** 2)).toBe('5 MB');
    expect(formatFileSize(2.25 * 1024 ** 3)).toBe('2.3 GB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3 TB');
    expect(formatFileSize(1536, 'de')).toBe('1,5 KB');
  });

  it('checks type and size, shows name and size, clears', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm(<Standalone initial={null as File | null} render={(v, set) => <FileField label="banks.fields.name" accept="image/png,.jpg" maxSize={2048} value={v} onChange={set} />} />);
    const input = screen.getByLabelText(/^Name/);
    await user.upload(input, new File(['x'.repeat(10)], 'notes.txt', { type: 'text/plain' }));
    expect(input).toHaveAccessibleDescription('is invalid');
    await user.upload(input, new File(['x'.repeat(4096)], 'big.png', { type: 'image/png' }));
    expect(input).toHaveAccessibleDescription('is too large');
    await user.upload(input, new File(['x'.repeat(1536)], 'logo.png', { type: 'image/png' }));
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('logo.png')).toBeInTheDocument();
    expect(screen.getByText('1.5 KB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove logo.png' }));
    expect(shown()).toBeNull();
    expect(screen.queryByText('logo.png')).toBeNull();
  });

  it('toFormData writes bracket notation with files as parts', () => {
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    const fd = toFormData('organization', { name: 'O', invoice_emails: ['a@b.cd'], signers: [{ user_id: 3, is_primary: true }], logo, color: null, skip: undefined });
    expect([...fd.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name])).toEqual([
      ['organization[name]', 'O'],
      ['organization[invoice_emails][]', 'a@b.cd'],
      ['organization[signers][0][user_id]', '3'],
      ['organization[signers][0][is_primary]', 'true'],
      ['organization[logo]', 'logo.png'],
      ['organization[color]', ''],
    ]);
  });
});

describe('copy to clipboard', () => {
  it('copies, shows a tick for 1500 ms and announces it', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderForm(<CopyButton value="DE89370400440532013000" label="IBAN" />);
    const button = screen.getByRole('button', { name: 'Copy IBAN' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('DE89370400440532013000');
    expect(button).toHaveAttribute('data-copied');
    // The tick is drawn: its path replaces the two copy sheets while copied.
    expect(button.querySelectorAll('svg path')).toHaveLength(1);
    expect(button.querySelector('svg rect')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard');
    act(() => vi.advanceTimersByTime(1499));
    expect(button).toHaveAttribute('data-copied');
    act(() => vi.advanceTimersByTime(1));
    expect(button).not.toHaveAttribute('data-copied');
    expect(button.querySelector('svg rect')).not.toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

describe('accessibility', () => {
  it('a form with the simple fields has no axe violations, also with errors shown', async () => {
    stubApi(() => undefined);
    const struct = object({ name: required(text()), amount: required(decimal()), color: blankable(hexColor()) });
    function AllForm() {
      const form = useResourceForm({ resource: 'banks', basePath: '/api/x', wrapper: 'x', listPath: '/l', editPath: (id) => `/e/${id}`, struct, initial: { name: '', amount: '', color: '', on: false, emails: ['a@b.cd'], unit: '' }, messages: { saved: 'x' } });
      return (
        <ResourceForm form={form} label="banks.fields.name">
          <TextField name="name" />
          <MoneyField name="amount" currency="EUR" />
          <ColorField name="color" label="banks.fields.bank_key" />
          <SwitchField name="on" label="banks.fields.bic" />
          <EmailListField name="emails" label="banks.fields.city" />
          <SelectField name="unit" label="banks.fields.street" options={[{ value: 'd', label: 'form.next' }]} />
          <FileField name="file" label="banks.fields.postal_code" />
          <CopyButton value="x" />
        </ResourceForm>
      );
    }
    const user = userEvent.setup();
    const { container } = renderForm(<AllForm />);
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    expect(screen.getAllByText("can't be blank").length).toBeGreaterThan(0);
    await expectNoAxeViolations(container);
  });
});
