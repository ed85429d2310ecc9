import { describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentFlags } from '../../src/shared/entities/payment.js';
import { paymentFlags } from '../../src/server/modules/payments/lifecycle.js';

// DOMAIN.md "Payment lifecycle", written out again by hand: the flags each state gives an admin.
const TABLE: Record<string, (keyof PaymentFlags)[]> = {
  new: ['can_attach_invoice', 'can_be_added_to_bucket', 'can_be_cancelled', 'can_be_paused'],
  invoice_added: ['can_attach_invoice', 'can_be_paused', 'can_be_verified'],
  invoice_invalid: ['can_attach_invoice', 'can_be_paused'],
  needs_correction: ['can_be_cancelled', 'can_be_paused'],
  payout_pending: ['can_be_incorrect', 'can_be_paid_out', 'can_be_paused'],
  exported: ['can_be_incorrect', 'can_be_paid_out', 'can_cancel_export'],
  paid_out: ['can_be_cancelled'],
  on_hold: ['can_be_resumed'],
  incorrect: ['can_be_cancelled'],
  cancelled: [],
};
const trueOf = (f: PaymentFlags) => (Object.keys(f) as (keyof PaymentFlags)[]).filter((k) => f[k]).sort();

describe('paymentFlags', () => {
  it('gives an admin exactly the flags of the lifecycle table for an invoice payment outside a bucket', () => {
    for (const state of PAYMENT_STATES) expect([state, trueOf(paymentFlags({ state, type: 'invoice', bucketId: null }, ['admin']))]).toEqual([state, TABLE[state]]);
  });

  it('attaches invoices to invoice payments only, and never cancels a reversal', () => {
    expect(paymentFlags({ state: 'new', type: 'self_billing', bucketId: null }, ['admin']).can_attach_invoice).toBe(false);
    expect(trueOf(paymentFlags({ state: 'paid_out', type: 'reversal', bucketId: null }, ['admin']))).toEqual([]);
  });

  it('adds to a bucket only outside one, removes from it until exported', () => {
    const inBucket = (state: (typeof PAYMENT_STATES)[number]) => paymentFlags({ state, type: 'invoice', bucketId: 7 }, ['payment_buckets']);
    expect(trueOf(inBucket('new'))).toEqual(['can_be_removed_from_bucket']);
    expect(inBucket('payout_pending').can_be_removed_from_bucket).toBe(true);
    expect(inBucket('exported').can_be_removed_from_bucket).toBe(false);
    expect(inBucket('paid_out').can_be_removed_from_bucket).toBe(false);
  });

  it('gives each role only its flags (spec 3, section 6)', () => {
    const of = (state: (typeof PAYMENT_STATES)[number], roles: string[]) => trueOf(paymentFlags({ state, type: 'invoice', bucketId: null }, roles));
    expect(of('new', ['payments'])).toEqual([]);
    expect(of('new', ['payments_pause_and_resume'])).toEqual(['can_be_paused']);
    expect(of('on_hold', ['payments_pause_and_resume'])).toEqual(['can_be_resumed']);
    expect(of('new', ['payments_cancel'])).toEqual(['can_be_cancelled']);
    expect(of('new', ['payments_verify'])).toEqual(['can_attach_invoice']);
    expect(of('new', ['payment_buckets'])).toEqual(['can_be_added_to_bucket']);
    expect(of('invoice_added', ['payments_verify'])).toEqual(['can_attach_invoice', 'can_be_verified']);
    expect(of('exported', ['payments_verify'])).toEqual(['can_be_paid_out']);
    expect(of('exported', ['payments_admin'])).toEqual(['can_be_incorrect', 'can_be_paid_out', 'can_cancel_export']);
    expect(of('paid_out', ['payments_admin'])).toEqual(['can_be_cancelled']);
  });
});
