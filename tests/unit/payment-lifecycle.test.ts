import { describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentFlags } from '../../src/shared/entities/payment.js';
import { FLAG_ROLES, LIFECYCLE, paymentFlags, TRANSITIONS, transitionRoles } from '../../src/shared/payment-lifecycle.js';

// DOMAIN.md "Payment lifecycle", written out again by hand: the flags each state gives an admin. The payee can be
// refreshed until a payment file holds the payment ("Payment run" step 6).
const TABLE: Record<string, (keyof PaymentFlags)[]> = {
  new: ['can_attach_invoice', 'can_be_added_to_bucket', 'can_be_cancelled', 'can_be_paused', 'can_refresh_payee'],
  invoice_added: ['can_attach_invoice', 'can_be_paused', 'can_be_verified', 'can_refresh_payee'],
  invoice_invalid: ['can_attach_invoice', 'can_be_paused', 'can_refresh_payee'],
  needs_correction: ['can_be_cancelled', 'can_be_paused', 'can_refresh_payee'],
  payout_pending: ['can_be_incorrect', 'can_be_paid_out', 'can_be_paused', 'can_refresh_payee'],
  exported: ['can_be_incorrect', 'can_be_paid_out', 'can_cancel_export'],
  paid_out: ['can_be_cancelled'],
  on_hold: ['can_be_resumed', 'can_refresh_payee'],
  incorrect: ['can_be_cancelled'],
  cancelled: [],
};
const trueOf = (f: PaymentFlags) => (Object.keys(f) as (keyof PaymentFlags)[]).filter((k) => f[k] === true).sort();

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

describe('TRANSITIONS', () => {
  it('names, for each state-only transition, a flag some state allows, its roles and a real target state', () => {
    for (const [name, t] of Object.entries(TRANSITIONS)) {
      expect([name, PAYMENT_STATES.some((s) => LIFECYCLE[s].includes(t.flag))]).toEqual([name, true]);
      expect(transitionRoles(name as keyof typeof TRANSITIONS)).toBe(FLAG_ROLES[t.flag]);
      expect([name, t.to === 'state_before_hold' || (PAYMENT_STATES as readonly string[]).includes(t.to)]).toEqual([name, true]);
    }
  });
});

describe('four eyes', () => {
  const p = { state: 'payout_pending' as const, type: 'invoice' as const, bucketId: null, fourEyes: true, verifiedById: 7 };
  it('keeps the verifier from paying out, with the rule as the reason; others and organizations without it are not kept', () => {
    expect(paymentFlags(p, ['admin'], 7)).toMatchObject({ can_be_paid_out: false, flag_reasons: { can_be_paid_out: 'four_eyes_verifier_pays_out' } });
    expect(paymentFlags(p, ['admin'], 8)).toMatchObject({ can_be_paid_out: true, flag_reasons: {} });
    expect(paymentFlags({ ...p, fourEyes: false }, ['admin'], 7)).toMatchObject({ can_be_paid_out: true, flag_reasons: {} });
  });
  it('gives no reason where the state or the roles already say no', () => {
    expect(paymentFlags({ ...p, state: 'paid_out' }, ['admin'], 7).flag_reasons).toEqual({});
    expect(paymentFlags(p, ['payments'], 7).flag_reasons).toEqual({});
  });
});
