import { describe, expect, it } from 'vitest';
import type { ContractShareType } from '../../src/shared/entities/contract';
import { amount, compare, convert, money, percentage, splitByWeights, sum, toDecimal, type Amount, type Percentage } from '../../src/shared/money.js';
import {
  contractLineItems,
  isReverseCharge,
  paymentFigures,
  paymentTypeOf,
  shareAmount,
  shareTypeOf,
  type ShareTerms,
} from '../../src/shared/payment-math.js';

const terms = (t: Partial<ShareTerms> & Pick<ShareTerms, 'formula'>): ShareTerms => ({
  rev_share: null,
  baseline: null,
  fixed_income: null,
  threshold: null,
  ...t,
});
const pct = (...values: string[]) => values.map((v) => percentage(v));

describe('share types', () => {
  it('combined puts all but direct under all; separate groups as DOMAIN.md says', () => {
    expect(shareTypeOf('combined', 'adsense')).toBe('all');
    expect(shareTypeOf('combined', 'red')).toBe('all');
    expect(shareTypeOf('combined', 'direct')).toBe('direct');
    for (const t of ['adsense', 'audio_tier', 'channel_adjustments', 'recoupment', 'withholding_tax'] as const) {
      expect(shareTypeOf('separate', t)).toBe('indirect');
    }
    expect(shareTypeOf('separate', 'red')).toBe('red');
    expect(shareTypeOf('separate', 'ecommerce')).toBe('ecommerce');
    expect(shareTypeOf('separate', 'shorts')).toBe('shorts');
    expect(shareTypeOf('separate', 'direct')).toBe('direct');
  });
});

describe('formulas (exact, rounded by the caller)', () => {
  // Each row worked out by hand: [terms, R, exact result].
  const rows: [ShareTerms, string, string][] = [
    // max(1234.56 - 100, 0) × 30 / 100 = 1134.56 × 0.3 = 340.368
    [terms({ formula: 'rev_share', rev_share: '30', baseline: '100' }), '1234.56', '340.368'],
    // below the baseline: max(50 - 100, 0) = 0
    [terms({ formula: 'rev_share', rev_share: '30', baseline: '100' }), '50', '0'],
    // no baseline to speak of: 0.01 × 12.5% = 0.00125
    [terms({ formula: 'rev_share', rev_share: '12.5', baseline: '0' }), '0.01', '0.00125'],
    // fixed income ignores the revenue
    [terms({ formula: 'fixed_income', fixed_income: '500.00' }), '12345.67', '500'],
    // cap below the threshold: min(300 × 50%, 200) = 150
    [terms({ formula: 'cap', rev_share: '50', threshold: '200' }), '300', '150'],
    // cap above the threshold: min(1000 × 50%, 200) = 200
    [terms({ formula: 'cap', rev_share: '50', threshold: '200' }), '1000', '200'],
  ];
  it.each(rows)('%o of %s is %s', (t, r, expected) => {
    expect(compare(shareAmount(t, r as Amount), expected)).toBe(0);
  });

  it('refuses a formula without its param rather than guessing', () => {
    expect(() => shareAmount(terms({ formula: 'cap', rev_share: '50' }), '1' as Amount)).toThrow(/threshold/);
  });

  it('converts with the payout rate of the pair exactly', () => {
    // 1234.5678901234 USD × 0.9 = 1111.11110111106
    const eur = convert(money('1234.5678901234', 'USD'), { base: 'USD', target: 'EUR', rate: toDecimal('0.9') });
    expect([eur.amount.toFixed(), eur.currency]).toEqual(['1111.11110111106', 'EUR']);
  });
});

