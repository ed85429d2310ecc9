import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { array, object, size } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { email, required, text } from '../../src/shared/validation/core';
import { FieldList, FormTabPanel, FormTabs, ResourceForm, useResourceForm } from '../../src/client/kit/form';
import { TextField } from '../../src/client/kit/fields';
import { expectNoAxeViolations } from '../support/axe';
import { renderForm, stubApi } from './form-support';

const struct = object({
  name: required(text()),
  managing_directors: size(array(object({ full_name: required(text()), email: required(email()) })), 1, Infinity),
  signers: array(object({ user_id: required(text()) })),
});
const texts = {
  organizations: {
    created: 'Organization successfully created',
    saved: 'Organization successfully saved',
    tabs: { general: 'General', managing_directors: 'Managing directors', signers: 'Signers' },
    lists: { managing_directors: 'Managing directors', signers: 'Signers' },
    fields: { name: 'Name', managing_directors: { full_name: 'Full name', email: 'E-mail' }, signers: { user_id: 'User' } },
  },
};
const TABS = [
  { id: 'general', label: 'organizations.tabs.general' },
  { id: 'managing-directors', label: 'organizations.tabs.managing_directors', fields: ['managing_directors'], count: 'managing_directors' },
  { id: 'signers', label: 'organizations.tabs.signers', fields: ['signers'], count: 'signers' },
];

function OrganizationForm({ initial }: { initial?: Record<string, unknown> }) {
  const form = useResourceForm({
    resource: 'organizations',
    basePath: '/api/organizations',
    wrapper: 'organization',
    listPath: '/admin/organizations',
    editPath: (id) => `/admin/organizations/${id}/edit`,
    struct,
    initial: { name: '', managing_directors: [], signers: [], ...initial },
    messages: { created: 'organizations.created', saved: 'organizations.saved' },
  });
  return (
    <ResourceForm form={form}>
      <FormTabs tabs={TABS}>
        <FormTabPanel id="general">
          <TextField name="name" />
        </FormTabPanel>
        <FormTabPanel id="managing-directors">
          <FieldList name="managing_directors" newItem={() => ({ full_name: '', email: '' })}>
            {({ path }) => (
              <>
                <TextField name={`${path}.full_name`} />
                <TextField name={`${path}.email`} />
              </>
            )}
          </FieldList>
        </FormTabPanel>
        <FormTabPanel id="signers">
          <FieldList name="signers" newItem={() => ({ user_id: '' })}>
            {({ path }) => <TextField name={`${path}.user_id`} />}
          </FieldList>
        </FormTabPanel>
      </FormTabs>
    </ResourceForm>
  );
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => vi.unstubAllGlobals());

describe('FormTabs', () => {
  it('chooses the tab by hash, and the first tab without one', () => {
    stubApi(() => undefined);
    window.history.replaceState(null, '', '/#signers');
    renderForm(<OrganizationForm />, { texts });
    expect(screen.getByRole('tab', { name: /Signers/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No entries yet.');
  });

  it('Back and Next walk the tabs in order and write the hash; arrow keys move between tabs', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderForm(<OrganizationForm />, { texts });
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('tab', { name: /Managing directors/ })).toHaveAttribute('aria-selected', 'true');
    expect(window.location.hash).toBe('#managing-directors');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(window.location.hash).toBe('#signers');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(window.location.hash).toBe('');
    // Arrow keys inside the tab list.
    await user.click(screen.getByRole('tab', { name: 'General' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Managing directors/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Managing directors/ })).toHaveFocus();
  });

  it('Back and Next put the focus on the new tab\'s first field (or its Add button when its list is empty)', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderForm(<OrganizationForm initial={{ signers: [{ user_id: '3' }] }} />, { texts });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(screen.getByRole('tabpanel')).getByRole('button')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(screen.getByRole('tabpanel')).getByRole('textbox')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
  });

  it('shows item counters and an error badge on the tab with errors after a failed submit, and opens it', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderForm(<OrganizationForm initial={{ signers: [{ user_id: '3' }, { user_id: '4' }] }} />, { texts });
    const signersTab = screen.getByRole('tab', { name: /Signers/ });
    expect(signersTab).toHaveAccessibleName('Signers (2)');
    await user.type(screen.getByLabelText(/^Name/), 'Org');
    expect(screen.queryByTestId('tab-error-managing-directors')).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    // The general tab is clean, the managing directors tab is not (too few): it opens and carries the badge.
    await waitFor(() => expect(screen.getByRole('tab', { name: /Managing directors/ })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByTestId('tab-error-managing-directors')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Managing directors/ })).toHaveAccessibleName('Managing directors (0) contains errors');
    expect(screen.queryByTestId('tab-error-general')).toBeNull();
    expect(screen.queryByTestId('tab-error-signers')).toBeNull();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('is invalid');
  });

  it('has no axe violations', async () => {
    stubApi(() => undefined);
    const { container } = renderForm(<OrganizationForm initial={{ managing_directors: [{ full_name: 'A', email: 'a@b.cd' }] }} />, { texts });
    await expectNoAxeViolations(container);
  });
});

describe('FieldList', () => {
  it('adds, removes and reorders items with nested fields, focus following', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/#managing-directors');
    renderForm(<OrganizationForm />, { texts });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByLabelText(/^Full name/)).toHaveFocus();
    await user.keyboard('Anna');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.keyboard('Bert');
    expect(screen.getByRole('tab', { name: /Managing directors/ })).toHaveAccessibleName('Managing directors (2)');
    const names = () => screen.getAllByLabelText(/^Full name/).map((i) => (i as HTMLInputElement).value);
    expect(names()).toEqual(['Anna', 'Bert']);
    await user.click(screen.getByRole('button', { name: 'Move entry 2 up' }));
    expect(names()).toEqual(['Bert', 'Anna']);
    // Focus follows the moved item; its own "up" is now disabled, so focus is on its "down".
    expect(screen.getByRole('button', { name: 'Move entry 1 down' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Anna', 'Bert']);
    await user.click(screen.getByRole('button', { name: 'Remove entry 1' }));
    expect(names()).toEqual(['Bert']);
    expect(screen.getByLabelText(/^Full name/)).toHaveFocus();
  });

  it('shows nested errors on the right item after submit, and they follow a move', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/#managing-directors');
    renderForm(<OrganizationForm initial={{ name: 'Org', managing_directors: [{ full_name: 'A', email: 'a@b.cd' }, { full_name: 'B', email: 'nope' }] }} />, { texts });
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    const item2 = screen.getAllByRole('listitem')[1];
    await waitFor(() => expect(within(item2).getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true'));
    expect(within(item2).getByLabelText(/^E-mail/)).toHaveAccessibleDescription('is invalid');
    expect(within(screen.getAllByRole('listitem')[0]).getByLabelText(/^E-mail/)).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Move entry 2 up' }));
    const first = screen.getAllByRole('listitem')[0];
    expect(within(first).getByLabelText(/^E-mail/)).toHaveValue('nope');
    expect(within(first).getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the list in the payload', async () => {
    const calls = stubApi((c) => (c.method === 'POST' ? { status: 201, body: { id: 1 } } : undefined));
    const user = userEvent.setup();
    renderForm(<OrganizationForm initial={{ name: 'Org', managing_directors: [{ full_name: 'A', email: 'a@b.cd' }] }} />, { texts });
    await user.click(screen.getByRole('button', { name: /^Save\b(?! and)/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ organization: { name: 'Org', managing_directors: [{ full_name: 'A', email: 'a@b.cd' }], signers: [] } });
  });
});
