import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { type LookupHit, registerLookups } from '../../commands/lookups';
import { Palette } from '../../src/client/shell/palette';
import { renderApp } from '../support/render';

/** A lookup whose answers the test gives by hand: each search waits until `answer(q, hits)`. */
function heldLookup(id: string, title: string) {
  const asked: { q: string; signal: AbortSignal; resolve: (hits: LookupHit[]) => void }[] = [];
  return {
    asked,
    answer(q: string, hits: LookupHit[]) {
      const call = asked.find((a) => a.q === q);
      if (!call) throw new Error(`${id} was not asked for ${q}`);
      call.resolve(hits);
    },
    lookup: {
      id,
      title,
      roles: ['admin'],
      search: (q: string, signal: AbortSignal) => new Promise<LookupHit[]>((resolve) => asked.push({ q, signal, resolve })),
      href: (hit: LookupHit) => `/${id}/${hit.id}`,
    },
  };
}

const payments = heldLookup('test.payments', 'nav.payments');
const vendors = heldLookup('test.vendors', 'nav.vendors');
const banks = heldLookup('test.banks', 'nav.banks');
const tags = heldLookup('test.tags', 'nav.tags');

describe('palette record search', () => {
  beforeAll(() => registerLookups([payments.lookup, vendors.lookup, banks.lookup, tags.lookup]));

  it('shows each kind as it answers, aborts the requests of an older text and never paints their answers', async () => {
    const user = userEvent.setup();
    renderApp(<Palette open onClose={() => {}} roles={['admin']} />, { path: '/' });
    // Typed in one go; on a loaded machine a pause within it may ask for the first characters too.
    await user.keyboard('P001');
    await waitFor(() => expect(payments.asked.at(-1)?.q).toBe('P001'));
    expect(vendors.asked.at(-1)?.q).toBe('P001');

    // One kind answers: its rows show while the other is still asked.
    payments.answer('P001', [{ id: 1, label: 'P00100001' }]);
    expect(await screen.findByRole('option', { name: /P00100001/ })).toBeInTheDocument();

    // A new key: the older text's running request is aborted, its rows go.
    await user.keyboard('2');
    expect(vendors.asked.at(-1)?.signal.aborted).toBe(true);
    expect(screen.queryByRole('option', { name: /P00100001/ })).not.toBeInTheDocument();
    await waitFor(() => expect(payments.asked.at(-1)?.q).toBe('P0012'));

    // The fresh answer shows; the stale one, arriving after it, does not replace or join it.
    payments.answer('P0012', [{ id: 2, label: 'P00120000' }]);
    expect(await screen.findByRole('option', { name: /P00120000/ })).toBeInTheDocument();
    vendors.answer('P001', [{ id: 9, label: 'Stale Vendor' }]);
    vendors.answer('P0012', [{ id: 8, label: 'Fresh Vendor' }]);
    expect(await screen.findByRole('option', { name: /Fresh Vendor/ })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('option', { name: /Stale Vendor/ })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: /P00120000/ })).toBeInTheDocument();
  });

  it('asks three kinds at a time in their order, the next as one answers', async () => {
    const user = userEvent.setup();
    renderApp(<Palette open onClose={() => {}} roles={['admin']} />, { path: '/' });
    await user.keyboard('Quill');
    await waitFor(() => expect(banks.asked.at(-1)?.q).toBe('Quill'));
    expect([payments, vendors].map((l) => l.asked.at(-1)?.q)).toEqual(['Quill', 'Quill']);
    expect(tags.asked.map((a) => a.q)).not.toContain('Quill');
    vendors.answer('Quill', []);
    await waitFor(() => expect(tags.asked.at(-1)?.q).toBe('Quill'));
  });
});
