import { describe, expect, it } from 'vitest';
import { recordValues } from '../../src/client/kit/form/record-values';
import { trimDecimalZeros } from '../../src/client/kit/grid/format-money';

describe('recordValues', () => {
  const EMPTY = { name: '', bic: '', country_code: '' };

  it('keeps only the form fields and reads null as the empty value', () => {
    const record = { id: 3, name: 'Barclays', bic: null, country_code: 'GB', full_address: 'x', created_at: '2024-01-01T00:00:00Z' };
    expect(recordValues(EMPTY, record)).toEqual({ name: 'Barclays', bic: '', country_code: 'GB' });
  });

  it('fills fields the record lacks from the initial values', () => {
    expect(recordValues(EMPTY, { name: 'A' })).toEqual({ name: 'A', bic: '', country_code: '' });
  });
});

describe('trimDecimalZeros', () => {
  it.each([
    ['19.0000', '19'],
    ['7.5000', '7.5'],
    ['0.9215000000', '0.9215'],
    ['0.0000', '0'],
    ['100', '100'],
    ['10.0', '10'],
    ['-1.50', '-1.5'],
    ['1200', '1200'],
  ])('%s → %s', (value, expected) => {
    expect(trimDecimalZeros(value)).toBe(expected);
  });

  it('leaves what is not a decimal string alone', () => {
    expect(trimDecimalZeros('abc')).toBe('abc');
    expect(trimDecimalZeros(null)).toBe(null);
    expect(trimDecimalZeros(undefined)).toBe(undefined);
  });
});
