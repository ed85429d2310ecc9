import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BalanceEntry, ContractVendorBalance } from '../../src/shared/entities/balance-entry';
import { BalanceTab } from '../../src/client/features/vendors/balance-tab';
import VendorShow from '../../src/client/features/vendors/vendor-show';
import { PaymentBalanceEntries } from '../../src/client/features/payments/balance-entries';
import type { Payment } from '../../src/shared/entities/payment';
import { ROUTES_BY_ID } from '../../src/client/route-table';
import { renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

// The vendor's balance tab (issue 23): balances per contract vendor, then the ledger's entries with the running balance.
const vendor = {
  id: 7,
  contract_vendors: [
    { id: 31, contract_id: 12, vendor_payment_method_id: null },
    { id: 32, contract_id: 15, vendor_payment_method_id: null },
  ],
};

const balances: ContractVendorBalance[] = [
  { contract_vendor_id: 31, contract_id: 12, currency: 'EUR', balance: '12.50', carried: true, minimum_payout: '50.00' },
  { contract_vendor_id: 32, contract_id: 15, currency: 'USD', balance: '0.00', carried: false, minimum_payout: '0.01' },
];

const entry = (over: Partial<BalanceEntry>): BalanceEntry => ({
  id: 1,
  contract_vendor_id: 31,
  contract_id: 12,
  payout_id: 4,
  payment_id: null,
  payment_reference: null,
  kind: 'earning',
  month: '2025-08-01',
  amount: '100.00',
  currency: 'EUR',
  description: '',
  created_at: '2025-09-03T10:00:00Z',
  balance_after: '100.00',
  ...over,
});
// Newest first, as the tab sorts by default.
const entries: BalanceEntry[] = [
  entry({ id: 3, kind: 'earning', month: '2025-09-01', amount: '12.50', balance_after: '12.50', payout_id: 5, description: 'Below the minimum: carried' }),
  entry({ id: 2, kind: 'payment', amount: '-100.00', balance_after: '0.00', payment_id: 88, payment_reference: 'P00000088', description: 'Paid' }),
  entry({ id: 1 }),
];

let requests: string[] = [];

beforeEach(() => {
  requests = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(`${url.pathname}${decodeURIComponent(url.search)}`);
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/vendors/7') return json({ ...vendor, name: 'Acme Music', state: 'confirmed', readonly: false, inactive: false, tags: [], change_request_changes: null, lock_version: 1 });
    if (url.pathname === '/api/audit_logs/vendor/7') return json({ entries: [], total: 0 });
    if (url.pathname === '/api/vendors/7/balance') return json({ entries: balances });
    if (url.pathname === '/api/vendors/7/balance_entries') {
      const kind = url.searchParams.get('filter[kind]');
      const found = entries.filter((e) => !kind || e.kind === kind);
      return json({ entries: found, total: found.length });
    }
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.restoreAllMocks());

const Fresh = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;

const grid = () => screen.getByRole('grid', { name: 'Balance entries' });
const rowsOf = () => within(grid()).queryAllByRole('row').slice(1);
const loaded = () => waitFor(() => expect(grid()).not.toHaveAttribute('aria-busy'));

describe('vendor balance tab', () => {
  it('shows each contract vendor’s balance, then the entries newest first with the balance each left', async () => {
    const { container } = renderApp(
      <Fresh>
        <BalanceTab vendor={vendor} />
      </Fresh>,
      { path: '/vendors/7/show/balance', roles: ['vendors', 'payments'] },
    );
    const summary = await screen.findByRole('table', { name: 'Balances' });
    const [, first, second] = within(summary).getAllByRole('row');
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Contract #12');
    expect(first).toHaveTextContent('12.50 EUR');
    expect(first).toHaveTextContent('Yes'); // carried to the next payout
    expect(first).toHaveTextContent('50.00 EUR');
    expect(second).toHaveTextContent('No');
    expect(second).toHaveTextContent('0.01 USD');

    await loaded();
    expect(requests).toContain('/api/vendors/7/balance_entries?p=1&s=10&sort_by=id&sort_direction=desc');
    expect(screen.getByRole('heading', { level: 2, name: 'Balance entries' })).toBeInTheDocument();
    expect(rowsOf()).toHaveLength(3);
    const [carried, paid] = rowsOf();
    expect(within(carried).getByRole('rowheader')).toHaveTextContent('Earning');
    expect(carried).toHaveTextContent('09.2025');
    expect(carried).toHaveTextContent('Below the minimum: carried');
    expect(within(paid).getByRole('rowheader')).toHaveTextContent('Payment');
    expect(paid).toHaveTextContent('-100.00 EUR');
    expect(paid).toHaveTextContent('0.00 EUR');
    // The payment's reference leads to the payment (payments may open it); the contract to the contract only for its roles.
    expect(within(paid).getByRole('link', { name: 'P00000088' })).toHaveAttribute('href', '/payments/88/show');
    expect(within(paid).queryByRole('link', { name: '#12' })).not.toBeInTheDocument();
    expect(within(paid).getByText('#12')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('filters by contract vendor, month and kind through the filter popover and sorts by month, all in the address', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(
      <Fresh>
        <BalanceTab vendor={vendor} />
      </Fresh>,
      { path: '/vendors/7/show/balance', roles: ['admin'] },
    );
    await loaded();
    // The popover's code loads on hover (kit/deferred.tsx); the click goes to the real button once it is there
    // (a press on the placeholder that is replaced between pointerdown and click would be lost).
    await user.hover(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filter' })).toHaveAttribute('data-rac'), { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter' }, { timeout: 5_000 });
    await waitFor(() => expect(within(dialog).queryByRole('status')).not.toBeInTheDocument(), { timeout: 5000 });
    const contract = within(dialog).getByRole('combobox', { name: 'Contract' });
    expect(within(contract).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any', 'Contract #12', 'Contract #15']);
    await user.selectOptions(contract, 'Contract #12');
    await user.type(within(dialog).getByRole('textbox', { name: 'Month' }), '08.2025');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'Payment');
    await user.click(within(dialog).getByRole('button', { name: 'Filter' }));
    expect(location.history!.at(-1)).toBe('/vendors/7/show/balance?filter[contract_vendor_id]=31&filter[month]=2025-08-01&filter[kind]=payment');
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(requests.at(-1)).toBe('/api/vendors/7/balance_entries?p=1&s=10&sort_by=id&sort_direction=desc&filter[contract_vendor_id]=31&filter[month]=2025-08-01&filter[kind]=payment');
    expect(screen.getByRole('button', { name: /Filter/ })).toHaveAccessibleName('Filter 3 active');

    await user.click(within(grid()).getByRole('button', { name: /Month/ }));
    await loaded();
    expect(requests.at(-1)).toContain('sort_by=month&sort_direction=asc');
    // The contract is a link for an admin.
    expect(within(rowsOf()[0]).getByRole('link', { name: '#12' })).toHaveAttribute('href', '/contracts/12/show');
  }, 40_000);

  it('is a tab of the vendor page for the roles of a vendor’s payments only', async () => {
    const route = ROUTES_BY_ID.get('vendors.show')!;
    const tabsFor = async (roles: string[], tab: string) => {
      const view = renderApp(
        <Fresh>
          <VendorShow route={route} params={{ id: '7', tab }} />
        </Fresh>,
        { path: `/vendors/7/show/${tab}`, roles },
      );
      const nav = await screen.findByRole('navigation', { name: 'Vendor views' });
      const names = within(nav).getAllByRole('link').map((l) => l.textContent);
      view.unmount();
      return names;
    };
    expect(await tabsFor(['vendors'], 'audit-logs')).toEqual(['Details', 'Audit logs']);
    expect(await tabsFor(['vendors', 'payments_admin'], 'audit-logs')).toEqual(['Details', 'Balance', 'Audit logs']);

    renderApp(
      <Fresh>
        <VendorShow route={route} params={{ id: '7', tab: 'balance' }} />
      </Fresh>,
      { path: '/vendors/7/show/balance', roles: ['admin'] },
    );
    const nav = await screen.findByRole('navigation', { name: 'Vendor views' });
    expect(within(nav).getByRole('link', { name: 'Balance' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('table', { name: 'Balances' })).toBeInTheDocument();
    await loaded();
  });
});

describe('payment balance entries', () => {
  it('lists the entries a payment pays, carried ones included, with kind, month, description and signed amount', async () => {
    const payment = {
      id: 88,
      currency: 'EUR',
      balance_entries: [
        { id: 1, kind: 'earning', amount: '30.00', currency: 'EUR', month: '2025-08-01', description: 'Brought forward from 08.2025', payout_id: 4 },
        { id: 3, kind: 'reversal', amount: '-5.00', currency: 'EUR', month: '2025-09-01', description: 'Recouped', payout_id: null },
      ],
    } as unknown as Payment;
    const { container } = renderApp(<PaymentBalanceEntries payment={payment} />);
    const table = screen.getByRole('table', { name: 'Balance entries' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Earning');
    expect(first).toHaveTextContent('08.2025');
    expect(first).toHaveTextContent('Brought forward from 08.2025');
    expect(first).toHaveTextContent('30.00 EUR');
    expect(within(second).getByRole('rowheader')).toHaveTextContent('Reversal');
    expect(second).toHaveTextContent('-5.00 EUR');
    await expectNoAxeViolations(container);
  });

  it('says so when the payment pays none', () => {
    renderApp(<PaymentBalanceEntries payment={{ id: 1, currency: 'EUR' } as unknown as Payment} />);
    expect(screen.getByText('This payment pays no balance entries.')).toBeInTheDocument();
  });
});
