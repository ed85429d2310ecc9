import { toFormData } from '../../kit/form/form-data';
import type { FormValues } from '../../kit/form/use-resource-form';
import { isDecimal, toDecimal } from '../../../shared/money';
import type { Vendor } from './vendor';

/** A list item as the form edits it: a new one has no id yet. */
type Editable<T> = Omit<T, 'id'> & { id?: number };

export interface EmailValues {
  id?: number;
  email: string;
  label: string;
  can_access_portal: boolean;
  can_sign: boolean;
  /** Read-only facts of a stored e-mail (its pending chip). */
  portal_user_id?: number | null;
  is_confirmed?: boolean;
  confirmation_sent_at?: string | null;
  portal_confirmation?: 'none' | 'pending' | 'confirmed';
}

export interface ContactValues {
  id?: number;
  first_name: string;
  last_name: string;
  nickname: string;
  date_of_birth: string;
  emails: EmailValues[];
  phone_numbers: { id?: number; country_code: string; number: string; label: string }[];
  skype_accounts: Editable<{ id: number; login: string }>[];
  facebook_accounts: Editable<{ id: number; profile: string }>[];
}

export interface MethodValues {
  id?: number;
  type: 'bank' | 'paypal' | 'alternative_payee' | 'no_account';
  account_holder: string;
  is_sepa: boolean;
  iban: string;
  bic: string;
  account_number: string;
  bank_id: number | null;
  /** The chosen bank's name (labels the picker). */
  bank_name?: string;
  sap_partner_type: string;
  email: string;
  source_payment_method_id: number | null;
  /** The alternative payee: the other vendor (its methods are loaded when it changes). */
  payee_vendor_id: number | null;
  payee_vendor_name?: string;
  assign_to_contracts: boolean;
  assign_contract_vendor_ids: string[];
  /** Stored methods: the contracts that use them. */
  contract_vendors?: { id: number; contract_id: number }[];
}

export const ADDRESS_FIELDS = ['street', 'street_number', 'floor', 'apartment', 'post_box', 'care_of', 'postal_code', 'city', 'state', 'country_code'] as const;
export type AddressValues = Record<(typeof ADDRESS_FIELDS)[number], string> & { id?: number; search: string };

export interface TaxValues {
  id?: number;
  eu_tax_id: string;
  de_regional_tax_number: string;
  de_country_tax_number: string;
  de_tax_number_region: string;
  nl_kvk: string;
  es_cif: string;
  es_nif: string;
  it_iva: string;
  it_fiscal_code: string;
  it_wht_reason: string;
  it_regime: string;
  fr_tva: string;
  fr_siret: string;
  other_tax_id: string;
  vat_percentage: string;
  withholding_tax_percentage: string;
  self_billing_allowed: boolean;
  is_natural_person: boolean;
  /** 'true' / 'false' from the yes-no select, or unanswered. */
  is_personally_liable: boolean | string | null;
  legal_form: string;
}

/** What the vendor form edits (spec 2, 3 "Vendor" with the form-only fields). */
export interface VendorValues extends FormValues {
  organization_id: number | '';
  number: string;
  name: string;
  type: '' | 'person' | 'company';
  source: string;
  language: string;
  account_manager_id: number | null;
  /** Below it a balance carries to the next payout (DOMAIN.md "Payment run" step 4); '' = the organization's. */
  minimum_payout: string;
  valid_from: string;
  create_change_request: boolean;
  confirmation_document: File | null;
  /** As the chip picker keeps them (strings); the struct reads digit strings as numbers. */
  tag_ids: string[];
  referenced_vendor_ids: string[];
  address: AddressValues;
  tax_info: TaxValues;
  contacts: ContactValues[];
  payment_methods: MethodValues[];
}

export function emptyTaxInfo(): TaxValues {
  return {
    eu_tax_id: '',
    de_regional_tax_number: '',
    de_country_tax_number: '',
    de_tax_number_region: '',
    nl_kvk: '',
    es_cif: '',
    es_nif: '',
    it_iva: '',
    it_fiscal_code: '',
    it_wht_reason: '',
    it_regime: '',
    fr_tva: '',
    fr_siret: '',
    other_tax_id: '',
    // Defaults (spec 2, 3): VAT empty, withholding 0.
    vat_percentage: '',
    withholding_tax_percentage: '0',
    self_billing_allowed: false,
    is_natural_person: false,
    is_personally_liable: null,
    legal_form: '',
  };
}

export const newEmail = (): EmailValues => ({ email: '', label: '', can_access_portal: false, can_sign: false });
export const newContact = (): ContactValues => ({ first_name: '', last_name: '', nickname: '', date_of_birth: '', emails: [newEmail()], phone_numbers: [], skype_accounts: [], facebook_accounts: [] });

export function newMethod(type: MethodValues['type']): MethodValues {
  return {
    type,
    account_holder: '',
    // New bank methods start as SEPA (spec 2, 3).
    is_sepa: type === 'bank',
    iban: '',
    bic: '',
    account_number: '',
    bank_id: null,
    sap_partner_type: '',
    email: '',
    source_payment_method_id: null,
    payee_vendor_id: null,
    assign_to_contracts: false,
    assign_contract_vendor_ids: [],
  };
}