describe('split by weights (largest remainder)', () => {
  it('splits by revenue, ties to the earlier part, negative weights allowed', () => {
    // 25.01 × 60 / 100.01 = 15.0044995…, 25.01 × 40.01 / 100.01 = 10.0055004…: the cent left goes to the second.
    expect(splitByWeights(amount('25.01'), ['60', '40.01'] as Amount[], 2)).toEqual(['15.00', '10.01']);
    // 0.05 in halves: 0.025 each, the earlier gets the cent.
    expect(splitByWeights(amount('0.05'), ['1', '1'] as Amount[], 2)).toEqual(['0.03', '0.02']);
    // 24 over +100 and -20 (sum 80): 30 and -6.
    expect(splitByWeights(amount('24.00'), ['100', '-20'] as Amount[], 2)).toEqual(['30.00', '-6.00']);
    // weights summing to zero split equally
    expect(splitByWeights(amount('10.00'), ['5', '-5', '0'] as Amount[], 2)).toEqual(['3.34', '3.33', '3.33']);
    // a negative total splits as its opposite, negated
    expect(splitByWeights(amount('-0.05'), ['1', '1'] as Amount[], 2)).toEqual(['-0.03', '-0.02']);
    expect(splitByWeights(amount('1'), [], 2)).toEqual([]);
  });

  it('property: parts always add up to the whole and stay within a unit of the exact share', () => {
    let seed = 0x5eed;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const int = (below: number) => Math.floor(random() * below);
    const failures: unknown[] = [];
    for (let run = 0; run < 1000; run += 1) {
      const digits = [0, 2, 3][int(3)];
      const units = `${int(10) === 0 ? '-' : ''}${int(10 ** (1 + int(12)))}`;
      const total = amount(toDecimal(units).dividedBy(10 ** digits).toFixed(digits));
      const weights = Array.from({ length: 1 + int(12) }, () => `${int(5) === 0 ? '-' : ''}${int(10 ** (1 + int(8)))}.${int(10_000)}` as Amount);
      const parts = splitByWeights(total, weights, digits);
      let sumW = weights.reduce((a, w) => a.plus(toDecimal(w)), toDecimal('0'));
      const ws = sumW.isZero() ? weights.map(() => toDecimal('1')) : weights.map((w) => toDecimal(w));
      if (sumW.isZero()) sumW = toDecimal(String(weights.length));
      const unit = toDecimal('1').dividedBy(10 ** digits);
      const close = parts.every((p, i) => toDecimal(p).minus(toDecimal(total).times(ws[i]).dividedBy(sumW)).abs().lessThan(unit));
      if (compare(sum(parts), total) !== 0 || !close) failures.push({ total, weights, parts });
    }
    expect(failures).toEqual([]);
  });
});

