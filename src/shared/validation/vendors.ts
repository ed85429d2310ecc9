import { electronicFormatIBAN } from 'ibantools';
import { coerce, object, type Infer, refine, string, unknown } from 'superstruct';
import { compare, wireDecimal } from '../money.js';
import { bic, iban, inBlocksOf4 } from './bank-account.js';
import { EU_COUNTRIES } from '../countries-eu.js';
import { addError, blankable, bool, type FieldErrors, isBlank, isoDate, maxLength, oneOf, required, text, type ValidationResult } from './core.js';
import { asList, decimalText, duplicateIndexes, emailAddress, flag, isoCode, list, minimumPayout, sepaName, trimmed, validateWith, wholeNumber } from './fields.js';
import { VENDOR_SOURCES } from './organizations.js';
import {
  DE_REGIONS,
  isDeCountryTaxNumber,
  isDeRegionalTaxNumber,
  isEsCif,
  isEsNif,
  isEuVatId,
  isFrSiret,
  isFrTva,
  isItFiscalCode,
  isItIva,
  isNlKvk,
  TAX_ID_COMPACT,
} from './tax-ids.js';

export { VENDOR_SOURCES, DE_REGIONS };

/** Spec 2, sections 3 and 9. */
export const VENDOR_TYPES = ['person', 'company'] as const;
export const VENDOR_LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'nl'] as const;
export const VENDOR_STATES = ['new', 'confirmed'] as const;
export const VENDOR_LIST_PARAMS = ['all', 'confirmation_pending', 'managed_by_me'] as const;
export const PAYMENT_METHOD_TYPES = ['bank', 'paypal', 'alternative_payee', 'no_account'] as const;
export const IT_REGIMES = ['dei_minimi', 'forfettario', 'ordinario', 'iva_per_cassa', 'altro'] as const;
export const IT_WHT_REASONS = ['A', 'B', 'C', 'D', 'E', 'G', 'H', 'I', 'L', 'M', 'N', 'O', 'P', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z'] as const;
/** A contact email's portal access: none, pending (mail sent, link unused), confirmed. */
export const PORTAL_CONFIRMATION_STATES = ['none', 'pending', 'confirmed'] as const;

/** Countries with their own tax fields (spec 2, 5 "Visibility"); SE and DK have none but no other_tax_id either. */
export const NATIONAL_TAX_FIELDS = {
  DE: ['de_regional_tax_number', 'de_country_tax_number', 'de_tax_number_region'],
  NL: ['nl_kvk'],
  ES: ['es_cif', 'es_nif'],
  IT: ['it_iva', 'it_fiscal_code', 'it_wht_reason', 'it_regime'],
  FR: ['fr_tva', 'fr_siret'],
} as const satisfies Record<string, readonly string[]>;
const NO_OTHER_TAX_ID = ['DE', 'NL', 'ES', 'IT', 'FR', 'SE', 'DK'];

export const TAX_ID_FIELDS = [
  'eu_tax_id', 'de_regional_tax_number', 'de_country_tax_number', 'nl_kvk', 'es_cif', 'es_nif', 'it_iva', 'it_fiscal_code', 'fr_tva', 'fr_siret', 'other_tax_id',
] as const;

export const isEuCountry = (country: string | null | undefined) => !!country && (EU_COUNTRIES as readonly string[]).includes(country);

/**
 * The tax-info fields shown (and kept) for a country and vendor type (spec 2, 5 "Visibility"). The
 * server stores null in the others, so a country change cannot leave another country's ids behind.
 */
export function taxFieldsFor(country: string | null | undefined, type: string | null | undefined): string[] {
  const fields = ['vat_percentage', 'self_billing_allowed', 'is_personally_liable', 'legal_form'];
  if (!country) return fields;
  if (isEuCountry(country)) fields.push('eu_tax_id');
  const national = (NATIONAL_TAX_FIELDS as Record<string, readonly string[]>)[country] ?? [];
  for (const f of national) if (f !== 'it_fiscal_code' || type === 'person') fields.push(f);
  if (!NO_OTHER_TAX_ID.includes(country)) fields.push('other_tax_id');
  if (country === 'ES' || country === 'IT') fields.push('withholding_tax_percentage');
  if (type === 'company') fields.push('is_natural_person');
  return fields;
}

// Vendors' bank methods and organizations' debtor accounts check IBAN and BIC alike (bank-account.ts).
export { bic, iban, inBlocksOf4 };


/** A percentage from 0 to below 100, 4 decimals (NUMERIC(7,4)). */
const percentBelow100 = () => decimalText(3, 4);

const id = () => blankable(wholeNumber());
/** A yes/no that may be unanswered (null): 'true'/'1' and 'false'/'0' from form posts. */
const optionalFlag = () =>
  blankable(
    coerce(bool(), unknown(), (v) => {
      if (v === 'true' || v === '1') return true;
      if (v === 'false' || v === '0') return false;
      return v;
    }),
  );
const optText = (max = 255) => blankable(trimmed(max));
/** A tax id stored compact (`TAX_ID_COMPACT`: no separators, upper case, no repeated country prefix). */
const compactId = (field: keyof typeof TAX_ID_COMPACT) => blankable(maxLength(coerce(text(), string(), (s) => TAX_ID_COMPACT[field](s)), 255));

export const addressStruct = (countries?: ReadonlySet<string>) =>
  object({
    id: id(),
    country_code: blankable(isoCode(2, countries)),
    postal_code: optText(),
    state: optText(),
    city: optText(),
    street: optText(),
    street_number: optText(),
    floor: optText(),
    apartment: optText(),
    post_box: optText(),
    care_of: optText(),
  });

export const taxInfoStruct = () =>
  object({
    id: id(),
    eu_tax_id: compactId('eu_tax_id'),
    de_regional_tax_number: optText(),
    de_country_tax_number: compactId('de_country_tax_number'),
    de_tax_number_region: blankable(oneOf(DE_REGIONS)),
    nl_kvk: compactId('nl_kvk'),
    es_cif: compactId('es_cif'),
    es_nif: compactId('es_nif'),
    it_iva: compactId('it_iva'),
    it_fiscal_code: compactId('it_fiscal_code'),
    it_wht_reason: blankable(oneOf(IT_WHT_REASONS)),
    it_regime: blankable(oneOf(IT_REGIMES)),
    fr_tva: compactId('fr_tva'),
    fr_siret: compactId('fr_siret'),
    other_tax_id: optText(),
    vat_percentage: blankable(percentBelow100()),
    withholding_tax_percentage: blankable(percentBelow100()),
    self_billing_allowed: flag(),
    is_natural_person: flag(),
    is_personally_liable: optionalFlag(),
    legal_form: optText(),
  });

export const contactStruct = (countries?: ReadonlySet<string>) =>
  object({
    id: id(),
    first_name: required(trimmed()),
    last_name: required(trimmed()),
    nickname: optText(),
    date_of_birth: blankable(isoDate()),
    emails: list(
      object({
        id: id(),
        email: required(emailAddress()),
        label: optText(),
        can_access_portal: flag(),
        can_sign: flag(),
      }),
    ),
    phone_numbers: list(object({ id: id(), country_code: required(isoCode(2, countries)), number: required(trimmed(40)), label: optText() })),
    skype_accounts: list(object({ id: id(), login: required(trimmed()) })),
    facebook_accounts: list(object({ id: id(), profile: required(trimmed()) })),
  });

/**
 * One payment method of any type: the fields of every type, each optional here; which are required
 * depends on `type` (vendorRules). The server keeps only the fields of the method's type.
 */
export const paymentMethodStruct = () =>
  object({
    id: id(),
    type: required(oneOf(PAYMENT_METHOD_TYPES)),
    account_holder: blankable(sepaName()),
    is_sepa: flag(),
    iban: blankable(iban()),
    bic: blankable(bic()),
    account_number: blankable(coerce(trimmed(64), string(), (s) => s.replace(/\s/g, ''))),
    bank_id: id(),
    sap_partner_type: optText(40),
    email: blankable(emailAddress()),
    source_payment_method_id: id(),
    assign_to_contracts: flag(),
    assign_contract_vendor_ids: list(wholeNumber()),
  });

/** The vendor form's payload (`vendor`), spec 2 sections 3, 5 and 7. Files (`confirmation_document`) are read beside it. */
export const vendorStruct = (countries?: ReadonlySet<string>) =>
  object({
    organization_id: required(wholeNumber()),
    /** Six digits at most: `full_number` pads it to 6. */
    number: blankable(refine(wholeNumber(), 'vendorNumber', (n) => (n >= 1 && n <= 999_999) || 'invalid')),
    name: required(sepaName()),
    type: required(oneOf(VENDOR_TYPES)),
    source: blankable(oneOf(VENDOR_SOURCES)),
    language: blankable(oneOf(VENDOR_LANGUAGES)),
    account_manager_id: id(),
    minimum_payout: minimumPayout(),
    valid_from: blankable(isoDate()),
    create_change_request: flag(),
    tag_ids: list(wholeNumber()),
    referenced_vendor_ids: list(wholeNumber()),
    address: coerce(addressStruct(countries), unknown(), (v) => (isBlank(v) ? {} : v)),
    tax_info: coerce(taxInfoStruct(), unknown(), (v) => (isBlank(v) ? {} : v)),
    contacts: list(contactStruct(countries)),
    payment_methods: list(paymentMethodStruct()),
  });

export type VendorInput = Infer<ReturnType<typeof vendorStruct>>;
export type PaymentMethodInput = VendorInput['payment_methods'][number];
export type ContactInput = VendorInput['contacts'][number];

/** What the rules need to know beyond the payload. */
export interface VendorRuleContext {
  /** The vendor as stored is confirmed (state `confirmed`). */
  confirmed?: boolean;
  /** A confirmation document comes with this save (an admin confirming). */
  withConfirmationDocument?: boolean;
}

const truthy = (v: unknown) => v === true || v === 'true' || v === '1';
const entriesOf = (v: unknown) => {
  const items = asList(v);
  return Array.isArray(items) ? items.map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {})) : [];
};
const objectOf = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Address and tax info must be complete when the vendor is confirmed, is being confirmed, or a change request is made. */
export const isStrict = (raw: Record<string, unknown>, ctx: VendorRuleContext = {}) =>
  !!ctx.confirmed || !!ctx.withConfirmationDocument || truthy(raw.create_change_request);

