import type { ContractShareType } from './contract';

/** Spec 3, 3.1 and DOMAIN.md "Payment lifecycle"; `advance` is paid ahead of earnings (DOMAIN.md "Payment run" step 8). */
export const PAYMENT_TYPES = ['self_billing', 'invoice', 'reversal', 'advance'] as const;
export const PAYMENT_STATES = [
  'new',
  'invoice_added',
  'invoice_invalid',
  'needs_correction',
  'payout_pending',
  'exported',
  'paid_out',
  'on_hold',
  'incorrect',
  'cancelled',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** A payment as the palette finds it (`GET /api/payments/lookup`): enough to name it, nothing computed. */
export interface PaymentLookup {
  id: number;
  reference: string;
  total_amount: string;
  currency: string;
  vendor: { id: number; name: string };
}

/** Permission flags the server computes from the state and the user's roles (spec 3, 3.1). */
export interface PaymentFlags {
  can_be_added_to_bucket: boolean;
  can_be_removed_from_bucket: boolean;
  can_be_paused: boolean;
  can_be_resumed: boolean;
  can_cancel_export: boolean;
  can_be_incorrect: boolean;
  can_attach_invoice: boolean;
  can_be_verified: boolean;
  can_be_paid_out: boolean;
  can_be_cancelled: boolean;
  /** Its payee may be read again from the contract vendor: not yet in a payment file (DOMAIN.md "Payment run" step 6). */
  can_refresh_payee: boolean;
}

/**
 * Whom a payment pays, frozen when it was made (DOMAIN.md "Payment run" step 6): the method, the account
 * and its owner with the owner's address. For an alternative payee, the payee's bank account and name.
 */
export interface PaymentPayee {
  method_type: string | null;
  is_sepa: boolean;
  account_holder: string | null;
  iban: string | null;
  bic: string | null;
  account_number: string | null;
  bank_key: string | null;
  email: string | null;
  name: string | null;
  address: { street: string | null; street_number: string | null; postal_code: string | null; city: string | null; country_code: string | null };
}

/**
 * One line of a payment: a revenue source under a share type, or the balance carried to it
 * (`brought_forward_from` a month, no revenue source; DOMAIN.md "Payment run" step 4). Money as decimal strings.
 */
export interface PaymentLineItem {
  id: number;
  revenue_source: { id: number; reference_id: string } | null;
  /** The month (its first day) the carried balance this line pays goes back to. */
  brought_forward_from: string | null;
  contract_revenue_share: { type: ContractShareType } | null;
  revenue_type: string;
  external_id: string | null;
  /** USD as reported. */
  revenue: string;
  /** Converted to the payment currency, exact. */
  revenue_final: string;
  revenue_currency: string;
  /** The vendor's exact part before rounding. */
  amount_raw: string;
  amount: string;
}

/** An entry of the contract vendor's balance that a payment pays: its own earning, what was carried, a reversal recouped. */
export interface PaymentBalanceEntry {
  id: number;
  kind: 'earning' | 'payment' | 'reversal' | 'cancellation' | 'advance';
  amount: string;
  currency: string;
  /** The month's first day. */
  month: string;
  description: string;
  payout_id: number | null;
}

/** A payment (spec 3, 3.1). Amounts, rates and percentages are decimal strings; dates `yyyy-MM-dd`. */
export interface Payment<Time = string> extends PaymentFlags {
  id: number;
  reference: string;
  type: PaymentType;
  entry_type: 'payment' | 'reversal';
  state: PaymentState;
  organization: { id: number; name: string };
  vendor: { id: number; name: string; number: number };
  contract_id: number;
  contract_vendor_id: number;
  payment_bucket: { id: number; name: string } | null;
  /** The payout whose run made it; null for an advance, which no payout made. */
  payout: { id: number; month: string } | null;
  /** Why the advance was paid (type `advance` only). */
  advance_reason: string | null;
  cancelled_payment_id: number | null;
  revenue_types: string[];
  currency: string;
  currency_raw: string;
  currency_rate: string;
  reverse_charge: boolean;
  cancellable: boolean;
  credit_note_type: string | null;
  credit_note_url: string | null;
  invoice_url: string | null;
  invoice_number: string | null;
  invoice_attached_at: Time | null;
  start_date: string;
  end_date: string;
  due_date: string;
  past_due_date: boolean;
  paid_at: Time | null;
  created_at: Time;
  amount: string;
  vat_amount: string;
  vat_percentage: string;
  wht_amount: string;
  wht_percentage: string;
  fee: string;
  total_amount: string;
  line_items: PaymentLineItem[];
  payee: PaymentPayee;
  /** The ledger's entries this payment pays (DOMAIN.md "The ledger's API"). */
  balance_entries: PaymentBalanceEntry[];
  /** Who verified its invoice (four eyes: they do not pay it out). */
  verified_by: { id: number; name: string } | null;
  /** Why a flag the state and roles allow is false for this viewer: a four-eyes rule (DOMAIN.md "Four-eyes on money out"). */
  flag_reasons: Partial<Record<keyof PaymentFlags, string>>;
}

/**
 * A row of `GET /api/payouts/{id}/carried_balances`: a contract vendor the payout earned for but did not pay
 * (DOMAIN.md "Payment run" step 4), with why: its balance is below its minimum payout, or not above zero.
 */
export interface CarriedBalance {
  contract_vendor_id: number;
  contract_id: number;
  vendor: { id: number; name: string };
  currency: string;
  /** What this payout earned for it. */
  earned: string;
  /** Its balance now. */
  balance: string;
  minimum_payout: string;
  reason: 'below_minimum' | 'not_positive';
}

/** A row of `GET /api/payouts/{id}/payments_summary`: per organization and currency. */
export interface PaymentsSummaryRow {
  organization_id: number;
  organization_name: string;
  currency: string;
  payments_count: number;
  amount: string;
  vat_amount: string;
  wht_amount: string;
  total_amount: string;
}
