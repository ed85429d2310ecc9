export interface AddressParts {
  street?: string | null;
  street_number?: string | null;
  postal_code?: string | null;
  city?: string | null;
  country_code?: string | null;
}

/**
 * One line for lists: "Street 1, 12345 City, Germany"; empty parts are left out. The country is named
 * by the caller: in English on the server, in the user's language in the browser.
 */
export function fullAddress(parts: AddressParts, countryName: (code: string) => string): string {
  const street = [parts.street, parts.street_number].filter(Boolean).join(' ');
  const place = [parts.postal_code, parts.city].filter(Boolean).join(' ');
  const country = parts.country_code ? countryName(parts.country_code) : '';
  return [street, place, country].filter(Boolean).join(', ');
}
