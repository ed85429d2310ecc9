import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { EU_COUNTRIES } from '../../../shared/countries-eu.js';
import { ROLES } from '../../../shared/roles.js';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
const currencyCodes = require('currency-codes') as { codes(): string[]; code(c: string): { currency: string } | undefined };

export interface InitData {
  /** Every content owner with its record id; forms show the internal country and disable inactive ones. */
  content_owners: { id: number; content_owner_id: string; display_name: string; internal_country: string | null; active: boolean }[];
  countries_eu: string[];
  countries: { code: string; name: string; vat_rates: { id: number; rate: string }[] }[];
  currencies: { iso_code: string; symbol: string; name: string }[];
  organizations: { id: number; name: string; country_code: string }[];
  roles_available: string[];
  youtube_verticals: { id: number; name: string }[];
}

function symbolOf(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

// Funds, precious metals and testing codes are not currencies anyone is paid in.
const NOT_PAYABLE = /^X[A-Z]{2}$|^(BOV|CHE|CHW|CLF|COU|MXV|USN|UYI|UYW)$/;

const COUNTRIES = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name));

const CURRENCIES = currencyCodes
  .codes()
  .filter((c) => !NOT_PAYABLE.test(c))
  .map((c) => ({ iso_code: c, symbol: symbolOf(c), name: currencyCodes.code(c)?.currency ?? c }));

export const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRIES.map((c) => c.code));
export const CURRENCY_CODES: ReadonlySet<string> = new Set(CURRENCIES.map((c) => c.iso_code));

/** Reference data every area adds to: areas register a contributor that fills in their part. */
export type InitContributor = (data: InitData) => Promise<void>;
const contributors: InitContributor[] = [];

export function contributeInitData(fn: InitContributor): void {
  contributors.push(fn);
}

export async function buildInitData(): Promise<InitData> {
  const data: InitData = {
    content_owners: [],
    countries_eu: [...EU_COUNTRIES],
    countries: COUNTRIES.map((c) => ({ ...c, vat_rates: [] })),
    currencies: CURRENCIES,
    organizations: [],
    roles_available: [...ROLES],
    youtube_verticals: [],
  };
  for (const fn of contributors) await fn(data);
  return data;
}
