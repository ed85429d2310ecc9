import { object, type Infer } from 'superstruct';
import { addError, atLeast, type FieldErrors, isoDate, required, type ValidationResult } from './core.js';
import { decimalText, isoCode, validateWith } from './fields.js';

/** Currency rate form (spec 1, 2.9 and 5): a day, two currencies and a rate of at least 0. */
export const currencyRateStruct = (currencies?: ReadonlySet<string>) =>
  object({
    date: required(isoDate()),
    base_currency: required(isoCode(3, currencies)),
    target_currency: required(isoCode(3, currencies)),
    rate: required(atLeast(decimalText(10, 10), '0')),
  });

export type CurrencyRateInput = Infer<ReturnType<typeof currencyRateStruct>>;

/** A rate converts one currency into another: the same currency on both sides is meaningless. */
export function currencyRateRules(raw: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  const norm = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
  if (typeof raw.base_currency === 'string' && raw.base_currency.trim() !== '' && norm(raw.base_currency) === norm(raw.target_currency)) {
    addError(errors, ['target_currency'], 'invalid');
  }
  return errors;
}

export function validateCurrencyRate(value: unknown, currencies?: ReadonlySet<string>): ValidationResult<CurrencyRateInput> {
  return validateWith(currencyRateStruct(currencies), value, currencyRateRules);
}
