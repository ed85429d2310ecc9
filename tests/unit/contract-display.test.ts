import { describe, expect, it } from 'vitest';
import { applicable } from '../../commands/contracts';
import { revenueShareText } from '../../src/client/features/contracts/revenue-share-text';
import { terminationPending } from '../../src/client/features/contracts/termination';
import type { RevenueShare, TerminationRequest } from '../../src/client/features/contracts/contract';

const t = (key: string, vars?: Record<string, string | number>) => (vars ? `${key.split('.').pop()} ${Object.values(vars).join(' ')}` : key.split('.').pop()!);
const share = (s: Partial<RevenueShare>): RevenueShare => ({ id: 1, type: 'all', formula: 'rev_share', rev_share: null, baseline: null, fixed_income: null, threshold: null, ...s });
const iso = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('contract display', () => {
  it('shows a share as its percentage, with the baseline, fixed amount or cap only when not zero (spec 2, 2)', () => {
    expect(revenueShareText(share({ rev_share: '72.5000', baseline: '0.00' }), 'EUR', t, 'en')).toBe('all: 72.5 %');
    expect(revenueShareText(share({ type: 'indirect', rev_share: '65.0000', baseline: '100.00' }), 'EUR', t, 'en')).toBe('indirect: 65 % (baseline 100.00 EUR)');
    expect(revenueShareText(share({ type: 'red', formula: 'cap', rev_share: '70', threshold: '5000.00' }), 'EUR', t, 'de')).toBe('red: 70 % (cap 5.000,00 EUR)');
    expect(revenueShareText(share({ type: 'direct', formula: 'fixed_income', fixed_income: '250.00' }), 'JPY', t, 'en')).toBe('direct: fixed 250 JPY');
  });

  it('calls a termination pending while its request is not refused and the contract not terminated', () => {
    const request = (state: TerminationRequest['state']) => ({ id: 1, state, state_pending: state === 'pending' }) as TerminationRequest;
    expect(terminationPending({ state: 'signed', termination_request: request('pending') })).toBe(true);
    expect(terminationPending({ state: 'signed', termination_request: request('approved') })).toBe(true);
    expect(terminationPending({ state: 'signed', termination_request: request('rejected') })).toBe(false);
    expect(terminationPending({ state: 'terminated', termination_request: request('approved') })).toBe(false);
    expect(terminationPending({ state: 'signed', termination_request: null })).toBe(false);
  });

  it('enables apply only for a signed amendment whose apply_on has come (spec 2, 4)', () => {
    expect(applicable({ state: 'signed', apply_on: iso(-1), can_apply: true })).toEqual({ enabled: true });
    expect(applicable({ state: 'signed', apply_on: iso(1), can_apply: false })).toEqual({ enabled: false, reason: 'contracts.reasons.apply_on_future' });
    expect(applicable({ state: 'signed', apply_on: null, can_apply: false })).toEqual({ enabled: false, reason: 'contracts.reasons.apply_on_future' });
    expect(applicable({ state: 'approval_pending', apply_on: iso(-1), can_apply: false })).toEqual({ enabled: false, reason: 'contracts.reasons.amendment_not_signed' });
  });
});
