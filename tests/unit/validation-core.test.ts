import { array, object, type Struct } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  addError,
  atLeast,
  atMost,
  blankable,
  check,
  decimal,
  digits,
  email,
  hexColor,
  isoDate,
  minLength,
  required,
  splitMessageKey,
  text,
} from '../../src/shared/validation/core.js';
import { emailAddress, trimmed } from '../../src/shared/validation/fields.js';
import { compare, wireDecimal } from '../../src/shared/money.js';

/** Money's comparison of two payload decimals, as `atLeast` / `atMost` compare them. */
const compareDecimal = (a: string | number, b: string | number) => compare(wireDecimal(a)!, wireDecimal(b)!);

/** The errors of one value checked on its own, under the field name `v`. */
function errorsOf<T, S>(struct: Struct<T, S>, value: unknown) {
  const result = check(object({ v: struct as Struct<unknown, unknown> }), { v: value });
  return result.ok ? undefined : result.errors.v;
}

describe('required and blankable', () => {
  it.each([null, undefined, '', '   '])('required: %j is blank', (value) => {
    expect(errorsOf(required(text()), value)).toEqual(['blank']);
  });

  it('required: a present value must then satisfy the struct', () => {
    expect(errorsOf(required(text()), 'x')).toBeUndefined();
    expect(errorsOf(required(email()), 'x')).toEqual(['invalid']);
    expect(errorsOf(required(minLength(text(), 3)), 'ab')).toEqual(['too_short']);
  });

  it.each([null, undefined, '', '  '])('blankable: %j passes', (value) => {
    expect(errorsOf(blankable(email()), value)).toBeUndefined();
  });

  it('blankable: a present value must satisfy the struct, refinements included', () => {
    expect(errorsOf(blankable(email()), 'nope')).toEqual(['invalid']);
    expect(errorsOf(blankable(atLeast(decimal(), '0')), '-1')).toEqual(['greater_than_or_equal_to']);
    expect(errorsOf(blankable(atLeast(decimal(), '0')), '1')).toBeUndefined();
  });

  it('a missing key of an object is blank, and unknown keys are dropped', () => {
    const Thing = object({ name: required(text()), note: blankable(text()) });
    expect(check(Thing, {})).toEqual({ ok: false, errors: { name: ['blank'] } });
    expect(check(Thing, { name: 'a', password_digest: 'x' })).toEqual({ ok: true, value: { name: 'a' } });
  });
});

describe('formats', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@example.co.uk', true],
    [' a@b.co ', true],
    ['a@b', false],
    ['a b@c.de', false],
    ['@b.de', false],
    [42, false],
  ])('email %j: %s', (value, ok) => {
    expect(errorsOf(email(), value)).toEqual(ok ? undefined : ['invalid']);
  });

  it.each([
    ['#abc', true],
    ['#AABBCC', true],
    ['#a1B2c3', true],
    ['abc', false],
    ['#abcd', false],
    ['#abcdeg', false],
    ['#aabbccdd', false],
  ])('hexColor %j: %s', (value, ok) => {
    expect(errorsOf(hexColor(), value)).toEqual(ok ? undefined : ['invalid']);
  });

  it.each([
    ['123', true],
    ['012', true],
    ['12', false],
    ['1234', false],
    ['12a', false],
    [' 123', false],
    [123, false],
  ])('digits(3) %j: %s', (value, ok) => {
    expect(errorsOf(digits(3), value)).toEqual(ok ? undefined : ['invalid']);
  });

  it.each([
    ['1', true],
    ['-1.50', true],
    ['0.0001', true],
    ['123456789012345678901234.5', true],
    [12.5, true],
    ['1.', false],
    ['.5', false],
    ['1e5', false],
    ['1,5', false],
    ['abc', false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('decimal %j: %s', (value, ok) => {
    expect(errorsOf(decimal(), value)).toEqual(ok ? undefined : ['invalid']);
  });

  it.each([
    ['2024-02-29', true],
    ['2023-02-28', true],
    ['2023-02-29', false],
    ['2024-04-31', false],
    ['2024-13-01', false],
    ['2024-1-01', false],
    ['01.02.2024', false],
    ['2024-01-01T00:00:00Z', false],
  ])('isoDate %j: %s', (value, ok) => {
    expect(errorsOf(isoDate(), value)).toEqual(ok ? undefined : ['invalid']);
  });
});

describe('atLeast and atMost', () => {
  const Rate = required(atMost(atLeast(decimal(), '0'), '100'));

  it.each([
    ['0', undefined],
    ['-0', undefined],
    ['0.00', undefined],
    ['100', undefined],
    ['100.000', undefined],
    ['99.9999999999999999999', undefined],
    ['-0.0000000000000000001', ['greater_than_or_equal_to']],
    ['-5', ['greater_than_or_equal_to']],
    ['100.0000000000000000001', ['less_than_or_equal_to']],
    ['1000', ['less_than_or_equal_to']],
  ])('a rate of %j', (value, errors) => {
    expect(errorsOf(Rate, value)).toEqual(errors);
  });
});

describe('comparing payload decimals', () => {
  it.each([
    ['1', '2', -1],
    ['2', '1', 1],
    ['10', '9', 1],
    ['-10', '-9', -1],
    ['-1', '1', -1],
    ['1', '-1', 1],
    ['1.10', '1.1', 0],
    ['001.5', '1.50', 0],
    ['-0', '0', 0],
    ['-0', '0.000', 0],
    ['-0.0', '-0', 0],
    ['-0', '0.5', -1],
    ['0.5', '-0', 1],
    ['-0', '-0.5', 1],
    ['-0.5', '-0', -1],
    ['-0.5', '0', -1],
    ['0', '-0.5', 1],
    [' 3 ', '3', 0],
    ['0.1', '0.09999999999999999999999999', 1],
    ['0.30000000000000000000001', '0.3', 1],
    // 0.1 + 0.2 in floating point is 0.30000000000000004: decimal strings don't pass through floats.
    ['0.30000000000000004', '0.3', 1],
    ['9007199254740993', '9007199254740992', 1],
    ['12345678901234567890.1', '12345678901234567890.01', 1],
    ['-12345678901234567890.1', '-12345678901234567890.01', -1],
    ['999', '1000', -1],
    ['-999', '-1000', 1],
  ])('%s vs %s is %i', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
    expect(compareDecimal(b, a)).toBe(-expected || 0);
  });

  it('takes numbers as they are written', () => {
    expect(compareDecimal(0, '0.00')).toBe(0);
    expect(compareDecimal(100, '99.99')).toBe(1);
    expect(compareDecimal(-0, 0)).toBe(0);
    expect(compareDecimal(1e-7, 1)).toBe(-1);
    expect(compareDecimal(1e-7, 0)).toBe(1);
    expect(compareDecimal(-1e-7, 0)).toBe(-1);
    expect(compareDecimal(1e21, '999999999999999999999')).toBe(1);
    expect(compareDecimal(1.5e-10, '0.00000000015')).toBe(0);
  });
});