export const REQUIRED_ADDRESS_FIELDS = ['country_code', 'city', 'postal_code', 'street', 'street_number'] as const;

/** Below 100 and at least 0; `less_than:100` names the bound. */
function percentRule(errors: FieldErrors, path: (string | number)[], value: unknown) {
  const v = wireDecimal(value);
  if (v === undefined) return;
  if (compare(v, '0') < 0) addError(errors, path, 'greater_than_or_equal_to');
  else if (compare(v, '100') >= 0) addError(errors, path, 'less_than:100');
}

/** Tax info rules (spec 2, 5 "Tax info"): formats always, required ids only when strict. */
export function taxInfoRules(rawTax: unknown, country: string, type: string, strict: boolean): FieldErrors {
  const errors: FieldErrors = {};
  const t = objectOf(rawTax);
  const at = (field: string) => ['tax_info', field];
  const given = (field: string) => !isBlank(t[field]);
  const visible = new Set(taxFieldsFor(country || null, type || null));
  const format = (field: string, valid: (v: string) => boolean) => {
    if (visible.has(field) && given(field) && !valid(str(t[field]))) addError(errors, at(field), 'invalid');
  };

  format('eu_tax_id', isEuVatId);
  format('de_regional_tax_number', (v) => isDeRegionalTaxNumber(v, str(t.de_tax_number_region) || null));
  format('de_country_tax_number', isDeCountryTaxNumber);
  format('nl_kvk', isNlKvk);
  format('es_cif', isEsCif);
  format('es_nif', isEsNif);
  format('it_iva', isItIva);
  format('it_fiscal_code', isItFiscalCode);
  format('fr_tva', isFrTva);
  format('fr_siret', isFrSiret);
  percentRule(errors, at('vat_percentage'), t.vat_percentage);
  if (visible.has('withholding_tax_percentage')) percentRule(errors, at('withholding_tax_percentage'), t.withholding_tax_percentage);

  // A region and its regional number belong together.
  if (country === 'DE') {
    if (given('de_regional_tax_number') && !given('de_tax_number_region')) addError(errors, at('de_tax_number_region'), 'blank');
    if (given('de_tax_number_region') && !given('de_regional_tax_number')) addError(errors, at('de_regional_tax_number'), 'blank');
  }
  if (!strict || !country) return errors;

  if (isBlank(t.vat_percentage)) addError(errors, at('vat_percentage'), 'blank');
  if (type !== 'company') return errors;

  if (t.is_personally_liable === undefined || t.is_personally_liable === null || t.is_personally_liable === '') {
    addError(errors, at('is_personally_liable'), 'blank');
  }
  const euId = visible.has('eu_tax_id') && given('eu_tax_id');
  const nationalIds = ((NATIONAL_TAX_FIELDS as Record<string, readonly string[]>)[country] ?? []).filter(
    (f) => f !== 'de_tax_number_region' && f !== 'it_wht_reason' && f !== 'it_regime' && visible.has(f) && given(f),
  );
  if (isEuCountry(country) && !euId && nationalIds.length === 0) addError(errors, at('eu_tax_id'), 'blank');
  if (country === 'DE' && !euId && !given('de_country_tax_number') && !given('de_regional_tax_number')) {
    addError(errors, at('de_regional_tax_number'), 'blank');
  }
  if (country === 'FR' && !euId && !given('fr_tva') && !given('fr_siret')) addError(errors, at('fr_siret'), 'blank');
  if (visible.has('other_tax_id') && !euId && !given('other_tax_id')) addError(errors, at('other_tax_id'), 'blank');
  return errors;
}