export function newVendor(): VendorValues {
  return {
    organization_id: '',
    number: '',
    name: '',
    type: '',
    source: 'network',
    language: 'en',
    account_manager_id: null,
    minimum_payout: '',
    valid_from: '',
    create_change_request: false,
    confirmation_document: null,
    tag_ids: [],
    referenced_vendor_ids: [],
    address: { search: '', ...(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as Record<(typeof ADDRESS_FIELDS)[number], string>) },
    tax_info: emptyTaxInfo(),
    contacts: [newContact()],
    payment_methods: [],
  };
}

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The server's record → form values ('' for null; the payee's vendor from the alternative-payee method). */
export function vendorValues(record: Record<string, unknown>): VendorValues {
  const v = record as unknown as Vendor;
  const empty = newVendor();
  const tax = v.tax_info;
  return {
    ...empty,
    organization_id: v.organization_id ?? '',
    number: s(v.number),
    name: v.name ?? '',
    type: v.type ?? '',
    source: v.source ?? 'network',
    language: v.language ?? 'en',
    account_manager_id: v.account_manager?.id ?? null,
    minimum_payout: s((v as { minimum_payout?: string | null }).minimum_payout),
    valid_from: '',
    tag_ids: (v.tags ?? []).map((t) => String(t.id)),
    referenced_vendor_ids: (v.referenced_vendors ?? []).map((r) => String(r.id)),
    address: { ...empty.address, ...(v.address ? Object.fromEntries(Object.entries(v.address).map(([k, x]) => [k, k === 'id' ? x : s(x)])) : {}) } as AddressValues,
    tax_info: tax
      ? {
          ...(Object.fromEntries(Object.entries(tax).map(([k, x]) => [k, typeof x === 'boolean' || k === 'id' ? x : x === null && k === 'is_personally_liable' ? null : s(x)])) as unknown as TaxValues),
        }
      : emptyTaxInfo(),
    contacts: (v.contacts ?? []).map((c) => ({
      id: c.id,
      first_name: c.first_name ?? '',
      last_name: c.last_name ?? '',
      nickname: s(c.nickname),
      date_of_birth: s(c.date_of_birth),
      emails: c.emails.map((e) => ({ id: e.id, email: e.email, label: s(e.label), can_access_portal: e.can_access_portal, can_sign: e.can_sign, portal_user_id: e.portal_user_id, is_confirmed: e.is_confirmed, confirmation_sent_at: e.confirmation_sent_at, portal_confirmation: e.portal_confirmation })),
      phone_numbers: c.phone_numbers.map((p) => ({ id: p.id, country_code: p.country_code, number: p.number, label: s(p.label) })),
      skype_accounts: c.skype_accounts.map(({ id, login }) => ({ id, login })),
      facebook_accounts: c.facebook_accounts.map(({ id, profile }) => ({ id, profile })),
    })),
    payment_methods: (v.payment_methods ?? []).map((m) => {
      const x = m as unknown as Record<string, unknown>;
      const payee = x.vendor as { id: number; name: string } | undefined;
      const bank = x.bank as { id: number; name: string } | null | undefined;
      return {
        ...newMethod(m.type),
        id: m.id,
        account_holder: s(x.account_holder),
        is_sepa: Boolean(x.is_sepa),
        iban: s(x.iban),
        bic: s(x.bic),
        account_number: s(x.account_number),
        bank_id: (x.bank_id as number | null | undefined) ?? bank?.id ?? null,
        bank_name: bank?.name,
        sap_partner_type: s(x.sap_partner_type),
        email: s(x.email),
        source_payment_method_id: (x.source_payment_method_id as number | null | undefined) ?? null,
        payee_vendor_id: payee?.id ?? null,
        payee_vendor_name: payee?.name,
        contract_vendors: m.contract_vendors ?? [],
      };
    }),
  };
}

/**
 * The request body: the struct's validated value (only the spec's fields), multipart when a
 * confirmation document goes with it (spec 2, 7: vendors are sent as multipart).
 */
export function vendorPayload(values: VendorValues, validated: unknown): unknown {
  const payload = { ...(validated as Record<string, unknown>) };
  // No number: the organization's next one (the server takes '' for a number it cannot store).
  if (payload.number === '' || payload.number === null) delete payload.number;
  // Skype and facebook entries are free text, each kept once (spec 2, 2 "Contacts tab").
  const once = <T,>(items: T[], key: (item: T) => string) => items.filter((item, i) => items.findIndex((x) => key(x) === key(item)) === i);
  if (Array.isArray(payload.contacts)) {
    payload.contacts = (payload.contacts as Record<string, unknown>[]).map((c) => ({
      ...c,
      skype_accounts: once((c.skype_accounts as { login: string }[]) ?? [], (x) => x.login.trim().toLowerCase()),
      facebook_accounts: once((c.facebook_accounts as { profile: string }[]) ?? [], (x) => x.profile.trim().toLowerCase()),
    }));
  }
  return values.confirmation_document instanceof File ? toFormData('vendor', { ...payload, confirmation_document: values.confirmation_document }) : payload;
}

/**
 * The fields a change request compares (spec 2, 4): name, type, address, payment methods without
 * the assignment and partner-type fields, and tax info with numeric percentages.
 */
export function comparedFields(values: VendorValues): unknown {
  // '19' and '19.0000' are the same percentage (decimal.js, never a JS number).
  const num = (v: string) => (isDecimal(v.trim()) ? toDecimal(v.trim()).toString() : v.trim());
  const { search: _search, ...address } = values.address;
  void _search;
  return {
    name: values.name.trim(),
    type: values.type,
    address,
    tax_info: { ...values.tax_info, vat_percentage: num(values.tax_info.vat_percentage), withholding_tax_percentage: num(values.tax_info.withholding_tax_percentage) },
    payment_methods: values.payment_methods.map(({ assign_to_contracts: _a, assign_contract_vendor_ids: _b, sap_partner_type: _c, contract_vendors: _d, bank_name: _e, payee_vendor_name: _f, ...rest }) => rest),
  };
}