describe('failuresToErrors', () => {
  const Contact = object({ name: required(text()), email: required(email()) });
  const Vendor = object({
    name: required(text()),
    address: object({ city: required(text()), postal_code: required(digits(5)) }),
    contacts: array(Contact),
  });

  it('nests errors for objects and lists', () => {
    const result = check(Vendor, {
      name: '',
      address: { city: 'Berlin', postal_code: '1234' },
      contacts: [
        { name: 'Ada', email: 'ada@example.com' },
        { name: 'Bob', email: 'not-an-email' },
        { name: '', email: '' },
      ],
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: ['blank'],
        address: { postal_code: ['invalid'] },
        contacts: { 1: { email: ['invalid'] }, 2: { name: ['blank'], email: ['blank'] } },
      },
    });
  });

  it('reports a missing nested object as blank and a wrong type as invalid', () => {
    expect(check(Vendor, { name: 'x', contacts: [] })).toEqual({ ok: false, errors: { address: ['blank'] } });
    expect(check(Vendor, { name: 'x', address: { city: 'a', postal_code: '12345' }, contacts: 'nope' })).toEqual({
      ok: false,
      errors: { contacts: ['invalid'] },
    });
  });

  it('addError adds to nested errors without duplicates', () => {
    const errors = { contacts: { 0: { email: ['invalid'] } } };
    addError(errors, ['contacts', 0, 'email'], 'already_used');
    addError(errors, ['contacts', 0, 'email'], 'already_used');
    addError(errors, [], 'invalid');
    expect(errors).toEqual({ contacts: { 0: { email: ['invalid', 'already_used'] } }, base: ['invalid'] });
  });
});

describe('length limits', () => {
  it('a text over its limit says too_long with the limit, which the message key carries', () => {
    expect(errorsOf(trimmed(), 'x'.repeat(10_000))).toEqual(['too_long:255']);
    expect(errorsOf(trimmed(), 'x'.repeat(255))).toBeUndefined();
    expect(errorsOf(emailAddress(), `${'a'.repeat(250)}@b.cd`)).toEqual(['too_long:254']);
    expect(splitMessageKey('too_long:255')).toEqual({ key: 'too_long', count: 255 });
    expect(splitMessageKey('blank')).toEqual({ key: 'blank' });
    expect(splitMessageKey('missing_currency_rate: USD->EUR, USD->JPY')).toEqual({ key: 'missing_currency_rate', detail: 'USD->EUR, USD->JPY' });
  });
});

describe('check on a list where a record belongs', () => {
  it('refuses it as a whole, with no error keyed by an index', () => {
    expect(check(object({ name: text() }), [{ name: 'x' }, { name: 1 }])).toEqual({ ok: false, errors: { base: ['invalid'] } });
    expect(check(array(object({ name: text() })), [{ name: 'x' }])).toEqual({ ok: true, value: [{ name: 'x' }] });
  });
});
