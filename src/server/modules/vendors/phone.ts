import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * A contact's phone number as the spec's read shows it beside what was typed: the country's calling
 * code (`+49`) and the number in E.164 (`+49221123456`), or null where the country is unknown or the
 * number cannot be one of that country's. Stored as typed; derived on read, so a better metadata
 * release fixes old rows too.
 */
export function phoneParts(countryCode: string, number: string): { phone_code: string | null; e164: string | null } {
  const country = countryCode.toUpperCase() as CountryCode;
  let phoneCode: string;
  try {
    phoneCode = `+${getCountryCallingCode(country)}`;
  } catch {
    return { phone_code: null, e164: null };
  }
  const parsed = parsePhoneNumberFromString(number, country);
  return { phone_code: phoneCode, e164: parsed?.isPossible() ? parsed.number : null };
}
