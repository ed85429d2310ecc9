import { createHash } from 'node:crypto';
import type { TaxInfo } from '../../../shared/entities/vendor.js';
import { toDecimal } from '../../../shared/money.js';
import { csvText } from '../../lib/csv.js';

/** The vendor's tax info as the file carries it: the shared entity's fields, not a copy of their list. */
export type VendorFileTax = Pick<
  TaxInfo,
  | 'eu_tax_id'
  | 'de_regional_tax_number'
  | 'de_country_tax_number'
  | 'de_tax_number_region'
  | 'nl_kvk'
  | 'es_cif'
  | 'es_nif'
  | 'it_iva'
  | 'it_fiscal_code'
  | 'fr_tva'
  | 'fr_siret'
  | 'other_tax_id'
  | 'vat_percentage'
  | 'withholding_tax_percentage'
>;

/**
 * The vendor file's CSV (DOMAIN.md "Vendor files and reports"): one organization's vendors created or
 * changed in a month, for the ERP import. A vendor is one row per payment method (the ERP keeps several
 * bank details per vendor), or one row with empty method columns when it has none.
 */
export interface VendorFileVendor {
  full_number: string;
  name: string;
  type: string;
  state: string;
  valid_from: string | null;
  address: {
    street: string | null;
    street_number: string | null;
    postal_code: string | null;
    city: string | null;
    state: string | null;
    country_code: string | null;
  } | null;
  tax: VendorFileTax | null;
  payment_methods: {
    type: string;
    account_holder: string | null;
    iban: string | null;
    bic: string | null;
    account_number: string | null;
    bank_key: string | null;
    email: string | null;
    sap_partner_type: string | null;
  }[];
}

export const CSV_COLUMNS = [
  'number',
  'name',
  'type',
  'state',
  'valid_from',
  'street',
  'street_number',
  'postal_code',
  'city',
  'region',
  'country_code',
  'eu_tax_id',
  'de_regional_tax_number',
  'de_tax_number_region',
  'de_country_tax_number',
  'nl_kvk',
  'es_cif',
  'es_nif',
  'it_iva',
  'it_fiscal_code',
  'fr_tva',
  'fr_siret',
  'other_tax_id',
  'vat_percentage',
  'withholding_tax_percentage',
  'payment_method',
  'account_holder',
  'iban',
  'bic',
  'account_number',
  'bank_key',
  'paypal_email',
  'sap_partner_type',
] as const;

/** A NUMERIC as the ERP reads it: no trailing zeros (`19.0000` → `19`), every digit kept. */
function plainDecimal(value: string | null): string {
  return value === null ? '' : toDecimal(value).toFixed();
}

/** The CSV rows of one vendor, in column order. */
export function vendorRows(v: VendorFileVendor): string[][] {
  const a = v.address;
  const t = v.tax;
  const base = [
    v.full_number,
    v.name,
    v.type,
    v.state,
    v.valid_from ?? '',
    a?.street ?? '',
    a?.street_number ?? '',
    a?.postal_code ?? '',
    a?.city ?? '',
    a?.state ?? '',
    a?.country_code ?? '',
    t?.eu_tax_id ?? '',
    t?.de_regional_tax_number ?? '',
    t?.de_tax_number_region ?? '',
    t?.de_country_tax_number ?? '',
    t?.nl_kvk ?? '',
    t?.es_cif ?? '',
    t?.es_nif ?? '',
    t?.it_iva ?? '',
    t?.it_fiscal_code ?? '',
    t?.fr_tva ?? '',
    t?.fr_siret ?? '',
    t?.other_tax_id ?? '',
    plainDecimal(t?.vat_percentage ?? null),
    plainDecimal(t?.withholding_tax_percentage ?? null),
  ];
  if (v.payment_methods.length === 0) return [[...base, '', '', '', '', '', '', '', '']];
  return v.payment_methods.map((m) => [
    ...base,
    m.type,
    m.account_holder ?? '',
    m.iban ?? '',
    m.bic ?? '',
    m.account_number ?? '',
    m.bank_key ?? '',
    m.email ?? '',
    m.sap_partner_type ?? '',
  ]);
}

/** The whole CSV (header first, RFC 4180 quoting, CRLF, formula-guarded cells) and its SHA-256 digest (hex). */
export function vendorFileCsv(vendors: readonly VendorFileVendor[]): { csv: Buffer; digest: string } {
  const text = csvText([[...CSV_COLUMNS], ...vendors.flatMap(vendorRows)]);
  const csv = Buffer.from(text, 'utf8');
  return { csv, digest: createHash('sha256').update(csv).digest('hex') };
}
