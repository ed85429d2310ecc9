import { describe, expect, it } from 'vitest';
import { neighbourDates, validateAmendment, type AmendmentRuleContext } from '../../src/shared/validation/amendments.js';
import { splitMessageKey } from '../../src/shared/validation/message-key.js';

const share = (over: Record<string, unknown> = {}) => ({ type: 'all', formula: 'rev_share', rev_share: '70', baseline: '0', ...over });
const contract: AmendmentRuleContext['contract'] = {
  revenue_shares: [{ id: 3, type: 'all', formula: 'rev_share', rev_share: '70.0000', baseline: '0.00', fixed_income: null, threshold: null }],
  revenue_source_ids: [7, 8],
  contract_vendors: [{ vendor_id: 1, vendor_payment_method_id: 10 }, { vendor_id: 2, vendor_payment_method_id: 20 }],
};
const ctx = (over: Partial<AmendmentRuleContext> = {}): AmendmentRuleContext => ({ today: '2026-11-24', contract, ...over });
const base = (over: Record<string, unknown> = {}) => ({
  apply_on: '2026-12-01',
  primary_signer_email: 'a@remit.local',
  change_revenue_shares: true,
  revenue_shares: [share({ rev_share: '75' })],
  ...over,
});
type Tree = Record<string, unknown>;
const errorsOf = (value: unknown, c = ctx()): Tree => {
  const r = validateAmendment(value, c);
  return r.ok ? {} : (r.errors as Tree);
};

describe('amendment form rules (spec 2, section 5)', () => {
  it('accepts a share change and keeps decimals as strings', () => {
    const r = validateAmendment(base(), ctx());
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.revenue_shares[0]).toMatchObject({ rev_share: '75', baseline: '0', fixed_income: null });
      expect(r.value.revenue_source_ids).toEqual([]);
    }
  });

  it('requires apply_on, not in the past, between its neighbours', () => {
    expect(errorsOf(base({ apply_on: '' })).apply_on).toEqual(['blank']);
    expect(errorsOf(base({ apply_on: '2026-11-23' })).apply_on).toEqual(['in_the_past']);
    expect(errorsOf(base({ apply_on: '2026-11-24' })).apply_on).toBeUndefined();
    expect(errorsOf(base({ apply_on: '2027-01-01' }), ctx({ previousApplyOn: '2027-01-01' })).apply_on).toEqual(['after_date:2027-01-01']);
    expect(errorsOf(base({ apply_on: '2027-02-01' }), ctx({ nextApplyOn: '2027-02-01' })).apply_on).toEqual(['before_date:2027-02-01']);
    expect(errorsOf(base({ apply_on: '2027-01-15' }), ctx({ previousApplyOn: '2027-01-01', nextApplyOn: '2027-02-01' })).apply_on).toBeUndefined();
    expect(splitMessageKey('after_date:2027-01-01')).toEqual({ key: 'after_date', date: '2027-01-01' });
  });

  it('finds the neighbours by number, ignoring rejected and cancelled amendments', () => {
    const siblings = [
      { id: 1, number: 1, state: 'applied', apply_on: '2026-01-01' },
      { id: 2, number: 2, state: 'rejected', apply_on: '2026-06-01' },
      { id: 3, number: 3, state: 'draft', apply_on: '2026-03-01' },
      { id: 4, number: 4, state: 'signed', apply_on: '2026-09-01' },
    ];
    expect(neighbourDates(siblings, null)).toEqual({ previousApplyOn: '2026-09-01', nextApplyOn: null });
    expect(neighbourDates(siblings, { id: 3, number: 3 })).toEqual({ previousApplyOn: '2026-01-01', nextApplyOn: '2026-09-01' });
  });

  it('needs a document without signers, and distinct signers', () => {
    expect(errorsOf(base({ primary_signer_email: '' })).document).toEqual(['blank']);
    expect(errorsOf(base({ primary_signer_email: '' }), ctx({ hasDocument: true })).document).toBeUndefined();
    expect(errorsOf(base({ secondary_signer_email: 'A@remit.local' })).secondary_signer_email).toEqual(['already_used']);
  });

  it('needs at least one change: shares, sources, a document or a payment method', () => {
    const none = base({ change_revenue_shares: false });
    expect(errorsOf(none).base).toEqual(['revenue_shares_or_sources_required']);
    expect(errorsOf(none, ctx({ hasDocument: true })).base).toBeUndefined();
    expect(errorsOf({ ...none, amendment_vendors: [{ vendor_id: 1, vendor_payment_method_id: 10 }] }).base).toEqual(['revenue_shares_or_sources_required']);
    expect(errorsOf({ ...none, amendment_vendors: [{ vendor_id: 1, vendor_payment_method_id: 11 }] }).base).toBeUndefined();
  });

  it('refuses changed shares or sources equal to the contract’s (by value, in any order)', () => {
    expect(errorsOf(base({ revenue_shares: [share({ rev_share: '70.00', baseline: '0' })] })).revenue_shares).toEqual(['unchanged']);
    const sources = base({ change_revenue_shares: false, change_revenue_sources: true, revenue_source_ids: ['8', '7'] });
    expect(errorsOf(sources).revenue_source_ids).toEqual(['unchanged']);
    expect(errorsOf({ ...sources, revenue_source_ids: [7] }).revenue_source_ids).toBeUndefined();
  });

  it('needs at least one item when changing, with the contract’s share rules', () => {
    const e = errorsOf(base({ change_revenue_sources: true, revenue_shares: [], revenue_source_ids: [] }));
    expect(e.revenue_shares).toEqual(['too_few']);
    expect(e.revenue_source_ids).toEqual(['too_few']);
    const params = errorsOf(base({ revenue_shares: [share({ rev_share: '100.5', baseline: '' })] })) as Record<string, Record<string, Tree>>;
    expect(params.revenue_shares[0]).toEqual({ rev_share: ['less_than_or_equal_to:100'], baseline: ['blank'] });
    const mixed = errorsOf(base({ revenue_shares: [share(), share({ type: 'red' })] })) as Record<string, Record<string, Tree>>;
    expect(mixed.revenue_shares[1].type).toEqual(['invalid']);
  });

  it('sets methods only for the contract’s vendors, each once', () => {
    const e = errorsOf(
      base({
        amendment_vendors: [
          { vendor_id: 1, vendor_payment_method_id: 11 },
          { vendor_id: 1, vendor_payment_method_id: 12 },
          { vendor_id: 9, vendor_payment_method_id: 90 },
          { vendor_id: 2, vendor_payment_method_id: '' },
        ],
      }),
    ) as Record<string, Record<string, Tree>>;
    expect(e.amendment_vendors[1].vendor_id).toEqual(['already_used']);
    expect(e.amendment_vendors[2].vendor_id).toEqual(['invalid']);
    expect(e.amendment_vendors[3].vendor_payment_method_id).toEqual(['blank']);
  });

  it('reads multipart fields and stores unchanged lists empty', () => {
    const r = validateAmendment(
      { apply_on: '2026-12-01', primary_signer_email: 'a@remit.local', change_revenue_shares: 'false', change_revenue_sources: '1', revenue_shares: { 0: share() }, revenue_source_ids: { 0: '9' } },
      ctx(),
    );
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.change_revenue_sources).toBe(true);
      expect(r.value.revenue_source_ids).toEqual([9]);
      expect(r.value.revenue_shares).toEqual([]);
    }
  });
});
