import type { CONTRACT_TYPES, REVENUE_SHARE_TYPES } from '../validation/organizations';

/**
 * An organization as the API answers it (spec 1, 3): the server builds it, the client reads it.
 * `Time` is `Date` on the server and the ISO string it becomes in JSON on the client.
 */
export interface Organization<Time = string> {
  id: number;
  name: string;
  number: string;
  country_code: string;
  currency: string;
  city: string;
  postal_code: string;
  street: string;
  street_number: string;
  full_address: string;
  color_primary: string | null;
  color_accent: string | null;
  overridden_payment_type: string | null;
  logo_url: string | null;
  invoice_emails: string[];
  invoice_cc_emails: string[];
  vendor_change_request_notification_emails: string[];
  payment_paused_notification_emails: string[];
  payment_due_interval_length: number | null;
  payment_due_interval_unit: string | null;
  vendor_sources: { external: string; internal: string; network: string };
  managing_directors: { id: number; full_name: string; email: string }[];
  legal_imprints: { id: number; locale: string; template: string }[];
  signers: {
    id: number;
    user_id: number;
    user: { id: number; email: string; first_name: string; last_name: string };
    is_primary: boolean;
    is_secondary: boolean;
  }[];
  wbs_codes: {
    id: number;
    contract_type: (typeof CONTRACT_TYPES)[number];
    revenue_share_type: (typeof REVENUE_SHARE_TYPES)[number];
    template: string;
  }[];
  /** The organization's own account per currency, the debtor of its payment files (DOMAIN.md "Buckets and payment files"). */
  debtor_accounts: { id: number; currency: string; iban: string; bic: string | null; account_holder: string }[];
  created_at: Time;
}

/** An entry of `GET /api/organizations/lookup?q=` (list filters). */
export interface OrganizationLookup {
  id: number;
  label: string;
  name: string;
  number: string;
  currency: string;
}
