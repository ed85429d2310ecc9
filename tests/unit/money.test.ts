import { describe, expect, it } from 'vitest';
import {
  add,
  amount,
  compare,
  convert,
  decimalInputText,
  formatAmount,
  formatDecimal,
  isDecimal,
  minorUnits,
  minus,
  money,
  type Money,
  multiply,
  parseDecimalInput,
  percentage,
  percentOf,
  plus,
  rate,
  roundTo,
  roundToCurrency,
  splitByPercentages,
  subtract,
  sum,
  toDecimal,
  total,
  type Percentage,
} from '../../src/shared/money.js';

describe('the decimal grammar', () => {
  it('takes digits with an optional point part and minus, nothing else', () => {
    for (const ok of ['0', '12', '-12', '12.5', '0.0000001', '007.10']) expect(isDecimal(ok)).toBe(true);
    for (const bad of ['', ' 1', '12,5', '1.234,5', '1,234.5', '1e5', '.5', '5.', '+1', '--1', 'NaN', 'Infinity', '0x10', '١٢']) {
      expect({ bad, ok: isDecimal(bad) }).toEqual({ bad, ok: false });
    }
  });

  it('checks digits before and after the point and the sign', () => {
    expect(isDecimal('123.4567', { intDigits: 3, fracDigits: 4 })).toBe(true);
    expect(isDecimal('1234.5', { intDigits: 3 })).toBe(false);
    expect(isDecimal('0001.5', { intDigits: 1 })).toBe(true);
    expect(isDecimal('1.23456', { fracDigits: 4 })).toBe(false);
    expect(isDecimal('-1', { negative: false })).toBe(false);
  });

  it('accepts the locale separator from people, only the point on the wire', () => {
    expect(parseDecimalInput('12,5', 'de')).toBe('12.5');
    expect(parseDecimalInput(' 12.5 ', 'de')).toBe('12.5');
    expect(parseDecimalInput('1.234,5', 'de')).toBeUndefined();
    expect(parseDecimalInput('12,5', 'en')).toBeUndefined();
    expect(parseDecimalInput('12.5', 'en')).toBe('12.5');
    expect(parseDecimalInput('12,555', 'de', { fracDigits: 2 })).toBeUndefined();
    expect(decimalInputText('12.5', 'de')).toBe('12,5');
    expect(decimalInputText('12.5', 'en')).toBe('12.5');
  });
});

describe('arithmetic', () => {
  it('is exact where floating point is not', () => {
    expect(add(amount('0.1'), amount('0.2'))).toBe('0.3');
    expect(subtract(amount('1.00'), amount('0.99'))).toBe('0.01');
    expect(sum([amount('0.1'), amount('0.2'), amount('0.3')])).toBe('0.6');
    expect(multiply(amount('1.15'), rate('100')).toFixed()).toBe('115');
    expect(sum([amount('99999999999999999.99'), amount('0.01')])).toBe('100000000000000000');
  });

  it('compares by value, whatever the zeros', () => {
    expect(compare('1.50', '1.5')).toBe(0);
    expect(compare('-0', '0')).toBe(0);
    expect(compare('-2', '-10')).toBe(1);
    expect(compare('10', '9.999999999999999999999')).toBe(1);
    expect(compare('-2', '-1')).toBe(-1);
    expect(compare('12345678901234567890.01', '12345678901234567890.001')).toBe(1);
    expect(compare(toDecimal('0.1'), '0.10000000000000000001')).toBe(-1);
    expect(() => compare('12,5', '1')).toThrow(TypeError);
  });

  it('refuses what is not a decimal when branding', () => {
    expect(() => amount('1e3')).toThrow(TypeError);
    expect(() => percentage('')).toThrow(TypeError);
    expect(amount(toDecimal('1.5').times(2))).toBe('3');
  });
});

describe('rounding', () => {
  it('rounds half away from zero to the currency minor units', () => {
    expect(minorUnits('EUR')).toBe(2);
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('BHD')).toBe(3);
    expect(roundToCurrency(toDecimal('2.345'), 'EUR')).toBe('2.35');
    expect(roundToCurrency(toDecimal('-2.345'), 'EUR')).toBe('-2.35');
    expect(roundToCurrency(toDecimal('2.344999'), 'EUR')).toBe('2.34');
    expect(roundToCurrency(toDecimal('1234.5'), 'JPY')).toBe('1235');
    expect(roundToCurrency(toDecimal('1.0005'), 'BHD')).toBe('1.001');
    expect(roundTo(amount('7'), 2)).toBe('7.00');
    // 1.005 is 1.00499999999999989... as a float; as a decimal it rounds up.
    expect(roundTo(amount('1.005'), 2)).toBe('1.01');
    expect(roundToCurrency(percentOf(amount('19.99'), percentage('19')), 'EUR')).toBe('3.80');
  });
});

