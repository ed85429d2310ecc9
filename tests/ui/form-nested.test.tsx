import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { define, object } from 'superstruct';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addError, email, required, text } from '../../src/shared/validation/core';
import { list } from '../../src/shared/validation/fields';
import { FieldList, ResourceForm, toFormData, useResourceForm, type ResourceFormApi } from '../../src/client/kit/form';
import { DecimalField, FileField, TextField } from '../../src/client/kit/fields';
import { renderForm, stubApi } from './form-support';

/** The vendor form's shape (spec 2, section 5): contacts hold emails and phone numbers; a document; shares total 100. */
type Vendor = {
  name: string;
  document: File | null;
  contacts: { name: string; emails: { email: string }[]; phone_numbers: { number: string }[] }[];
  shares: { vendor: string; percentage: string }[];
};

const vendorStruct = object({
  name: required(text()),
  document: define<File | null>('file', (v) => v === null || v instanceof File),
  contacts: list(object({ name: required(text()), emails: list(object({ email: required(email()) })), phone_numbers: list(object({ number: required(text()) })) })),
  shares: list(object({ vendor: required(text()), percentage: required(text()) })),
});
const EMPTY: Vendor = { name: '', document: null, contacts: [], shares: [{ vendor: 'Main', percentage: '100' }] };

/** The total-100 rule looks at all rows together and speaks on the list, not on a cell. */
function sharesTotal(v: Vendor) {
  const total = v.shares.reduce((sum, s) => sum + Math.round(Number(s.percentage || 0) * 100), 0);
  return total === 100 * 100 ? undefined : addError({}, ['shares', 'base'], 'share_percentage_invalid');
}

const texts = {
  vendors: {
    fields: { name: 'Name', document: 'Document', contacts: { name: 'Contact name', emails: { email: 'E-mail' }, phone_numbers: { number: 'Phone' } }, shares: { vendor: 'Vendor', percentage: 'Share' } },
    // A nested list's title is named by its own last segment: `lists.emails` for `contacts.0.emails`.
    lists: { contacts: 'Contacts', emails: 'E-mails', phone_numbers: 'Phone numbers', shares: 'Shares' },
  },
};

let formApi: ResourceFormApi<Vendor> | undefined;

function VendorForm() {
  const form = useResourceForm<Vendor>({
    resource: 'vendors',
    basePath: '/api/vendors',
    wrapper: 'vendor',
    listPath: '/vendors',
    editPath: (x) => `/vendors/${x}/edit`,
    struct: vendorStruct,
    initial: EMPTY,
    validate: sharesTotal,
    toPayload: (values) => toFormData('vendor', values),
    messages: { saved: 'vendors.saved' },
  });
  formApi = form;
  return (
    <ResourceForm form={form}>
      <TextField name="name" />
      <FileField name="document" accept=".pdf" />
      <FieldList name="contacts" newItem={() => ({ name: '', emails: [], phone_numbers: [] })} itemLabel="Contact {n}">
        {({ path }) => (
          <>
            <TextField name={`${path}.name`} />
            <FieldList name={`${path}.emails`} newItem={() => ({ email: '' })} itemLabel="E-mail {n}">
              {(e) => <TextField name={`${e.path}.email`} />}
            </FieldList>
            <FieldList name={`${path}.phone_numbers`} newItem={() => ({ number: '' })} itemLabel="Phone {n}">
              {(p) => <TextField name={`${p.path}.number`} />}
            </FieldList>
          </>
        )}
      </FieldList>
      <FieldList name="shares" layout="rows" reorderable={false} newItem={() => ({ vendor: '', percentage: '0' })} itemLabel="Share {n}">
        {({ path }) => (
          <>
            <TextField name={`${path}.vendor`} />
            <DecimalField name={`${path}.percentage`} unit="%" />
          </>
        )}
      </FieldList>
    </ResourceForm>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  formApi = undefined;
});