/** The vendor rules of spec 2, section 5 that look at more than one field. */
export function vendorRules(raw: Record<string, unknown>, ctx: VendorRuleContext = {}): FieldErrors {
  const errors: FieldErrors = {};
  const strict = isStrict(raw, ctx);

  // Contacts: at least one; each at least one email, at most one signing and one portal email.
  const contacts = entriesOf(raw.contacts);
  if (contacts.length === 0) addError(errors, ['contacts'], 'missing_contacts');
  const allEmails: { i: number; j: number; email: string }[] = [];
  contacts.forEach((contact, i) => {
    const emails = entriesOf(contact.emails);
    if (emails.length === 0) addError(errors, ['contacts', i, 'emails'], 'at_least_1_email');
    // Only one signing and one portal email: every such email after the first is the error.
    for (const flagName of ['can_sign', 'can_access_portal'] as const) {
      const flagged = emails.flatMap((e, j) => (truthy(e[flagName]) ? [j] : []));
      const key = flagName === 'can_sign' ? 'only_one_signing_email' : 'only_one_portal_email';
      for (const j of flagged.slice(1)) addError(errors, ['contacts', i, 'emails', j, flagName], key);
    }
    emails.forEach((e, j) => allEmails.push({ i, j, email: str(e.email).toLowerCase() }));
  });
  // Unique across all contacts of the vendor: the later entry is the one "already used".
  const seen = new Set<string>();
  for (const e of allEmails) {
    if (!e.email) continue;
    if (seen.has(e.email)) addError(errors, ['contacts', e.i, 'emails', e.j, 'email'], 'already_used');
    seen.add(e.email);
  }

  const address = objectOf(raw.address);
  if (strict) for (const f of REQUIRED_ADDRESS_FIELDS) if (isBlank(address[f])) addError(errors, ['address', f], 'blank');

  // Payment methods by type.
  const methods = entriesOf(raw.payment_methods);
  methods.forEach((m, i) => {
    const at = (field: string) => ['payment_methods', i, field];
    if (m.type === 'bank') {
      if (isBlank(m.account_holder)) addError(errors, at('account_holder'), 'blank');
      if (truthy(m.is_sepa)) {
        if (isBlank(m.iban)) addError(errors, at('iban'), 'blank');
      } else {
        if (isBlank(m.account_number)) addError(errors, at('account_number'), 'blank');
        if (isBlank(m.bank_id)) addError(errors, at('bank_id'), 'blank');
      }
    } else if (m.type === 'paypal') {
      if (isBlank(m.account_holder)) addError(errors, at('account_holder'), 'blank');
      if (isBlank(m.email)) addError(errors, at('email'), 'blank');
    } else if (m.type === 'alternative_payee') {
      if (isBlank(m.source_payment_method_id)) addError(errors, at('source_payment_method_id'), 'blank');
    }
    if (truthy(m.assign_to_contracts) && asListLength(m.assign_contract_vendor_ids) === 0) {
      addError(errors, at('assign_contract_vendor_ids'), 'too_few');
    }
  });
  const sepaKey = (m: Record<string, unknown>) => (m.type === 'bank' && truthy(m.is_sepa) && typeof m.iban === 'string' ? (electronicFormatIBAN(m.iban) ?? m.iban) : undefined);
  for (const i of duplicateIndexes(raw.payment_methods, sepaKey)) addError(errors, ['payment_methods', i, 'iban'], 'already_used');
  for (const i of duplicateIndexes(raw.payment_methods, (m) => (m.type === 'paypal' ? m.email : undefined))) addError(errors, ['payment_methods', i, 'email'], 'already_used');
  if (ctx.confirmed && methods.length === 0) addError(errors, ['payment_methods'], 'too_few');

  const country = str(address.country_code).toUpperCase();
  const type = str(raw.type);
  const tax = taxInfoRules(raw.tax_info, country, type, strict);
  for (const [field, keys] of Object.entries((tax.tax_info as FieldErrors | undefined) ?? {})) {
    for (const key of keys as string[]) addError(errors, ['tax_info', field], key);
  }
  return errors;
}

const asListLength = (v: unknown) => {
  const items = asList(v);
  return Array.isArray(items) ? items.length : 0;
};

export function validateVendor(value: unknown, ctx: VendorRuleContext & { countries?: ReadonlySet<string> } = {}): ValidationResult<VendorInput> {
  return validateWith(vendorStruct(ctx.countries), value, (raw) => vendorRules(raw, ctx));
}

/** `POST /api/vendors/{id}/payment_methods/{methodId}/apply_to_contracts`. */
export const applyToContractsStruct = () => object({ contract_vendor_ids: list(wholeNumber()) });
export function validateApplyToContracts(value: unknown): ValidationResult<{ contract_vendor_ids: number[] }> {
  return validateWith(applyToContractsStruct(), value, (raw): FieldErrors => (asListLength(raw.contract_vendor_ids) === 0 ? { contract_vendor_ids: ['too_few'] } : {}));
}

/** `POST /api/vendors/{id}/change_request/confirm` (multipart, the document beside it). */
export const confirmChangeRequestStruct = () => object({ valid_from: blankable(isoDate()) });

/** `POST /api/vendors/{id}/resend_confirmation_instructions`. */
export const resendConfirmationStruct = () => object({ vendor_contact_email_id: required(wholeNumber()) });
