import countries from 'i18n-iso-countries';
import { fullAddress as addressLine, type AddressParts } from '../../shared/address.js';
import '../modules/config/reference.js'; // registers the English country names

/** The record's `full_address` as the API sends it: the country named in English. */
export function fullAddress(parts: AddressParts): string {
  return addressLine(parts, (code) => countries.getName(code, 'en') ?? code);
}