describe('a three-level form: contacts → emails / phone numbers, a file and rows that total 100', () => {
  it('sends the nested lists and the file as multipart, and lands server errors on contacts.1.emails.0.email', async () => {
    const calls = stubApi((c) => (c.method === 'POST' ? { status: 422, body: { errors: { contacts: { 1: { emails: { 0: { email: ['already_used'] } } } } } } } : undefined));
    const user = userEvent.setup();
    renderForm(<VendorForm />, { path: '/vendors/new', texts });
    await user.type(screen.getByLabelText(/^Name/), 'Vendor A');
    await user.upload(screen.getByLabelText(/^Document/), new File(['%PDF-1.4'], 'contract.pdf', { type: 'application/pdf' }));
    const contacts = screen.getByRole('group', { name: /^Contacts/ });
    const addContact = within(contacts).getAllByRole('button', { name: 'Add' }).at(-1)!;
    for (const [name, mail, phone] of [
      ['Ann', 'ann@example.com', '+49 30 1'],
      ['Bob', 'bob@example.com', '+49 30 2'],
    ]) {
      await user.click(addContact);
      const contact = screen.getAllByRole('group', { name: /^Contact \d/ }).at(-1)!;
      await user.type(within(contact).getByLabelText(/^Contact name/), name);
      await user.click(within(within(contact).getByRole('group', { name: /^E-mails/ })).getByRole('button', { name: 'Add' }));
      await user.type(within(contact).getByLabelText(/^E-mail(?!s)/), mail);
      await user.click(within(within(contact).getByRole('group', { name: /^Phone numbers/ })).getByRole('button', { name: 'Add' }));
      await user.type(within(contact).getByLabelText(/^Phone(?! numbers)/), phone);
    }
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));

    const body = calls.find((c) => c.method === 'POST')!.body as FormData;
    const entries = [...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name]);
    expect(entries).toEqual(
      expect.arrayContaining([
        ['vendor[document]', 'contract.pdf'],
        ['vendor[contacts][1][name]', 'Bob'],
        ['vendor[contacts][1][emails][0][email]', 'bob@example.com'],
        ['vendor[contacts][1][phone_numbers][0][number]', '+49 30 2'],
      ]),
    );

    const [ann, bob] = screen.getAllByRole('group', { name: /^Contact \d/ });
    await waitFor(() => expect(within(bob).getByLabelText(/^E-mail(?!s)/)).toHaveAccessibleDescription('is already used'));
    expect(within(bob).getByLabelText(/^E-mail(?!s)/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(ann).getByLabelText(/^E-mail(?!s)/)).not.toHaveAttribute('aria-invalid');
    // Focus went to the field the server refused.
    expect(within(bob).getByLabelText(/^E-mail(?!s)/)).toHaveFocus();
    expect(formApi!.errorFor('contacts.1.emails.0.email')).toBe('already_used');
  });

  it('the shares total rule speaks on the list once a row is edited, and blocks saving until it holds', async () => {
    const calls = stubApi(() => undefined);
    const user = userEvent.setup();
    renderForm(<VendorForm />, { path: '/vendors/new', texts });
    await user.type(screen.getByLabelText(/^Name/), 'Vendor A');
    const shares = screen.getByRole('group', { name: /^Shares/ });
    await user.click(within(shares).getByRole('button', { name: 'Add' }));
    const rows = within(shares).getAllByRole('group', { name: /^Share \d/ });
    await user.type(within(rows[1]).getByLabelText(/^Vendor(?! A)/), 'Second');
    await user.clear(within(rows[1]).getByLabelText(/^Share(?!s)/));
    await user.type(within(rows[1]).getByLabelText(/^Share(?!s)/), '20');
    expect(shares).toHaveAccessibleDescription('share percentage invalid: the shares must total 100');
    // No cell carries the list's message.
    expect(within(rows[1]).getByLabelText(/^Share(?!s)/)).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(within(rows[0]).getByLabelText(/^Share(?!s)/));
    await user.type(within(rows[0]).getByLabelText(/^Share(?!s)/), '80');
    expect(shares).not.toHaveAccessibleDescription(/share percentage/);
  });

  it('types field paths by the form values', () => {
    const check = (form: ResourceFormApi<Vendor>) => {
      const email: string = form.getValue('contacts.1.emails.0.email');
      const emails: { email: string }[] = form.getValue('contacts.0.emails');
      form.setValue('contacts.0.phone_numbers.2.number', '+1');
      form.insertItem('contacts.0.emails', { email: '' });
      // @ts-expect-error 'mail' is no field of an e-mail entry
      form.getValue('contacts.1.emails.0.mail');
      // @ts-expect-error a phone number is a string, not a number
      form.setValue('contacts.0.phone_numbers.0.number', 5);
      // @ts-expect-error an e-mail entry needs its email
      form.insertItem('contacts.0.emails', { address: 'x' });
      return [email, emails];
    };
    expect(typeof check).toBe('function');
  });
});
