import { define, object, type Infer } from 'superstruct';
import { blankable, required, type ValidationResult } from './core.js';
import { isoCode, trimmed, validateWith } from './fields.js';

/** A BIC (SWIFT code): bank, country, location and an optional branch; stored upper-case. */
const bic = () =>
  define<string>('bic', (v) => (typeof v === 'string' && /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v.trim().toUpperCase())) || 'invalid');

/** Bank form (spec 1, 2.6 and 5): all required but the BIC. */
export const bankStruct = (countries?: ReadonlySet<string>) =>
  object({
    name: required(trimmed()),
    street: required(trimmed()),
    postal_code: required(trimmed()),
    city: required(trimmed()),
    country_code: required(isoCode(2, countries)),
    bic: blankable(bic()),
    bank_key: required(trimmed()),
  });

export type BankInput = Infer<ReturnType<typeof bankStruct>>;

export function validateBank(value: unknown, countries?: ReadonlySet<string>): ValidationResult<BankInput> {
  return validateWith(bankStruct(countries), value);
}
