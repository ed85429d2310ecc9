import countries from 'i18n-iso-countries';
import '../modules/config/reference.js'; // registers the English country names

/** One line for lists: "Street 1, 12345 City, Germany"; empty parts are left out. */
export function fullAddress(parts: { street?: string | null; postal_code?: string | null; city?: string | null; country_code?: string | null }): string {
  const country = parts.country_code ? (countries.getName(parts.country_code, 'en') ?? parts.country_code) : '';
  const place = [parts.postal_code, parts.city].filter(Boolean).join(' ');
  return [parts.street, place, country].filter(Boolean).join(', ');
}
