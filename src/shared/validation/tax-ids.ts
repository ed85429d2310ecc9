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
 * A number as people write it, compact: the usual separators (spaces, dots, hyphens, slashes, a colon
 * after the prefix) removed, upper case, and the country's prefix when `prefix` is given (`IT 007 431 10157`).
 * What the validators check and what is stored.
 */
export function compactTaxId(value: string, prefix?: string): string {
  const v = value.replace(/[\s.\-/:]/g, '').toUpperCase();
  return prefix && v.startsWith(prefix) ? v.slice(prefix.length) : v;
}

/** How each national field is stored (the DE regional number keeps its written form, which says its region). */
export const TAX_ID_COMPACT: Record<string, (v: string) => string> = {
  eu_tax_id: (v) => compactTaxId(v),
  de_country_tax_number: (v) => compactTaxId(v),
  nl_kvk: (v) => compactTaxId(v),
  it_iva: (v) => compactTaxId(v, 'IT'),
  it_fiscal_code: (v) => compactTaxId(v),
  es_cif: (v) => compactTaxId(v, 'ES'),
  es_nif: (v) => compactTaxId(v, 'ES'),
  fr_tva: (v) => compactTaxId(v, 'FR'),
  fr_siret: (v) => compactTaxId(v),
};

const digitsOnly = (v: string) => /^\d+$/.test(v);
const weighted = (v: string, weights: readonly number[]) => weights.reduce((sum, w, i) => sum + w * Number(v[i]), 0);
const mod = (a: number, m: number) => ((a % m) + m) % m;

/** Whether year, month and day (month 1-12) make a day of the calendar. */
function isDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The German country tax number: the personal tax identification number (IdNr), 11 digits whose first
 * is 1-9 (the allowed prefixes), with its check digit (stdnum `de.idnr`).
 */
export const isDeCountryTaxNumber = (value: string) => {
  const v = TAX_ID_COMPACT.de_country_tax_number(value);
  if (!/^[1-9]\d{10}$/.test(v)) return false;
  // Of the first ten digits exactly one appears twice or three times, the rest once (python-stdnum's
  // de/idnr; the port does not check it).
  const counts = [...v.slice(0, 10)].reduce((m, d) => m.set(d, (m.get(d) ?? 0) + 1), new Map<string, number>());
  const repeated = [...counts.values()].filter((n) => n > 1);
  return repeated.length === 1 && repeated[0] <= 3 && ok(stdnum.DE.idnr, v);
};

/** NL chamber of commerce number: 8 digits (the spec's format; stdnum has no kvk). */
export const isNlKvk = (value: string) => /^\d{8}$/.test(TAX_ID_COMPACT.nl_kvk(value));

/** IT partita IVA: 11 digits with its Luhn check digit. */
export const isItIva = (value: string) => {
  const v = TAX_ID_COMPACT.it_iva(value);
  return /^\d{11}$/.test(v) && ok(stdnum.IT.iva, v);
};

/** Omocodia: a digit of a fiscal code may be written as one of these letters (0-9) when codes collide. */
const OMOCODIA = 'LMNPQRSTUV';
const MONTHS = 'ABCDEHLMPRST';

/**
 * IT codice fiscale: a person's 16-character code (or a company's 11 digits), check character by stdnum.
 * stdnum does not check the birth day: it is 1-31 (41-71 for women) and a day of its month.
 */
export const isItFiscalCode = (value: string) => {
  const v = TAX_ID_COMPACT.it_fiscal_code(value);
  if (!/^([A-Z0-9]{16}|\d{11})$/.test(v) || !ok(stdnum.IT.codicefiscale, v)) return false;
  if (v.length === 11) return true;
  const digit = (c: string) => (OMOCODIA.includes(c) ? String(OMOCODIA.indexOf(c)) : c);
  const year = Number(digit(v[6]) + digit(v[7]));
  const month = MONTHS.indexOf(v[8]) + 1;
  const rawDay = Number(digit(v[9]) + digit(v[10]));
  const day = rawDay > 40 ? rawDay - 40 : rawDay;
  // The century is not written: 29 February is allowed in any year that ends as a leap year may.
  return month > 0 && rawDay <= 71 && (rawDay <= 31 || rawDay >= 41) && isDay(2000 + year, month, day);
};

/**
 * ES CIF: a letter of ABCDEFGHJNPQRSUVW, 7 digits and the check character (a digit, or a letter for
 * entity types such as N, P, Q, R, S and W, which always end in one), checked by stdnum.
 */
export const isEsCif = (value: string) => {
  const v = TAX_ID_COMPACT.es_cif(value);
  return /^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(v) && ok(stdnum.ES.cif, v);
};

/** ES NIF: DNI (8 digits), NIE (X/Y/Z + 7 digits) or K/L/M + 7 digits, with the check letter of the number modulo 23. */
export const isEsNif = (value: string) => {
  const v = TAX_ID_COMPACT.es_nif(value);
  return /^([0-9]{8}|[XYZKLM][0-9]{7})[A-Z]$/.test(v) && ok(stdnum.ES.nif, v);
};

