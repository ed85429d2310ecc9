import type {
  IT_REGIMES,
  IT_WHT_REASONS,
  PAYMENT_METHOD_TYPES,
  PORTAL_CONFIRMATION_STATES,
  VENDOR_LANGUAGES,
  VENDOR_SOURCES,
  VENDOR_STATES,
  VENDOR_TYPES,
} from '../validation/vendors';

/**
 * A vendor as the API answers it (spec 2, section 3 "Vendor" and DOMAIN.md "Vendors"): the server builds
 * it, the client reads it. `Time` is `Date` on the server and the ISO string it becomes in JSON on the
 * client. Percentages are decimal strings (NUMERIC(7,4)); dates without time are `yyyy-MM-dd` strings.
 */
export interface Vendor<Time = string> {
  id: number;
  /** Per organization, in sequence unless an admin set it on creation. */
  number: number;
  /** The organization's 3-digit prefix for the vendor's source + the number padded to 6 digits. */
  full_number: string;
  name: string;
  organization_id: number;
  organization: { id: number; name: string; number: string };
  type: VendorType;
  source: VendorSource;
  language: VendorLanguage;
  state: VendorState;
  /** A pending change request makes the vendor read-only (spec 2, section 4). */
  readonly: boolean;
  inactive: boolean;
  /** Server flags the list and details read (row menu, actions menu). */
  deletable: boolean;
  created_at: Time;
  updated_at: Time;
  /** From when the last confirmed change applies (`yyyy-MM-dd`). */
  valid_from: string | null;
  account_manager_id: number | null;
  /** Below it a contract vendor's balance carries (DOMAIN.md "Payment run" step 4); null: the organization's. */
  minimum_payout: string | null;
  account_manager: { id: number; first_name: string; last_name: string; email: string } | null;
  address: VendorAddress | null;
  tags: { id: number; name: string }[];
  referenced_vendors: VendorRef[];
  /** Confirmation documents (signed agreements to the master data), newest first. */
  documents: { id: number; audit_version: number; created_at: Time; url: string }[];
  /** This vendor's rows on contracts. */
  contract_vendors: { id: number; contract_id: number; vendor_payment_method_id: number | null }[];
  change_request_changes: ChangeRequest<Time> | null;
  tax_info: TaxInfo | null;
  contacts: VendorContact<Time>[];
  payment_methods: PaymentMethod[];
  youtube_accounts: { profile: string }[];
}

export type VendorType = (typeof VENDOR_TYPES)[number];
export type VendorSource = (typeof VENDOR_SOURCES)[number];
export type VendorLanguage = (typeof VENDOR_LANGUAGES)[number];
export type VendorState = (typeof VENDOR_STATES)[number];
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** Another vendor as a list entry, a referenced vendor or a lookup hit. */
export interface VendorRef {
  id: number;
  name: string;
  number: number;
  full_number: string;
  inactive: boolean;
}

export interface VendorAddress {
  id: number;
  country_code: string | null;
  postal_code: string | null;
  state: string | null;
  city: string | null;
  street: string | null;
  street_number: string | null;
  floor: string | null;
  apartment: string | null;
  post_box: string | null;
  care_of: string | null;
}

export interface TaxInfo {
  id: number;
  eu_tax_id: string | null;
  de_regional_tax_number: string | null;
  de_country_tax_number: string | null;
  /** ISO 3166-2 code of the German state (`DE-BY`). */
  de_tax_number_region: string | null;
  nl_kvk: string | null;
  es_cif: string | null;
  es_nif: string | null;
  it_iva: string | null;
  it_fiscal_code: string | null;
  it_wht_reason: (typeof IT_WHT_REASONS)[number] | null;
  it_regime: (typeof IT_REGIMES)[number] | null;
  fr_tva: string | null;
  fr_siret: string | null;
  other_tax_id: string | null;
  vat_percentage: string | null;
  withholding_tax_percentage: string;
  self_billing_allowed: boolean;
  is_natural_person: boolean;
  is_personally_liable: boolean | null;
  legal_form: string | null;
}

export interface VendorContact<Time = string> {
  id: number;
  first_name: string;
  last_name: string;
  nickname: string | null;
  date_of_birth: string | null;
  emails: ContactEmail<Time>[];
  phone_numbers: { id: number; country_code: string; number: string; label: string | null; phone_code: string | null; e164: string | null }[];
  skype_accounts: { id: number; login: string }[];
  facebook_accounts: { id: number; profile: string }[];
}

export interface ContactEmail<Time = string> {
  id: number;
  email: string;
  label: string | null;
  can_access_portal: boolean;
  can_sign: boolean;
  /** Set once a portal user exists for this address (portal access, a later issue). */
  portal_user_id: number | null;
  is_confirmed: boolean;
  confirmation_sent_at: Time | null;
  /** none: no portal access; pending: mail sent, link not used; confirmed. Resend works only while pending. */
  portal_confirmation: (typeof PORTAL_CONFIRMATION_STATES)[number];
}

interface MethodBase {
  id: number;
  /** The contract vendors this method pays (empty until contracts exist). */
  contract_vendors: { id: number; contract_id: number }[];
}

export interface BankMethod extends MethodBase {
  type: 'bank';
  account_holder: string;
  is_sepa: boolean;
  iban: string | null;
  bic: string | null;
  account_number: string | null;
  sap_partner_type: string | null;
  bank_id: number | null;
  bank: { id: number; name: string; bank_key: string; bic: string | null; street: string; postal_code: string; city: string; country_code: string } | null;
}

export interface PaypalMethod extends MethodBase {
  type: 'paypal';
  account_holder: string;
  email: string;
}

export interface AlternativePayeeMethod extends MethodBase {
  type: 'alternative_payee';
  source_payment_method_id: number;
  /** The payee: the other vendor and the bank method of it that is paid. */
  vendor: VendorRef;
  source_payment_method: { id: number; account_holder: string; iban: string | null; account_number: string | null };
}

export interface NoAccountMethod extends MethodBase {
  type: 'no_account';
}

export type PaymentMethod = BankMethod | PaypalMethod | AlternativePayeeMethod | NoAccountMethod;

/**
 * A change of a confirmed vendor (DOMAIN.md "Vendors"): `pending` until an admin confirms it; `confirmed`
 * while it waits for its `valid_from` (a day after today), when it applies (vendors/scheduled-changes.ts).
 */
export interface ChangeRequest<Time = string> {
  created_at: Time;
  agreement_status: 'pending' | 'confirmed';
  valid_from: string | null;
  /**
   * The compared fields that differ, each as `[before, after]`: `name`, `type`, `address`, `tax_info`
   * (objects of the changed fields) and `payment_methods` (the lists as stored, without ids).
   */
  changes: Record<string, [unknown, unknown]>;
}

/** The detailed view (`GET /api/vendors?view=detailed`, `GET /api/vendors/lookup?view=detailed`) contract forms use. */
export interface VendorDetailed extends VendorRef {
  organization_id: number;
  payment_methods: PaymentMethod[];
  contacts: { id: number; first_name: string; last_name: string; emails: { id: number; email: string; can_sign: boolean }[] }[];
}

/** A list entry: the record without the heavy parts the list does not show. */
export type VendorListEntry<Time = string> = Omit<Vendor<Time>, 'payment_methods' | 'tax_info' | 'documents' | 'change_request_changes'> & {
  change_request_pending: boolean;
};