describe('splitting by percentages', () => {
  const pct = (...values: string[]) => values.map(percentage);

  it('gives the left-over cents to the largest remainders', () => {
    expect(splitByPercentages(amount('100.00'), pct('33.3333', '33.3333', '33.3334'), 2)).toEqual(['33.33', '33.33', '33.34']);
    expect(splitByPercentages(amount('0.05'), pct('50', '50'), 2)).toEqual(['0.03', '0.02']);
    expect(splitByPercentages(amount('10'), pct('70', '30'), 0)).toEqual(['7', '3']);
    expect(splitByPercentages(amount('-0.05'), pct('50', '50'), 2)).toEqual(['-0.03', '-0.02']);
    expect(splitByPercentages(amount('100'), [], 2)).toEqual([]);
  });

  it('splits a share of the whole when the percentages do not add up to 100', () => {
    expect(splitByPercentages(amount('10.00'), pct('25', '25'), 2)).toEqual(['2.50', '2.50']);
    expect(splitByPercentages(amount('0.03'), pct('25', '25'), 2)).toEqual(['0.01', '0.01']);
  });

  it('always adds up to the whole (property test over seeded random amounts and shares)', () => {
    // A small deterministic generator (mulberry32): the same cases on every run, no new dependency.
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
      const total = amount(digits === 0 ? units : toDecimal(units).dividedBy(10 ** digits).toFixed(digits));
      // Shares in ten-thousandths of a percent that add up to exactly 100.
      const count = 1 + int(12);
      const cuts = Array.from({ length: count - 1 }, () => int(1_000_001)).sort((a, b) => a - b);
      const bounds = [0, ...cuts, 1_000_000];
      const shares: Percentage[] = bounds.slice(1).map((b, i) => percentage(toDecimal(String(b - bounds[i])).dividedBy(10_000)));
      const parts = splitByPercentages(total, shares, digits);
      // Each part is its exact share give or take one minor unit, and together they are the whole.
      const unit = toDecimal('1').dividedBy(10 ** digits);
      const close = parts.every((p, i) => toDecimal(p).minus(percentOf(total, shares[i])).abs().lessThan(unit));
      if (compare(sum(parts), total) !== 0 || !close) failures.push({ total, shares, parts });
    }
    expect(failures).toEqual([]);
  });
});

describe('formatting', () => {
  it('groups by locale and keeps every given digit', () => {
    expect(formatDecimal('1234.5', 'en', 2)).toBe('1,234.50');
    expect(formatDecimal('1234.5', 'de', 2)).toBe('1.234,50');
    expect(formatDecimal('12345678901234567.123456789', 'en')).toBe('12,345,678,901,234,567.123456789');
    expect(formatDecimal('abc', 'en')).toBe('abc');
    expect(formatAmount('1234.5', 'EUR', 'de')).toBe('1.234,50 EUR');
    expect(formatAmount('1234', 'JPY', 'en')).toBe('1,234 JPY');
  });
});

describe('money that carries its currency', () => {
  const usdToEur = { base: 'USD', target: 'EUR', rate: toDecimal('0.5') } as const;

  it('adds amounts of one currency, and EUR to USD only after a conversion with the pair\'s rate', () => {
    const eur = money('100', 'EUR');
    const usd = money('100', 'USD');
    // @ts-expect-error EUR plus USD does not compile: it needs a conversion first
    expect(() => plus(eur, usd)).toThrow(/cannot add USD to EUR without a conversion/);
    // @ts-expect-error nor does a sum of EUR with a USD amount in it
    expect(() => total('EUR', [eur, usd])).toThrow(/without a conversion/);
    const sum: Money<'EUR'> = plus(eur, convert(usd, usdToEur));
    expect([sum.amount.toFixed(), sum.currency]).toEqual(['150', 'EUR']);
    expect(minus(eur, money('0.01', 'EUR')).amount.toFixed()).toBe('99.99');
  });

  it('refuses at run time what data brings (currencies as strings) and a rate of another pair', () => {
    const fromRow = (currency: string): Money => money('1', currency);
    expect(() => plus(fromRow('EUR'), fromRow('USD'))).toThrow(/without a conversion/);
    expect(plus(fromRow('EUR'), fromRow('EUR')).amount.toFixed()).toBe('2');
    // @ts-expect-error a USD->EUR rate does not convert CHF
    expect(() => convert(money('1', 'CHF'), usdToEur)).toThrow(/cannot convert CHF/);
    expect(() => convert(fromRow('CHF'), { base: 'USD', target: 'EUR', rate: toDecimal('1') })).toThrow(/cannot convert CHF/);
  });
});
