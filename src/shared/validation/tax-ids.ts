import { euVat, stdnum } from 'stdnum';
import { EU_COUNTRIES } from '../countries-eu.js';

/**
 * Tax identifiers of spec 2, section 5 "Tax info". Check digits come from `stdnum` (an offline port of
 * python-stdnum) wherever it covers a rule; the spec's own formats are checked on top, so a value must
 * pass both. Each function takes the value as typed and answers whether it is valid.
 */

const ok = (validator: { validate(v: string): { isValid: boolean } }, value: string) => {
  try {
    return validator.validate(value).isValid;
  } catch {
    return false;
  }
};

/** The 16 German states (ISO 3166-2), selectable as the region of a regional tax number. */
export const DE_REGIONS = [
  'DE-BW', 'DE-BY', 'DE-BE', 'DE-BB', 'DE-HB', 'DE-HH', 'DE-HE', 'DE-MV',
  'DE-NI', 'DE-NW', 'DE-RP', 'DE-SL', 'DE-SN', 'DE-ST', 'DE-SH', 'DE-TH',
] as const;
export type DeRegion = (typeof DE_REGIONS)[number];

/**
 * The nine written forms of a German regional tax number (Steuernummer) as the states print them, and
 * which states use each: the number must be written in its region's form.
 */
export const DE_REGIONAL_FORMATS: { pattern: RegExp; example: string; regions: readonly DeRegion[] }[] = [
  { pattern: /^\d{5}\/\d{5}$/, example: '93815/08152', regions: ['DE-BW'] },
  { pattern: /^\d{3}\/\d{3}\/\d{5}$/, example: '181/815/08155', regions: ['DE-BY'] },
  { pattern: /^\d{2}\/\d{3}\/\d{5}$/, example: '21/815/08150', regions: ['DE-BE', 'DE-HH', 'DE-NI'] },
  { pattern: /^\d{2} \d{3} \d{5}$/, example: '75 815 08152', regions: ['DE-HB', 'DE-SH'] },
  { pattern: /^0\d{2} \d{3} \d{5}$/, example: '013 815 08153', regions: ['DE-HE'] },
  { pattern: /^0\d{2}\/\d{3}\/\d{5}$/, example: '048/815/08155', regions: ['DE-BB', 'DE-MV', 'DE-SL'] },
  { pattern: /^1\d{2}\/\d{3}\/\d{5}$/, example: '151/815/08156', regions: ['DE-ST', 'DE-TH'] },
  { pattern: /^2\d{2}\/\d{3}\/\d{5}$/, example: '201/123/12340', regions: ['DE-SN'] },
  { pattern: /^\d{3}\/\d{4}\/\d{4}$/, example: '133/8150/8159', regions: ['DE-NW'] },
  { pattern: /^\d{2}\/\d{3}\/\d{4}\/\d$/, example: '22/815/0815/4', regions: ['DE-RP'] },
];

/** A regional tax number in one of the nine forms (of `region`'s form when given) that stdnum accepts. */
export function isDeRegionalTaxNumber(value: string, region?: string | null): boolean {
  const v = value.trim();
  const format = DE_REGIONAL_FORMATS.find((f) => f.pattern.test(v) && (!region || (f.regions as readonly string[]).includes(region)));
  return !!format && ok(stdnum.DE.stnr, v);
}

/**
 * The German country tax number: the personal tax identification number (IdNr), 11 digits whose first
 * is 1-9 (the allowed prefixes), with its check digit (stdnum `de.idnr`).
 */
export const isDeCountryTaxNumber = (value: string) => /^[1-9]\d{10}$/.test(value.trim()) && ok(stdnum.DE.idnr, value.trim());

/** NL chamber of commerce number: 8 digits (the spec's format; stdnum has no kvk). */
export const isNlKvk = (value: string) => /^\d{8}$/.test(value.trim());

/** IT partita IVA: 11 digits with its Luhn check digit. */
export const isItIva = (value: string) => /^\d{11}$/.test(value.trim()) && ok(stdnum.IT.iva, value.trim());

/** IT codice fiscale: a person's 16-character code (or a company's 11 digits), check character by stdnum. */
export const isItFiscalCode = (value: string) => /^([A-Z0-9]{16}|\d{11})$/i.test(value.trim()) && ok(stdnum.IT.codicefiscale, value.trim());

/** ES CIF: a letter of ABCDEFGHJNPQRSUVW plus 8 digits (9 characters), and the check digit. */
export const isEsCif = (value: string) => /^[ABCDEFGHJNPQRSUVW]\d{8}$/i.test(value.trim()) && ok(stdnum.ES.cif, value.trim());

/** ES NIF: DNI (8 digits) or NIE (X/Y/Z + 7 digits) with the check letter of the number modulo 23. */
export const isEsNif = (value: string) => /^([0-9]{8}|[XYZ][0-9]{7})[A-Z]$/i.test(value.trim()) && ok(stdnum.ES.nif, value.trim());

/** FR TVA: 11 digits (the key and the SIREN, written without the FR prefix), the key checked by stdnum. */
export const isFrTva = (value: string) => /^\d{11}$/.test(value.trim()) && ok(stdnum.FR.tva, value.trim());

/** FR SIRET: 14 digits with its Luhn check (SIREN + establishment). */
export const isFrSiret = (value: string) => /^\d{14}$/.test(value.replace(/\s/g, '')) && ok(stdnum.FR.siret, value);

/**
 * An EU VAT identification number: the member state's prefix (EL for Greece) and that state's format
 * and check digits (stdnum's per-country validators).
 */
export function isEuVatId(value: string): boolean {
  const v = value.replace(/[\s.-]/g, '').toUpperCase();
  const prefix = v.slice(0, 2);
  const country = prefix === 'EL' ? 'GR' : prefix;
  if (!(EU_COUNTRIES as readonly string[]).includes(country)) return false;
  const validators = (euVat as Record<string, { validate(v: string): { isValid: boolean } }[]>)[country] ?? [];
  return validators.some((validator) => ok(validator, v.slice(2)));
}
