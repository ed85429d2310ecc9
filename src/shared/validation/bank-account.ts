import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { coerce, define, string } from 'superstruct';

/** National check digits ibantools does not check: Belgium's last two digits are the first ten modulo 97. */
const NATIONAL_CHECKS: Record<string, (bban: string) => boolean> = {
  BE: (bban) => (Number(bban.slice(0, 10)) % 97 || 97) === Number(bban.slice(10)),
};

/** An IBAN in electronic form: length for its country, mod-97 (ibantools) and the national check where known. */
export function isIban(value: string): boolean {
  const check = NATIONAL_CHECKS[value.slice(0, 2)];
  return isValidIBAN(value) && (!check || check(value.slice(4)));
}

/** IBAN: upper-case without the spaces, hyphens and dots people write in it. */
export const iban = () =>
  coerce(
    define<string>('iban', (v) => (typeof v === 'string' && isIban(v)) || 'invalid'),
    string(),
    (s) => electronicFormatIBAN(s.replace(/\./g, '')) ?? s.trim(),
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