describe('payment type, VAT, withholding and total', () => {
  it('takes the organization override before the vendor tax info', () => {
    expect(paymentTypeOf('self_billing', false)).toBe('self_billing');
    expect(paymentTypeOf('invoice', true)).toBe('invoice');
    expect(paymentTypeOf('none', true)).toBe('self_billing');
    expect(paymentTypeOf(null, false)).toBe('invoice');
  });

  it('reverse charge only for an EU vendor with an EU VAT id in another EU country', () => {
    expect(isReverseCharge('AT', 'ATU12345678', 'DE')).toBe(true);
    expect(isReverseCharge('DE', 'DE123456789', 'DE')).toBe(false);
    expect(isReverseCharge('AT', null, 'DE')).toBe(false);
    expect(isReverseCharge('AT', '  ', 'DE')).toBe(false);
    expect(isReverseCharge('US', 'X', 'DE')).toBe(false);
    expect(isReverseCharge(null, 'ATU12345678', 'DE')).toBe(false);
  });

  // [amount, vat %, wht %, fee, reverse charge, vat, wht, total], each worked out by hand.
  const rows: [string, string | null, string, string, boolean, string, string, string][] = [
    // 1000 × 19% = 190; 1000 × 15% = 150; 1000 + 190 - 150 - 2.50 = 1037.50
    ['1000.00', '19', '15', '2.50', false, '190.00', '150.00', '1037.50'],
    // reverse charge: VAT 0; 1000 - 150 = 850
    ['1000.00', '19', '15', '0', true, '0.00', '150.00', '850.00'],
    // 33.33 × 19% = 6.3327 → 6.33; 33.33 × 7.5% = 2.49975 → 2.50; 33.33 + 6.33 - 2.50 = 37.16
    ['33.33', '19', '7.5', '0', false, '6.33', '2.50', '37.16'],
    // half up: 0.50 × 5% = 0.025 → 0.03; total 0.53
    ['0.50', '5', '0', '0', false, '0.03', '0.00', '0.53'],
    // no VAT percentage on file: none charged
    ['10.00', null, '0', '0', false, '0.00', '0.00', '10.00'],
    // negative (reversal-like) amounts round away from zero: -0.50 × 5% = -0.025 → -0.03
    ['-0.50', '5', '0', '0', false, '-0.03', '0.00', '-0.53'],
  ];
  it.each(rows)('%s at VAT %s, WHT %s, fee %s, reverse charge %s', (amt, vat, wht, fee, rc, vatAmount, whtAmount, total) => {
    const f = paymentFigures({
      amount: amount(amt),
      currency: 'EUR',
      vatPercentage: vat === null ? null : percentage(vat),
      whtPercentage: percentage(wht),
      fee: amount(fee),
      reverseCharge: rc,
    });
    expect([f.vat_amount, f.wht_amount, f.total_amount]).toEqual([vatAmount, whtAmount, total]);
    expect(f.reverse_charge).toBe(rc);
  });

  it('rounds to the currency unit (JPY has none)', () => {
    // 1001 × 10% = 100.1 → 100; 1001 × 20.5% = 205.205 → 205; 1001 + 100 - 205 = 896
    const f = paymentFigures({ amount: amount('1001'), currency: 'JPY', vatPercentage: percentage('10'), whtPercentage: percentage('20.5'), reverseCharge: false });
    expect([f.vat_amount, f.wht_amount, f.fee, f.total_amount]).toEqual(['100', '205', '0', '896']);
  });
});

describe('a contract turned into line items', () => {
  it('rounds each share once, splits it across vendors, then across sources by revenue', () => {
    const shares = new Map<ContractShareType, ShareTerms>([
      ['all', terms({ formula: 'rev_share', rev_share: '50', baseline: '0' })],
      ['direct', terms({ formula: 'fixed_income', fixed_income: '100' })],
    ]);
    const items = contractLineItems(
      shares,
      [
        { source_id: 1, share_type: 'all', revenue: money('60.00', 'EUR') },
        { source_id: 2, share_type: 'all', revenue: money('40.01', 'EUR') },
        { source_id: 3, share_type: 'direct', revenue: money('7', 'EUR') },
      ],
      pct('50', '50') as Percentage[],
      'EUR',
    );
    const view = items.map((v) => v.map((i) => [i.source_id, i.share_type, i.amount]));
    // all: 100.01 × 50% = 50.005 → 50.01 (rounded once); vendors 25.005 each → 25.01 (earlier) and 25.00.
    // vendor 1: 25.01 over 60 / 40.01 → 15.0045 / 10.0055 → 15.00 + 10.01.
    // vendor 2: 25.00 over 60 / 40.01 → 14.9985 / 10.0015 → 15.00 + 10.00.
    // direct: fixed 100 → 50.00 each.
    expect(view).toEqual([
      [[1, 'all', '15.00'], [2, 'all', '10.01'], [3, 'direct', '50.00']],
      [[1, 'all', '15.00'], [2, 'all', '10.00'], [3, 'direct', '50.00']],
    ]);
    // the exact part before rounding: 50.005 × 50% × 60 / 100.01
    expect(compare(items[0][0].amount_raw, toDecimal('50.005').times('0.5').times(60).dividedBy('100.01'))).toBe(0);
    expect(sum(items.flat().map((i) => i.amount))).toBe('150.01');
  });

  it('refuses revenue under a share the contract does not have', () => {
    expect(() => contractLineItems(new Map(), [{ source_id: 1, share_type: 'red', revenue: money('1', 'EUR') }], pct('100'), 'EUR')).toThrow(/red/);
  });
});
