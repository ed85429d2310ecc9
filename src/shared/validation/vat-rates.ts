import { object, type Infer } from 'superstruct';
import { atLeast, atMost, required, type ValidationResult } from './core.js';
import { decimalText, isoCode, validateWith } from './fields.js';

/** VAT rate form (spec 1, 2.13 and 5): a country and a percentage from 0 to 100 (4 decimals). */
export const vatRateStruct = (countries?: ReadonlySet<string>) =>
  object({
    country_code: required(isoCode(2, countries)),
    rate: required(atMost(atLeast(decimalText(3, 4), '0'), '100')),
  });

export type VatRateInput = Infer<ReturnType<typeof vatRateStruct>>;

export function validateVatRate(value: unknown, countries?: ReadonlySet<string>): ValidationResult<VatRateInput> {
  return validateWith(vatRateStruct(countries), value);
}
