import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { array, object } from 'superstruct';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Switch, useLocation } from 'wouter';
import { blankable, email, required, text } from '../../src/shared/validation/core';
import { ConfirmHost } from '../../src/client/kit/dialog';
import { ResourceForm, toFormData, useResourceForm } from '../../src/client/kit/form';
import { FieldList } from '../../src/client/kit/form/field-list';
import { TextField } from '../../src/client/kit/fields';
import { renderForm, stubApi } from './form-support';

const bankStruct = object({
  name: required(text()),
  city: required(text()),
  bic: blankable(text()),
  contacts: array(object({ email: required(email()) })),
});
const EMPTY = { name: '', city: '', bic: '', contacts: [] as { email: string }[] };

/** Something inside the form that navigates by code (a command, a link-like button). */
function GoButton() {
  const [, navigate] = useLocation();
  return (
    <button type="button" onClick={() => navigate('/by-code')}>
      Go
    </button>
  );
}

function BankForm({ id, multipart }: { id?: number; multipart?: boolean }) {
  const form = useResourceForm({
    resource: 'banks',
    basePath: '/api/banks',
    wrapper: 'bank',
    listPath: '/admin/banks',
    editPath: (x) => `/admin/banks/${x}/edit`,
    id,
    struct: bankStruct,
    initial: EMPTY,
    toPayload: multipart ? (values) => toFormData('bank', values) : undefined,
    messages: { created: 'banks.created', saved: 'banks.saved' },
  });
  return (
    <>
      <ResourceForm form={form}>
        <TextField name="name" />
        <TextField name="city" />
        <TextField name="bic" />
        <GoButton />
        <FieldList name="contacts" newItem={() => ({ email: '' })}>
          {({ path }) => <TextField name={`${path}.email`} />}
        </FieldList>
      </ResourceForm>
      <Link href="/elsewhere">Elsewhere</Link>
      <ConfirmHost />
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useResourceForm / ResourceForm', () => {
  it('shows blank after a submit attempt, not before, and sends nothing', async () => {
    const calls = stubApi(() => undefined);
    const user = userEvent.setup();
    renderForm(<BankForm />, { path: '/admin/banks/new' });
    const name = screen.getByLabelText(/^Name/);
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText("can't be blank")).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText("can't be blank")).toHaveLength(2);
    expect(name).toHaveAccessibleDescription("can't be blank");
    expect(screen.getByLabelText(/^BIC/)).not.toHaveAttribute('aria-invalid');
    // Focus moves to the first marked field.
    await waitFor(() => expect(name).toHaveFocus());
    expect(calls).toHaveLength(0);
  });

  it('shows a field error after the field was left, before any submit', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderForm(<BankForm />, { path: '/admin/banks/new' });
    await user.click(screen.getByLabelText(/^Name/));
    await user.tab();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^City/)).not.toHaveAttribute('aria-invalid');
  });

  it('marks required fields from the struct', () => {
    stubApi(() => undefined);
    renderForm(<BankForm />, { path: '/admin/banks/new' });
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(/^BIC/)).not.toHaveAttribute('aria-required');
  });

  it('required markers follow the values: a rule "required when the country is DE" changes with it', async () => {
    stubApi(() => undefined);
    function VatForm() {
      const form = useResourceForm({
        resource: 'banks',
        basePath: '/api/banks',
        wrapper: 'bank',
        listPath: '/admin/banks',
        editPath: (x) => `/admin/banks/${x}/edit`,
        struct: object({ name: blankable(text()), city: blankable(text()) }),
        initial: { name: '', city: '' },
        validate: (v) => (v.name === 'DE' && !v.city ? { city: ['blank'] } : undefined),
        messages: { saved: 'banks.saved' },
      });
      return (
        <ResourceForm form={form}>
          <TextField name="name" />
          <TextField name="city" />
        </ResourceForm>
      );
    }
    const user = userEvent.setup();
    renderForm(<VatForm />, { path: '/admin/banks/new' });
    const city = () => screen.getByLabelText(/^City/);
    expect(city()).not.toHaveAttribute('aria-required');
    await user.type(screen.getByLabelText(/^Name/), 'DE');
    expect(city()).toHaveAttribute('aria-required', 'true');
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'FR');
    expect(city()).not.toHaveAttribute('aria-required');
  });

  it('the footer buttons come in the order they are shown: Save and continue, then Save; Enter in a field saves', async () => {
    const calls = stubApi((c) => (c.method === 'POST' ? { status: 201, body: { id: 5 } } : undefined));
    const user = userEvent.setup();
    const r = renderForm(<BankForm />, { path: '/admin/banks/new' });
    const buttons = screen.getAllByRole('button').filter((b) => /Save/.test(b.textContent ?? ''));
    expect(buttons.map((b) => b.textContent)).toEqual([expect.stringMatching(/^Save and continue/), expect.stringMatching(/^Save\b(?! and)/)]);
    await user.type(screen.getByLabelText(/^Name/), 'Bank A');
    await user.type(screen.getByLabelText(/^City/), 'Berlin{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    await waitFor(() => expect(r.location.history.at(-1)).toBe('/admin/banks'));
  });

  it('maps nested 422 errors from the server onto the right fields', async () => {
    const calls = stubApi((c) => (c.method === 'POST' ? { status: 422, body: { errors: { name: ['already_used', 'invalid'], contacts: { 1: { email: ['already_used'] } } } } } : undefined));
    const user = userEvent.setup();
    const r = renderForm(<BankForm />, { path: '/admin/banks/new' });
    await user.type(screen.getByLabelText(/^Name/), 'Bank A');
    await user.type(screen.getByLabelText(/^City/), 'Berlin');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getAllByLabelText(/^E-mail/)[0], 'a@b.cd');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getAllByLabelText(/^E-mail/)[1], 'c@d.ef');
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('is already used'));
    expect(calls[0].body).toEqual({ bank: { name: 'Bank A', city: 'Berlin', bic: '', contacts: [{ email: 'a@b.cd' }, { email: 'c@d.ef' }] } });
    const [first, second] = screen.getAllByLabelText(/^E-mail/);
    expect(first).not.toHaveAttribute('aria-invalid');
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveAccessibleDescription('is already used');
    expect(r.location.history).toEqual(['/admin/banks/new']);
    // Changing the field clears its server message.
    await user.type(screen.getByLabelText(/^Name/), ' B');
    expect(screen.getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid');
  });

  it('Save creates, notifies with the translated message and returns to the list', async () => {
    const calls = stubApi((c) => (c.method === 'POST' ? { status: 201, body: { id: 7, name: 'Bank A', city: 'Berlin', bic: null, contacts: [] } } : undefined));
    const user = userEvent.setup();
    const r = renderForm(<BankForm />, { path: '/admin/banks/new' });
    await user.type(screen.getByLabelText(/^Name/), 'Bank A');
    await user.type(screen.getByLabelText(/^City/), 'Berlin');
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    await waitFor(() => expect(r.location.history).toEqual(['/admin/banks/new', '/admin/banks']));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/banks']);
    expect(r.calls.notify).toEqual([['success', 'Bank successfully created']]);
    expect(r.calls.invalidate).toEqual(['banks']);
    expect(r.calls.confirm).toEqual([]);
  });

  it('Save and continue after create goes to the edit page of the new id', async () => {
    stubApi((c) => (c.method === 'POST' ? { status: 201, body: { id: 42, name: 'Bank A', city: 'Berlin', bic: null, contacts: [] } } : undefined));
    const user = userEvent.setup();
    const r = renderForm(<BankForm />, { path: '/admin/banks/new' });
    await user.type(screen.getByLabelText(/^Name/), 'Bank A');
    await user.type(screen.getByLabelText(/^City/), 'Berlin');
    await user.click(screen.getByRole('button', { name: /Save and continue/ }));
    await waitFor(() => expect(r.location.history).toEqual(['/admin/banks/new', '/admin/banks/42/edit']));
    expect(r.calls.notify).toEqual([['success', 'Bank successfully created']]);
  });

  it('after create, the routed edit page shows the saved record at once and saves with PUT', async () => {
    const calls = stubApi((c) =>
      c.method === 'POST' ? { status: 201, body: { id: 42, name: 'Bank A', city: 'Berlin', bic: null, contacts: [] } } : c.method === 'PUT' ? { status: 200, body: { id: 42, name: 'Bank AB', city: 'Berlin', bic: null, contacts: [] } } : undefined,
    );
    const user = userEvent.setup();
    renderForm(
      <Switch>
        <Route path="/admin/banks/new">{() => <BankForm />}</Route>
        <Route path="/admin/banks/:id/edit">{(p) => <BankForm id={Number(p.id)} />}</Route>
      </Switch>,
      { path: '/admin/banks/new' },
    );
    await user.type(screen.getByLabelText(/^Name/), 'Bank A');
    await user.type(screen.getByLabelText(/^City/), 'Berlin');
    await user.click(screen.getByRole('button', { name: /Save and continue/ }));
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Bank A'));
    expect(screen.queryByRole('status')).toBeNull();
    await user.type(screen.getByLabelText(/^Name/), 'B');
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/banks', 'PUT /api/banks/42']));
  });

  it('loads a record for edit, saves with PUT and stays on Save and continue', async () => {
    const calls = stubApi((c) =>
      c.method === 'GET' ? { status: 200, body: { id: 3, name: 'Old', city: 'Bonn', bic: null, contacts: [], created_at: 'x' } } : { status: 200, body: { id: 3, name: 'New', city: 'Bonn', bic: null, contacts: [] } },
    );
    const user = userEvent.setup();
    const r = renderForm(<BankForm id={3} />, { path: '/admin/banks/3/edit' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue('Old');
    await user.clear(name);
    await user.type(name, 'New');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(r.calls.notify).toEqual([['success', 'Bank successfully saved']]));
    expect(calls[1]).toMatchObject({ method: 'PUT', url: '/api/banks/3', body: { bank: { name: 'New', city: 'Bonn', bic: null, contacts: [] } } });
    expect(r.location.history).toEqual(['/admin/banks/3/edit']);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('New');
    // Saved: leaving does not ask.
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(r.location.history).toEqual(['/admin/banks/3/edit', '/elsewhere']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('sends the lock_version the form was loaded with, and the saved one on the next save (JSON and multipart)', async () => {
    for (const multipart of [false, true]) {
      let version = 4;
      const calls = stubApi((c) => {
        if (c.method === 'PUT') version += 1;
        return { status: 200, body: { id: 3, lock_version: version, name: 'Old', city: 'Bonn', bic: null, contacts: [] } };
      });
      const user = userEvent.setup();
      const r = renderForm(<BankForm id={3} multipart={multipart} />, { path: '/admin/banks/3/edit' });
      const name = await screen.findByLabelText(/^Name/);
      const sent = (i: number) => {
        const body = calls.filter((c) => c.method === 'PUT')[i].body;
        return body instanceof FormData ? body.get('bank[lock_version]') : (body as { bank: { lock_version: unknown } }).bank.lock_version;
      };
      await user.type(name, 'X');
      await user.keyboard('{Control>}{Enter}{/Control}');
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
      expect(sent(0)).toBe(multipart ? '4' : 4);
      await waitFor(() => expect(r.calls.notify).toHaveLength(1));
      await user.type(screen.getByLabelText(/^Name/), 'Y');
      await user.keyboard('{Control>}{Enter}{/Control}');
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
      expect(sent(1)).toBe(multipart ? '5' : 5);
      r.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('Ctrl+S saves and returns to the list', async () => {
    stubApi((c) => (c.method === 'GET' ? { status: 200, body: { id: 3, name: 'Old', city: 'Bonn', bic: null, contacts: [] } } : { status: 200, body: { id: 3 } }));
    const user = userEvent.setup();
    const r = renderForm(<BankForm id={3} />, { path: '/admin/banks/3/edit' });
    await user.click(await screen.findByLabelText(/^City/));
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(r.location.history.at(-1)).toBe('/admin/banks'));
  });

  it('shows the not-found state for a 404', async () => {
    stubApi(() => ({ status: 404 }));
    renderForm(<BankForm id={99} />, { path: '/admin/banks/99/edit' });
    expect(await screen.findByText('This entry does not exist (any more).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/admin/banks');
  });

  it('the leave guard asks, blocks when cancelled, and lets go when confirmed', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    const r = renderForm(<BankForm />, { path: '/admin/banks/new' });
    // Nothing changed yet: no question.
    await user.type(screen.getByLabelText(/^Name/), 'x');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure? All changes will be lost.');
    expect(dialog).toHaveAttribute('data-focus-owner');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(r.location.history).toEqual(['/admin/banks/new']);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('x');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(r.location.history).toEqual(['/admin/banks/new', '/elsewhere']));
  });

  it('guards navigation by code inside the form as well', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    const r = renderForm(<BankForm />, { path: '/admin/banks/new' });
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(r.location.history).toEqual(['/admin/banks/new', '/by-code']);
    r.location.navigate('/admin/banks/new');
    await user.type(screen.getByLabelText(/^Name/), 'x');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(r.location.history.at(-1)).toBe('/admin/banks/new');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(r.location.history.at(-1)).toBe('/by-code'));
  });

  it('does not ask when nothing changed, and sets beforeunload only while dirty', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderForm(<BankForm />, { path: '/admin/banks/new' });
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText(/^Name/), 'x');
    expect(unload()).toBe(true);
    await user.clear(screen.getByLabelText(/^Name/));
    expect(unload()).toBe(false);
  });

  it('Escape in a field keeps its text and does not bubble out of the form', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    const outside = vi.fn();
    document.addEventListener('keydown', outside);
    renderForm(<BankForm />, { path: '/admin/banks/new' });
    await user.type(screen.getByLabelText(/^Name/), 'Bank{Escape}');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Bank');
    expect(outside.mock.calls.some(([e]) => (e as KeyboardEvent).key === 'Escape')).toBe(false);
    document.removeEventListener('keydown', outside);
  });
});
