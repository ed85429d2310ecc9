import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contract } from '../../src/shared/entities/contract';
import ContractForm from '../../src/client/features/contracts/form/contract-form';
import { totalIsHundred, totalText } from '../../src/client/features/contracts/form/vendor-shares';
import { ROUTES } from '../../src/client/route-table';
import { renderForm, stubApi, type StubCall } from './form-support';

const method = (id: number, holder: string) => ({ id, type: 'bank', account_holder: holder, is_sepa: true, iban: `DE00${id}`, bic: null, account_number: null, sap_partner_type: null, bank_id: null, bank: null, contract_vendors: [] });
const vendor = (id: number, name: string) => ({ id, name, number: id, full_number: `1000-${id}`, inactive: false });

/** A draft with three vendors at 50 / 30 / 20 (the server's shape: decimal strings). */
function draft(): Contract {
  const row = (id: number, name: string, share: string) => ({
    id: id * 10,
    vendor_id: id,
    vendor: vendor(id, name),
    vendor_payment_method_id: id * 100,
    vendor_payment_method: method(id * 100, name),
    share_percentage: share,
    minimum_payout: null,
    vendor_contact_email_ids: [id * 1000],
    vendor_contact_emails: [{ id: id * 1000, email: `${name.toLowerCase()}@example.test` }],
    payout_on_hold: false,
    payout_on_hold_reason: null,
    payout_on_hold_at: null,
  });
  return {
    id: 7,
    organization_id: 1,
    organization: { id: 1, name: 'Remit Media GmbH' },
    contract_type: 'adsense',
    currency: 'EUR',
    start_date: '2027-01-01',
    end_date: null,
    active_from: null,
    active_to: null,
    terminated_on: null,
    termination_possible_from: null,
    termination_period_months: 3,
    state: 'draft',
    state_comment: null,
    state_editable: true,
    state_deletable: true,
    state_final: false,
    can_submit_for_approval: true,
    can_approve: false,
    can_reject: false,
    can_cancel: false,
    can_sign: false,
    template_name: 'standard',
    document_url: null,
    primary_signer_email: null,
    secondary_signer_email: null,
    credit_note_type: 'detailed',
    report_templates: [],
    tags: [],
    contract_vendors: [row(1, 'Anna', '50.0000'), row(2, 'Bert', '30.0000'), row(3, 'Cleo', '20.0000')],
    revenue_shares: [
      { id: 1, type: 'all', formula: 'rev_share', rev_share: '70.0000', baseline: '0.00', fixed_income: null, threshold: null },
      { id: 2, type: 'direct', formula: 'fixed_income', rev_share: null, baseline: null, fixed_income: '10.00', threshold: null },
    ],
    revenue_sources: [{ id: 5, name: 'Kitchen', reference_id: 'UC1', type: 'youtube_channel' }],
    termination_request: null,
    can_create_amendment: false,
    amendments: [],
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    ...({ lock_version: 1 } as object),
  } as Contract;
}

const route = ROUTES.find((r) => r.id === 'contracts.edit')!;

function setup() {
  const requests = stubApi((call: StubCall) => {
    if (call.method === 'GET' && call.url === '/api/contracts/7') return { status: 200, body: draft() };
    if (call.method === 'GET' && call.url.startsWith('/api/vendors/lookup')) return { status: 200, body: [] };
    if (call.method === 'GET' && call.url.startsWith('/api/tags')) return { status: 200, body: { entries: [], total: 0, page: 1, size: 50 } };
    if (call.method === 'PUT') return { status: 200, body: draft() };
    return undefined;
  });
  const r = renderForm(<ContractForm route={route} params={{ id: '7' }} />, { path: '/contracts/7/edit#vendors', roles: ['contracts'] });
  return { ...r, requests };
}

const grid = () => screen.getByRole('grid', { name: 'Vendors and their shares' });
const bodyRows = () => within(grid()).getAllByRole('row').slice(1);
const total = () => document.querySelector('[data-share-total]')!;

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('contract form: the vendors grid edits shares inline', () => {
  it('Enter edits a share, Tab moves to the next share, Escape cancels; the total follows and must be exactly 100', async () => {
    window.history.replaceState(null, '', '/contracts/7/edit#vendors');
    const user = userEvent.setup();
    const { requests: calls } = setup();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(total()).toHaveTextContent('100 %');

    // The grid is one tab stop; F2 edits the focused row's share.
    within(grid()).getAllByRole('row')[1].focus();
    await user.keyboard('{F2}');
    const first = within(grid()).getByRole('textbox', { name: /Share \(%\) Anna/ });
    expect(first).toHaveFocus();
    expect(first).toHaveValue('50.0000');
    await user.clear(first);
    await user.type(first, '33,3333');
    await user.keyboard('{Tab}');
    // Tab saved the first share (a comma typed in German reads as the decimal point) and opened the next.
    const second = within(grid()).getByRole('textbox', { name: /Share \(%\) Bert/ });
    expect(second).toHaveFocus();
    expect(bodyRows()[0]).toHaveTextContent('33.3333 %');
    await user.clear(second);
    await user.type(second, '33.3333{Tab}');
    const third = within(grid()).getByRole('textbox', { name: /Share \(%\) Cleo/ });
    await user.clear(third);
    await user.type(third, '33.3333{Enter}');
    expect(within(grid()).queryByRole('textbox')).not.toBeInTheDocument();
    // 3 × 33.3333 is 99.9999: not 100, and the list's rule says so.
    expect(total()).toHaveTextContent('99.9999 %');
    expect(document.querySelector('[data-share-total-error]')).toHaveTextContent('share percentage invalid');

    // Escape leaves a share as it was.
    await user.keyboard('{Enter}');
    const again = within(grid()).getByRole('textbox', { name: /Share \(%\) Cleo/ });
    await user.clear(again);
    await user.type(again, '50{Escape}');
    expect(bodyRows()[2]).toHaveTextContent('33.3333 %');

    // A share above 100 is refused in the cell; 33.3334 makes the total exactly 100.
    await user.keyboard('{F2}');
    const cell = within(grid()).getByRole('textbox', { name: /Share \(%\) Cleo/ });
    await user.clear(cell);
    await user.type(cell, '101{Enter}');
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    expect(within(grid()).getByRole('alert')).toHaveTextContent('less than or equal to 100');
    await user.clear(cell);
    await user.type(cell, '33.3334{Enter}');
    expect(total()).toHaveTextContent('100 %');
    expect(screen.queryByText(/share percentage invalid/)).not.toBeInTheDocument();

    // Saved as decimal strings, never numbers.
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!.body as { contract: { contract_vendors: { share_percentage: unknown }[] } };
    expect(put.contract.contract_vendors.map((v) => v.share_percentage)).toEqual(['33.3333', '33.3333', '33.3334']);
  });

  it('the total is exact decimal arithmetic', () => {
    expect(totalText(['33.3333', '33.3333', '33.3334'])).toBe('100');
    expect(totalIsHundred(totalText(['0.1', '0.2', '99.7']))).toBe(true);
    expect(totalIsHundred(totalText(['60', '30']))).toBe(false);
    expect(totalText(['60', 'x'])).toBe('');
  });
});
