import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id, Json, OptionalNumeric } from '../../db/schema.js';
import type { TaxInfo, VendorAddress } from '../../../shared/entities/vendor.js';

type DateText = ColumnType<string | null, string | null | undefined, string | null>;
type Updated = Generated<Date>;

/** Columns holding storage keys (see `stored-files.ts`). */
export const vendorFiles = [{ table: 'vendor_documents', column: 'file_key' }];

/** A pending change request as stored on the vendor (DOMAIN.md "Vendors"). */
export interface StoredChangeRequest {
  created_at: string;
  agreement_status: 'pending' | 'confirmed';
  valid_from: string | null;
  /** Who confirmed it and when, while a confirmed change waits for its `valid_from`. */
  confirmed_at?: string;
  confirmed_by?: number;
  /** The compared fields that differ: `{field: [before, after]}`. */
  changes: Record<string, [unknown, unknown]>;
  /** The whole validated payload, applied when the request is confirmed. */
  proposed: Record<string, unknown>;
  user_id: number | null;
}

export interface VendorsTable {
  id: Id;
  organization_id: number;
  number: number;
  name: string;
  type: 'person' | 'company';
  source: Generated<'network' | 'external' | 'internal'>;
  language: Generated<string>;
  state: Generated<'new' | 'confirmed'>;
  inactive: Generated<boolean>;
  account_manager_id: number | null;
  valid_from: DateText;
  change_request: Json<StoredChangeRequest | null> | null;
  confirmed_at: Date | null;
  /** Below it a balance carries to the next payout (migration 0044); null: the organization's. */
  minimum_payout: OptionalNumeric;
  created_at: CreatedAt;
  updated_at: Updated;
  lock_version: Generated<number>;
}

/** The shared VendorAddress (src/shared/entities/vendor.ts), one row a vendor. */
export interface VendorAddressesTable extends Omit<VendorAddress, 'id'> {
  id: Id;
  vendor_id: number;
  created_at: CreatedAt;
  updated_at: Updated;
}

/** The shared TaxInfo (src/shared/entities/vendor.ts), one row a vendor. */
export interface VendorTaxInfosTable extends Omit<TaxInfo, 'id' | 'it_wht_reason' | 'it_regime'> {
  id: Id;
  vendor_id: number;
  // Written from the validated input's text; the entity narrows them to their codes.
  it_wht_reason: string | null;
  it_regime: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface VendorContactsTable {
  id: Id;
  vendor_id: number;
  first_name: string;
  last_name: string;
  nickname: string | null;
  date_of_birth: DateText;
  position: number;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface VendorContactEmailsTable {
  id: Id;
  vendor_contact_id: number;
  vendor_id: number;
  email: string;
  email_key: ColumnType<string, never, never>;
  label: string | null;
  can_access_portal: boolean;
  can_sign: boolean;
  portal_user_id: number | null;
  is_confirmed: Generated<boolean>;
  confirmation_sent_at: Date | null;
  confirmation_token_digest: string | null;
  position: number;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface VendorContactPhoneNumbersTable {
  id: Id;
  vendor_contact_id: number;
  country_code: string;
  number: string;
  label: string | null;
  position: number;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface VendorContactSkypeAccountsTable {
  id: Id;
  vendor_contact_id: number;
  login: string;
  position: number;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface VendorContactFacebookAccountsTable {
  id: Id;
  vendor_contact_id: number;
  profile: string;
  position: number;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface VendorPaymentMethodsTable {
  id: Id;
  vendor_id: number;
  type: 'bank' | 'paypal' | 'alternative_payee' | 'no_account';
  account_holder: string | null;
  is_sepa: boolean;
  iban: string | null;
  bic: string | null;
  account_number: string | null;
  bank_id: number | null;
  sap_partner_type: string | null;
  email: string | null;
  source_payment_method_id: number | null;
  position: number;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface VendorReferencedVendorsTable {
  vendor_id: number;
  referenced_vendor_id: number;
}

export interface VendorDocumentsTable {
  id: Id;
  vendor_id: number;
  file_key: string;
  content_type: string;
  digest: string;
  audit_version: number;
  created_at: CreatedAt;
  /** The day the change it confirms applies, when that was after the day it was added (migration 0043). */
  valid_from: DateText;
}

declare module '../../db/schema.js' {
  interface Database {
    vendors: VendorsTable;
    vendor_addresses: VendorAddressesTable;
    vendor_tax_infos: VendorTaxInfosTable;
    vendor_contacts: VendorContactsTable;
    vendor_contact_emails: VendorContactEmailsTable;
    vendor_contact_phone_numbers: VendorContactPhoneNumbersTable;
    vendor_contact_skype_accounts: VendorContactSkypeAccountsTable;
    vendor_contact_facebook_accounts: VendorContactFacebookAccountsTable;
    vendor_payment_methods: VendorPaymentMethodsTable;
    vendor_referenced_vendors: VendorReferencedVendorsTable;
    vendor_documents: VendorDocumentsTable;
  }
}
