import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractsCommands } from '../../commands/contracts';
import { closeContractDialog, openContractDialog } from '../../src/client/features/contracts/contract-dialog-store';
import { ContractDialogs } from '../../src/client/features/contracts/contract-dialogs';
import { paymentFacts } from '../../src/client/features/payments/payment-details';
import { makeTranslate } from '../../src/client/lib/i18n';
import type { Payment } from '../../src/shared/entities/payment';
import { englishTranslations, renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

// Record advance (DOMAIN.md "Payment run" step 8): amount in the contract's currency, reason and date, checked before sending; 422 on the fields.
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ADVANCES_PATH = '/api/contracts/12/contract_vendors/31/advances';
let posts: { path: string; body: unknown }[];
let answer: () => Response;

beforeEach(() => {
  posts = [];
  answer = () => json({ id: 90, reference: 'P-000090', type: 'advance', state: 'payout_pending', payout: null, advance_reason: 'Studio time' }, 201);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST') {
      posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return answer();
    }
    return json({});
  });
});
afterEach(() => {
  act(() => closeContractDialog());
  vi.restoreAllMocks();
});

async function open() {
  const view = renderApp(<ContractDialogs />);
  act(() => void openContractDialog({ kind: 'record_advance', contractId: 12, contractVendorId: 31, vendorId: 7, vendorName: 'Acme Music', currency: 'EUR' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record advance' }, { timeout: 10_000 });
  const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
  await waitFor(() => expect(amount).toHaveFocus());
  const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
  const submit = () => within(dialog).getByRole('button', { name: 'Record advance' });
  return { ...view, dialog, amount, field, submit };
}

describe('record advance dialog', () => {
  it('names the blank fields without sending, then sends the advance and names the payment', async () => {
    const user = userEvent.setup();
    const { dialog, amount, field, submit, calls } = await open();
    expect(within(dialog).getByText('An advance for Acme Music, recouped from later earnings.')).toBeInTheDocument();
    expect(within(dialog).getByText('EUR')).toBeInTheDocument();
    // The date starts as today; emptied, it is blank too.
    const date = field(/Date/);
    expect(date).not.toHaveValue('');
    await user.clear(date);
    await user.click(submit());
    expect(posts).toEqual([]);
    for (const name of [/Amount/, /Reason/, /Date/]) {
      expect(field(name)).toHaveAttribute('aria-invalid', 'true');
      expect(field(name)).toHaveAccessibleDescription(expect.stringContaining("can't be blank"));
    }
    await waitFor(() => expect(amount).toHaveFocus());
    await expectNoAxeViolations(dialog);

    await user.type(amount, '500.00');
    await user.type(field(/Reason/), '  Studio time  ');
    await user.type(date, '29.11.2026');
    await user.click(submit());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([{ path: ADVANCES_PATH, body: { advance: { amount: '500.00', reason: 'Studio time', date: '2026-11-29' } } }]);
    expect(calls.notify).toEqual([['success', 'Advance P-000090 recorded']]);
  });

  it("refuses what the struct refuses, and shows the server's 422 on its field", async () => {
    const user = userEvent.setup();
    answer = () => json({ errors: { date: ['invalid'] } }, 422);
    const { dialog, amount, field, submit, calls } = await open();
    await user.type(field(/Reason/), 'Studio time');
    // A third decimal and less than a cent are refused before sending.
    for (const [typed, message] of [
      ['0.001', 'is invalid'],
      ['0.00', 'should be greater or equal to'],
    ]) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(submit());
      expect(amount).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(posts).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '500.00');
    await user.click(submit());
    expect(posts).toHaveLength(1);
    const date = field(/Date/);
    await waitFor(() => expect(date).toHaveAccessibleDescription(expect.stringContaining('is invalid')));
    await waitFor(() => expect(date).toHaveFocus());
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(calls.notify).toEqual([]);
    await expectNoAxeViolations(dialog);
  });
});

describe('record advance command', () => {
  const command = contractsCommands.find((c) => c.id === 'contract_vendors.record_advance')!;
  const row = (contract_signed: boolean) => ({ id: 31, contract_id: 12, contract_final: true, contract_signed, contract_currency: 'EUR', vendor_id: 7, vendor: { name: 'Acme Music' } });
  const when = (rows: object[]) => command.when!({ selection: { resource: 'contract_vendors', ids: [31], rows } } as never);

  it('is for payments admins, on a signed contract only', () => {
    expect(command.roles).toEqual(['payments_admin']);
    expect(when([row(true)])).toEqual({ enabled: true });
    expect(when([row(false)])).toEqual({ enabled: false, reason: 'contracts.reasons.advance_not_signed' });
  });
});

describe("an advance's payment details", () => {
  it('give its reason and no payout', () => {
    // What the facts read of it; the rest of a payment is not needed here.
    const advance = {
      id: 90,
      reference: 'P-000090',
      type: 'advance',
      state: 'payout_pending',
      payout: null,
      advance_reason: 'Studio time',
      currency: 'EUR',
      fee: '0.00',
      vendor: { id: 7, name: 'Acme Music', number: 1007 },
      organization: { id: 1, name: 'Remit' },
      payment_bucket: null,
      payee: { name: 'Acme Music', address: {} },
    } as unknown as Payment;
    const facts = paymentFacts(advance, makeTranslate(englishTranslations()), 'en');
    const value = (label: string) => facts.find((f) => f.label === label)?.value;
    expect(value('payments.fields.type')).toBe('Advance');
    expect(value('payments.fields.advance_reason')).toBe('Studio time');
    expect(value('payments.fields.payout')).toBe('');
  });
});
