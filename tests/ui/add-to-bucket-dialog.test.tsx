import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddToBucketDialog } from '../../src/client/features/payment-buckets/add-to-bucket-host';
import { addToBucketDialog } from '../../src/client/features/payment-buckets/dialogs';
import { renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

// The add-to-bucket dialog (spec 3, 2.1, 5.1, 8): a bucket by lookup or a typed new name (created first), the 400 as the form's error.
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let posts: { path: string; body: unknown }[];
let addAnswer: () => Response;

beforeEach(() => {
  posts = [];
  addAnswer = () => json({ ids: [3, 5] });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST') {
      posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      if (url.pathname === '/api/payment_buckets') return json({ id: 42, name: 'Spring run' }, 201);
      return addAnswer();
    }
    const q = url.searchParams.get('q') ?? '';
    return json([{ id: 7, name: 'January' }].filter((b) => b.name.toLowerCase().includes(q.toLowerCase())));
  });
});
afterEach(() => {
  act(() => addToBucketDialog.close());
  vi.restoreAllMocks();
});

async function openFor(ids: number[]) {
  const view = renderApp(<AddToBucketDialog />);
  act(() => void addToBucketDialog.open(ids));
  // The dialog's code loads when it opens (its host is all the payments list carries).
  const dialog = await screen.findByRole('dialog', { name: 'Add to a payment bucket: 2 payments' }, { timeout: 10_000 });
  const field = within(dialog).getByRole('combobox', { name: /Payment bucket/ });
  await waitFor(() => expect(field).toHaveFocus());
  return { ...view, dialog, field };
}

describe('add to bucket dialog', () => {
  it('creates a typed new bucket first, then adds the payments to it', async () => {
    const user = userEvent.setup();
    const { dialog, calls } = await openFor([3, 5]);
    await user.keyboard('Spring run');
    const create = await screen.findByRole('option', { name: /Create payment bucket "Spring run"/ }, { timeout: 3000 });
    expect(create).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    await expectNoAxeViolations(dialog);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([
      { path: '/api/payment_buckets', body: { payment_bucket: { name: 'Spring run' } } },
      { path: '/api/payments/add_to_payment_bucket', body: { ids: [3, 5], payment_bucket_id: 42 } },
    ]);
    expect(calls.notify).toEqual([['success', 'Payments added to Spring run: 2']]);
  });

  it('requires a bucket, and shows the 400 as the form error without closing', async () => {
    const user = userEvent.setup();
    addAnswer = () => json({ error: 'Cannot add selected payments to payment bucket', ineligible_ids: [5] }, 400);
    const { dialog } = await openFor([3, 5]);
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText("can't be blank")).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.keyboard('January');
    await screen.findByRole('option', { name: /January/ }, { timeout: 3000 });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cannot add selected payments to payment bucket');
    expect(posts).toEqual([{ path: '/api/payments/add_to_payment_bucket', body: { ids: [3, 5], payment_bucket_id: 7 } }]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await expectNoAxeViolations(dialog);
  });
});

describe('bucket tools in the payments list', () => {
  const when = async (id: string, rows: object[]) => {
    const { paymentBucketsCommands } = await import('../../commands/payment-buckets');
    const command = paymentBucketsCommands.find((c) => c.id === id)!;
    return command.when!({ selection: { resource: 'payments', ids: rows.map((_, i) => i), rows } } as never);
  };
  it('are enabled only when every selected payment has the flag (spec 3, 4.1)', async () => {
    const add = 'payments.add_to_payment_bucket_selected';
    expect(await when(add, [{ can_be_added_to_bucket: true }, { can_be_added_to_bucket: true }])).toEqual({ enabled: true });
    expect(await when(add, [{ can_be_added_to_bucket: true }, { can_be_added_to_bucket: false }])).toEqual({ enabled: false, reason: 'payment_buckets.reasons.cannot_add' });
    expect(await when(add, [])).toEqual({ enabled: false, reason: 'commands.reasons.nothing_selected' });
    expect(await when('payments.remove_from_payment_bucket_selected', [{ can_be_removed_from_bucket: false }])).toEqual({ enabled: false, reason: 'payment_buckets.reasons.cannot_remove' });
  });
});
