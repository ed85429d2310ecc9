import { describe, expect, it } from 'vitest';
import { shareSetOf, validateContract } from '../../src/shared/validation/contracts.js';

const vendor = (over: Record<string, unknown> = {}) => ({ vendor_id: 1, vendor_payment_method_id: 10, share_percentage: '100', vendor_contact_email_ids: [5], ...over });
const share = (over: Record<string, unknown> = {}) => ({ type: 'all', formula: 'rev_share', rev_share: '70', baseline: '0', ...over });
const base = (over: Record<string, unknown> = {}) => ({
  organization_id: 1,
  contract_type: 'adsense',
  currency: 'EUR',
  start_date: '2026-01-01',
  termination_period_months: 3,
  credit_note_type: 'short',
  template_name: 'standard',
  revenue_shares: [share()],
  contract_vendors: [vendor()],
  revenue_source_ids: [7],
  ...over,
});
const errorsOf = (value: unknown, ctx = {}) => {
  const r = validateContract(value, ctx);
  return r.ok ? {} : r.errors;
};

describe('contract form rules (spec 2, section 5)', () => {
  it('accepts a complete contract and keeps decimals as strings', () => {
    const r = validateContract(base({ contract_vendors: [vendor({ share_percentage: '60.5' }), vendor({ vendor_id: 2, share_percentage: '39.5' })] }));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.contract_vendors.map((v) => v.share_percentage)).toEqual(['60.5', '39.5']);
  });

  it('requires organization, start date, credit note type, contract type and currency', () => {
    const e = errorsOf({ revenue_shares: [share()], contract_vendors: [vendor()], revenue_source_ids: [1], template_name: 't', termination_period_months: 3 });
    for (const f of ['organization_id', 'start_date', 'credit_note_type', 'contract_type', 'currency']) expect(e[f]).toEqual(['blank']);
  });

  it('wants end date and termination possible from after the start', () => {
    const e = errorsOf(base({ end_date: '2026-01-01', termination_possible_from: '2025-12-31' }));
    expect(e.end_date).toEqual(['invalid']);
    expect(e.termination_possible_from).toEqual(['invalid']);
    expect(errorsOf(base({ end_date: '2026-01-02' })).end_date).toBeUndefined();
  });

  it('needs a template or a document, not both', () => {
    expect(errorsOf(base({ template_name: '' })).template_name).toEqual(['blank']);
    expect(errorsOf(base({ template_name: '' }), { hasDocument: true }).template_name).toBeUndefined();
    expect(errorsOf(base(), { hasDocument: true }).template_name).toEqual(['exclusive']);
  });

  it('refuses the same signer twice', () => {
    const e = errorsOf(base({ primary_signer_email: 'a@x.de', secondary_signer_email: 'A@x.de ' }));
    expect(e.secondary_signer_email).toEqual(['already_used']);
  });

  it('wants a termination period of at least 1 month', () => {
    expect(errorsOf(base({ termination_period_months: 0 })).termination_period_months).toEqual(['greater_than_or_equal_to:1']);
    expect(errorsOf(base({ termination_period_months: '' })).termination_period_months).toEqual(['blank']);
  });

  it('wants at least one share, vendor and source', () => {
    const e = errorsOf(base({ revenue_shares: [], contract_vendors: [], revenue_source_ids: [] }));
    expect(e.revenue_shares).toEqual(['too_few']);
    expect(e.contract_vendors).toEqual(['too_few']);
    expect(e.revenue_source_ids).toEqual(['too_few']);
  });

  it('checks each formula’s params and their ranges', () => {
    const e = errorsOf(
      base({
        revenue_share_params: 'separate',
        revenue_shares: [
          share({ type: 'indirect', rev_share: '100.01', baseline: '-1' }),
          share({ type: 'red', formula: 'fixed_income', rev_share: null, baseline: null, fixed_income: '-0.01' }),
          share({ type: 'direct', formula: 'cap', rev_share: '-1', baseline: null, threshold: '' }),
        ],
      }),
    ) as Record<string, Record<string, Record<string, string[]>>>;
    expect(e.revenue_shares[0]).toEqual({ rev_share: ['less_than_or_equal_to:100'], baseline: ['greater_than_or_equal_to:0'] });
    expect(e.revenue_shares[1]).toEqual({ fixed_income: ['greater_than_or_equal_to:0'] });
    expect(e.revenue_shares[2]).toEqual({ rev_share: ['greater_than_or_equal_to:0'], threshold: ['blank'] });
  });

  it('clears the params another formula had', () => {
    const r = validateContract(base({ revenue_shares: [share({ formula: 'fixed_income', fixed_income: '12.50', rev_share: '70', baseline: '3' })] }));
    expect(r.ok && r.value.revenue_shares[0]).toMatchObject({ fixed_income: '12.50', rev_share: null, baseline: null, threshold: null });
  });

  it('keeps the share sets apart: combined (all + direct) or separate', () => {
    expect(shareSetOf(['all', 'direct'])).toBe('combined');
    expect(shareSetOf(['indirect', 'direct', 'shorts'])).toBe('separate');
    expect(shareSetOf(['all', 'red'])).toBeUndefined();
    const mixed = errorsOf(base({ revenue_shares: [share(), share({ type: 'red' })] })) as Record<string, Record<string, Record<string, string[]>>>;
    expect(mixed.revenue_shares[0].type).toEqual(['invalid']);
    const named = errorsOf(base({ revenue_share_params: 'combined', revenue_shares: [share({ type: 'shorts' })] })) as Record<string, Record<string, Record<string, string[]>>>;
    expect(named.revenue_shares[0].type).toEqual(['invalid']);
    const twice = errorsOf(base({ revenue_shares: [share(), share()] })) as Record<string, Record<string, Record<string, string[]>>>;
    expect(twice.revenue_shares[1].type).toEqual(['already_used']);
  });

  it('wants vendor shares of 0-100 totalling exactly 100, computed in decimals', () => {
    const thirds = ['33.3333', '33.3333', '33.3334'].map((s, i) => vendor({ vendor_id: i + 1, share_percentage: s }));
    expect(errorsOf(base({ contract_vendors: thirds })).total_share_percentage).toBeUndefined();
    // 0.1 + 0.2 is not 0.3 in floating point; it is here.
    const tenths = ['0.1', '0.2', '99.7'].map((s, i) => vendor({ vendor_id: i + 1, share_percentage: s }));
    expect(errorsOf(base({ contract_vendors: tenths })).total_share_percentage).toBeUndefined();
    const short = errorsOf(base({ contract_vendors: [vendor({ share_percentage: '60' }), vendor({ vendor_id: 2, share_percentage: '39.99' })] }));
    expect(short.total_share_percentage).toEqual(['share_percentage_invalid']);
    const over = errorsOf(base({ contract_vendors: [vendor({ share_percentage: '101' })] })) as Record<string, Record<string, Record<string, string[]>>>;
    expect(over.contract_vendors[0].share_percentage).toEqual(['less_than_or_equal_to:100']);
  });

  it('refuses a vendor twice, an inactive vendor and a vendor without contact email', () => {
    const e = errorsOf(base({ contract_vendors: [vendor({ share_percentage: '50' }), vendor({ share_percentage: '50', vendor_contact_email_ids: [] })] })) as Record<
      string,
      Record<string, Record<string, string[]>>
    >;
    expect(e.contract_vendors[1]).toEqual({ vendor_id: ['already_used'], vendor_contact_email_ids: ['at_least_1_email'] });
    const inactive = errorsOf(base(), { inactiveVendorIds: new Set([1]) }) as Record<string, Record<string, Record<string, string[]>>>;
    expect(inactive.contract_vendors[0].vendor_id).toEqual(['invalid']);
  });

  it('lets only admins choose pro report templates', () => {
    expect(errorsOf(base({ report_templates: ['standard', 'pro_aa'] })).report_templates).toEqual(['admin_only']);
    expect(errorsOf(base({ report_templates: ['standard', 'pro_aa'] }), { mayUseProTemplates: true }).report_templates).toBeUndefined();
  });

  it('reads multipart fields (strings, numbered lists)', () => {
    const r = validateContract(
      base({ organization_id: '1', termination_period_months: '3', submit_for_approval: 'true', contract_vendors: { 0: { ...vendor(), vendor_id: '1', vendor_contact_email_ids: { 0: '5' } } } }),
    );
    expect(r.ok && r.value.submit_for_approval).toBe(true);
    expect(r.ok && r.value.contract_vendors[0].vendor_id).toBe(1);
  });
});
