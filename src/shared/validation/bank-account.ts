import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { coerce, define, string } from 'superstruct';

/** IBAN: upper-case without spaces, length for its country and mod-97 check (ibantools). */
export const iban = () =>
  coerce(
    define<string>('iban', (v) => (typeof v === 'string' && isValidIBAN(v)) || 'invalid'),
    string(),
    (s) => electronicFormatIBAN(s) ?? s.trim(),
  );

/** BIC (ISO 9362), upper-case without spaces. */
export const bic = () =>
  coerce(
    define<string>('bic', (v) => (typeof v === 'string' && isValidBIC(v)) || 'invalid'),
    string(),
    (s) => s.replace(/\s/g, '').toUpperCase(),
  );

/** IBANs and account numbers are shown in blocks of 4 characters (spec 2, "Payment-methods tab"). */
export const inBlocksOf4 = (value: string | null | undefined) => (value ?? '').replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
