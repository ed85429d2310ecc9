import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { object } from 'superstruct';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceForm, useResourceForm } from '../../src/client/kit/form';
import { TextField } from '../../src/client/kit/fields';
import { RichTextField } from '../../src/client/kit/rich-text';
import { exportHtml } from '../../src/client/kit/rich-text/html-sync';
import { required } from '../../src/shared/validation/core';
import { trimmed } from '../../src/shared/validation/fields';
import { htmlBody } from '../../src/shared/validation/portal';
import { renderForm, stubApi } from './form-support';
import { editorOf, press, selectText } from './rich-text-support';

/** A portal page form as the portal screens build it: the body is a RichTextField. */
const pageStruct = () => object({ title: required(trimmed()), body: required(htmlBody()) });
const texts = { portal_pages: { saved: 'Page saved', created: 'Page created', fields: { title: 'Title', body: 'Body' } } };

function PageForm({ id }: { id?: number }) {
  const form = useResourceForm({
    resource: 'portal_pages',
    basePath: '/api/portal-pages',
    wrapper: 'portal_page',
    listPath: '/portal-pages',
    editPath: (x) => `/portal-pages/${x}/edit`,
    id,
    struct: pageStruct(),
    initial: { title: '', body: '' },
    messages: { created: 'portal_pages.created', saved: 'portal_pages.saved' },
  });
  return (
    <ResourceForm form={form}>
      <TextField name="title" />
      <RichTextField name="body" />
    </ResourceForm>
  );
}

const unloadBlocked = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RichTextField in a resource form', () => {
  it('loads a record without making the form dirty; an edit does, and Save sends the canonical body', async () => {
    const calls = stubApi((c) =>
      c.method === 'GET'
        ? { status: 200, body: { id: 5, title: 'FAQ', body: '<p class="old">Old <b>body</b></p>' } }
        : { status: 200, body: { id: 5, title: 'FAQ', body: (c.body as { portal_page: { body: string } }).portal_page.body } },
    );
    const user = userEvent.setup();
    const r = renderForm(<PageForm id={5} />, { path: '/portal-pages/5/edit', texts });
    const box = await screen.findByRole('textbox', { name: /^Body/ });
    await act(async () => {});
    expect(box).toHaveTextContent('Old body');
    expect(box).toHaveAttribute('aria-required', 'true');
    expect(unloadBlocked()).toBe(false);

    selectText('Old', { editor: editorOf(box) });
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(unloadBlocked()).toBe(true);
    // Ctrl+Enter in the text is the form's 'Save and continue'.
    await press(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(r.calls.notify).toEqual([['success', 'Page saved']]));
    expect(r.location.history).toEqual(['/portal-pages/5/edit']);
    expect(exportHtml(editorOf(screen.getByRole('textbox', { name: /^Body/ })))).toBe('<p><strong>Old</strong> <strong>body</strong></p>');
    expect(calls[1]).toMatchObject({ method: 'PUT', url: '/api/portal-pages/5', body: { portal_page: { title: 'FAQ', body: '<p><strong>Old</strong> <strong>body</strong></p>' } } });
  });

  it('an empty body is blank: the error is shown on the textbox and the focus moves there', async () => {
    const calls = stubApi(() => undefined);
    const user = userEvent.setup();
    renderForm(<PageForm />, { path: '/portal-pages/new', texts });
    await act(async () => {});
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'A page');
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    const box = screen.getByRole('textbox', { name: /^Body/ });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(expect.stringContaining("can't be blank"));
    expect(box.closest('[data-focus-owner]')).toHaveAttribute('data-invalid');
    await waitFor(() => expect(box).toHaveFocus());
    expect(calls).toHaveLength(0);
  });
});