/** FR TVA: 11 digits (the key and the SIREN, written with or without the FR prefix), the key checked by stdnum. */
export const isFrTva = (value: string) => {
  const v = TAX_ID_COMPACT.fr_tva(value);
  return /^\d{11}$/.test(v) && ok(stdnum.FR.tva, v);
};

/** FR SIRET: 14 digits with its Luhn check (SIREN + establishment). */
export const isFrSiret = (value: string) => {
  const v = TAX_ID_COMPACT.fr_siret(value);
  return /^\d{14}$/.test(v) && ok(stdnum.FR.siret, v);
};

/**
 * Where the stdnum port's EU VAT validators have gaps, python-stdnum's rules (its bg/vat, bg/egn, bg/pnf,
 * be/vat, nl/btw and cz/dic, cz/rc), proven against the public vectors (tests/unit/tax-id-vectors.test.ts).
 */
const VAT_RULES: Record<string, (v: string) => boolean> = {
  BG: (v) => {
    if (!digitsOnly(v)) return false;
    if (v.length === 9) {
      let check = weighted(v, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
      if (check === 10) check = weighted(v, [3, 4, 5, 6, 7, 8, 9, 10]) % 11;
      return String(check % 10) === v[8];
    }
    if (v.length !== 10) return false;
    // A person (EGN, with a birth date), a foreigner (PNF) or another body.
    let month = Number(v.slice(2, 4));
    let year = 1900 + Number(v.slice(0, 2));
    if (month > 40) [year, month] = [year + 100, month - 40];
    else if (month > 20) [year, month] = [year - 100, month - 20];
    const egn = isDay(year, month, Number(v.slice(4, 6))) && String((weighted(v, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10) === v[9];
    const pnf = String(weighted(v, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10) === v[9];
    const other = String(mod(11 - weighted(v, [4, 3, 2, 7, 6, 5, 4, 3, 2]), 11)) === v[9];
    return egn || pnf || other;
  },
  // Ten digits (nine get a leading 0) starting with 0 or 1; the port also takes a leading 2-9.
  BE: (v) => /^[01]\d{9}$/.test(v.length === 9 ? `0${v}` : v) && stdnumVat('BE', v),
  // Nine digits (fewer get leading zeros), B and a two-digit suffix that is not 00.
  NL: (v) => {
    const padded = v.slice(0, -3).padStart(9, '0') + v.slice(-3);
    return /^\d{9}B\d{2}$/.test(padded) && !padded.endsWith('00') && stdnumVat('NL', padded);
  },
  CZ: (v) => {
    if (!digitsOnly(v)) return false;
    if (v.length === 8) {
      if (v[0] === '9') return false;
      const check = mod(11 - weighted(v, [8, 7, 6, 5, 4, 3, 2]), 11);
      return String((check || 1) % 10) === v[7];
    }
    if (v.length === 9 && v[0] === '6') {
      // Special numbers (skupinové DIČ).
      const check = weighted(v.slice(1), [8, 7, 6, 5, 4, 3, 2]) % 11;
      return String(9 - mod(11 - check, 10)) === v[8];
    }
    if (v.length !== 9 && v.length !== 10) return false;
    // A person's birth number (rodné číslo): nine digits until 1953, then ten with a check digit.
    let year = 1900 + Number(v.slice(0, 2));
    const month = (Number(v.slice(2, 4)) % 50) % 20;
    if (v.length === 9) {
      if (year >= 1980) year -= 100;
      if (year > 1953) return false;
    } else if (year < 1954) year += 100;
    if (!isDay(year, month, Number(v.slice(4, 6)))) return false;
    if (v.length === 9) return true;
    const check = Number(v.slice(0, 9)) % 11;
    return (check === 10 ? 0 : check) === Number(v[9]);
  },
};

function stdnumVat(country: string, v: string): boolean {
  const validators = (euVat as Record<string, { validate(v: string): { isValid: boolean } }[]>)[country] ?? [];
  return validators.some((validator) => ok(validator, v));
}

/**
 * An EU VAT identification number: the member state's prefix (EL for Greece) written once, and that
 * state's format and check digits (stdnum's per-country validators, `VAT_RULES` where they have gaps).
 * A doubled prefix (`DE DE 246595415`) is refused: stdnum would strip the second one too.
 */
export function isEuVatId(value: string): boolean {
  const v = TAX_ID_COMPACT.eu_tax_id(value);
  const prefix = v.slice(0, 2);
  const country = prefix === 'EL' ? 'GR' : prefix;
  if (!(EU_COUNTRIES as readonly string[]).includes(country)) return false;
  const rest = v.slice(2);
  if (rest.startsWith(prefix) || (country === 'GR' && rest.startsWith('GR'))) return false;
  const rule = VAT_RULES[country];
  return rule ? rule(rest) : stdnumVat(country, rest);
}
