import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentStatementsCommands } from '../../commands/payment-statements';
import type { CommandContext } from '../../commands/types';

// Vendor statement commands (issue 16): on the payment of a row menu or page, saved under the server's file name.
const command = (format: 'pdf' | 'csv') => paymentStatementsCommands.find((c) => c.id === `payment_statements.download_${format}`)!;
const payment = { id: 5, reference: 'P00000005' };
let fetched: string[];
let saved: string[];
let answer: () => Response;

beforeEach(() => {
  fetched = [];
  saved = [];
  answer = () => new Response('record,reference\r\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="statement-P00000005.csv"' } });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    fetched.push(new URL(String(input), 'http://localhost').pathname);
    return answer();
  });
  // jsdom has no Blob URLs: the link the download clicks is what we look at.
  URL.createObjectURL = () => 'blob:statement';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

const ctx = (over: Partial<CommandContext>, notify = vi.fn()) => ({ t: (key: string) => key, services: { notify }, ...over }) as unknown as CommandContext;

describe('statement commands', () => {
  it('are hidden without a payment and enabled on a payment row or page, with the payment detail roles', () => {
    expect(command('pdf').when!(ctx({}))).toEqual({ hidden: true });
    expect(command('pdf').when!(ctx({ selection: { resource: 'contracts', ids: [1], rows: [{ id: 1 }] } }))).toEqual({ hidden: true });
    expect(command('pdf').when!(ctx({ selection: { resource: 'payments', ids: [5], rows: [payment] } }))).toEqual({ enabled: true });
    expect(command('csv').when!(ctx({ entity: { resource: 'payments', id: 5, record: payment } }))).toEqual({ enabled: true });
    // Spec 3, 6: "Payment details | payments, payments_admin, payments_cancel, payments_mark_incorrect, payments_pause_and_resume, payments_verify".
    expect(command('csv').roles).toEqual(['payments', 'payments_admin', 'payments_cancel', 'payments_mark_incorrect', 'payments_pause_and_resume', 'payments_verify']);
  });

  it('downloads the statement under the server’s name; a failure is an error toast', async () => {
    await command('csv').run(ctx({ entity: { resource: 'payments', id: 5, record: payment } }));
    expect([fetched, saved]).toEqual([['/api/payments/5/statement.csv'], ['statement-P00000005.csv']]);
    answer = () => new Response(JSON.stringify({ error: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    const notify = vi.fn();
    await command('pdf').run(ctx({ selection: { resource: 'payments', ids: [5], rows: [payment] } }, notify));
    expect(fetched[1]).toBe('/api/payments/5/statement.pdf');
    expect(saved).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith('error', 'payment_statements.failed');
  });
});
