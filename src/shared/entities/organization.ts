import type { CONTRACT_TYPES, REVENUE_SHARE_TYPES } from '../validation/organizations';

/**
 * The organization's own scalar columns, named and typed once: the table type
 * (server/modules/organizations/tables.ts) and the API's answer below extend it, and the form's values
 * (client/features/organizations/organization.ts) are these fields as text.
 */
export interface OrganizationColumns {
  name: string;
  number: string;
  country_code: string;
  currency: string;
  city: string;
  postal_code: string;
  street: string;
  street_number: string;
  color_primary: string | null;
  color_accent: string | null;
  payment_due_interval_length: number | null;
}

/**
 * An organization as the API answers it (spec 1, 3): the server builds it, the client reads it.
 * `Time` is `Date` on the server and the ISO string it becomes in JSON on the client.
 */
export interface Organization<Time = string> extends OrganizationColumns {
  id: number;
  full_address: string;
  overridden_payment_type: string | null;
  logo_url: string | null;
  invoice_emails: string[];
  invoice_cc_emails: string[];
  vendor_change_request_notification_emails: string[];
  payment_paused_notification_emails: string[];
  payment_due_interval_unit: string | null;
  /** Four eyes on money out (DOMAIN.md): whoever verified a payment's invoice cannot pay it out; whoever published a bucket or verified one of its payments cannot create its files. */
  four_eyes: boolean;
  /** Below it a contract vendor's balance carries to the next payout (DOMAIN.md "Payment run" step 4); null: 0.01. */
  minimum_payout: string | null;
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
