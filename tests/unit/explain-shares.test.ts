import { describe, expect, it } from 'vitest';
import type { ContractShareType } from '../../src/shared/entities/contract';
import { convert, formatDecimal, money, percentage, toDecimal } from '../../src/shared/money.js';
import { contractLineItems, explainShares, type ShareTerms } from '../../src/shared/payment-math.js';

const revShare: ShareTerms = { formula: 'rev_share', rev_share: '30', baseline: '100.00', fixed_income: null, threshold: null };
const cap: ShareTerms = { formula: 'cap', rev_share: '50', baseline: null, fixed_income: null, threshold: '20.00' };
const RATE = '0.9';

/** Two sources under `indirect` (rev share) and one under `red` (cap), split 50/50 by the run's code. */
function runItems() {
  const usd = [
    { source_id: 1, share_type: 'indirect' as ContractShareType, usd: '1000.40' },
    { source_id: 2, share_type: 'indirect' as ContractShareType, usd: '371.33' },
    { source_id: 3, share_type: 'red' as ContractShareType, usd: '100' },
  ];
  const shares = new Map<ContractShareType, ShareTerms>([['indirect', revShare], ['red', cap]]);
  const converted = usd.map((u) => ({ source_id: u.source_id, share_type: u.share_type, revenue: convert(money(u.usd, 'USD'), { base: 'USD', target: 'EUR', rate: toDecimal(RATE) }) }));
  const items = contractLineItems(shares, converted, [percentage('50'), percentage('50')], 'EUR');
  const lines = items[0].map((it) => ({ share_type: it.share_type, source_id: it.source_id, revenue_usd: usd.find((u) => u.source_id === it.source_id)!.usd, revenue: it.row.revenue.amount.toFixed(), amount: it.amount }));
  return { shares, lines, items };
}

describe('explainShares (vendor statements)', () => {
  it('fills the formula with the run’s numbers and the vendor part is the sum of its lines', () => {
    const { shares, lines, items } = runItems();
    const out = explainShares(lines, shares, 'EUR');
    // R = (1000.40 + 371.33) × 0.9 = 1234.557; max(1234.557 - 100, 0) × 30% = 340.3671 → 340.37
    expect(out[0]).toEqual({
      share_type: 'indirect',
      revenue_usd: '1371.73',
      revenue: '1234.557',
      share_amount: '340.37',
      formula_text: 'max(1234.557 - 100.00, 0) × 30% = 340.37',
      amount: items[0].filter((i) => i.share_type === 'indirect').reduce((a, i) => a.plus(toDecimal(i.amount)), toDecimal('0')).toFixed(2),
    });
    // 50% of 340.37 by largest remainder: one vendor 170.19, the other 170.18.
    expect(['170.18', '170.19']).toContain(out[0].amount);
    expect(out[1]).toMatchObject({ share_type: 'red', revenue: '90', share_amount: '20.00', formula_text: 'min(90 × 50%, 20.00) = 20.00', amount: '10.00' });
  });

  it('a reversal’s negated lines show the cancelled payment’s formula negated', () => {
    const { shares, lines } = runItems();
    const negated = lines.map((l) => ({ ...l, revenue_usd: toDecimal(l.revenue_usd).negated().toFixed(), revenue: toDecimal(l.revenue).negated().toFixed(), amount: toDecimal(l.amount).negated().toFixed(2) }));
    const [indirect] = explainShares(negated, shares, 'EUR', { reversal: true });
    expect(indirect.revenue).toBe('-1234.557');
    expect(indirect.share_amount).toBe('-340.37');
    expect(indirect.formula_text).toBe('-(max(1234.557 - 100.00, 0) × 30% = 340.37)');
    expect(toDecimal(indirect.amount).isNegative()).toBe(true);
  });

  it('writes numbers in the reader’s locale and leaves the formula out when the terms are gone', () => {
    const { shares, lines } = runItems();
    const de = explainShares(lines, shares, 'EUR', { format: (v) => formatDecimal(v, 'de-DE') });
    expect(de[0].formula_text).toBe('max(1.234,557 - 100, 0) × 30% = 340,37');
    const gone = explainShares(lines, new Map([['red', cap]]), 'EUR');
    expect(gone[0]).toMatchObject({ share_type: 'indirect', share_amount: null, formula_text: null });
    expect(gone[1].formula_text).not.toBeNull();
  });
});
