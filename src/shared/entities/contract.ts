import type { Amendment } from './amendment';
import type { PaymentMethod } from './vendor';
import type {
  CONTRACT_SHARE_TYPES,
  CONTRACT_STATES,
  CONTRACT_TYPES,
  CREDIT_NOTE_TYPES,
  REPORT_TEMPLATES,
  REVENUE_SHARE_FORMULAS,
} from '../validation/contracts';
import type { RevenueSourceType } from './revenue-source';

export type ContractState = (typeof CONTRACT_STATES)[number];
export type ContractType = (typeof CONTRACT_TYPES)[number];
export type CreditNoteType = (typeof CREDIT_NOTE_TYPES)[number];
export type ReportTemplate = (typeof REPORT_TEMPLATES)[number];
export type ContractShareType = (typeof CONTRACT_SHARE_TYPES)[number];
export type RevenueShareFormula = (typeof REVENUE_SHARE_FORMULAS)[number];

/**
 * A contract as the API answers it (spec 2, section 3 "Contract"; DOMAIN.md "Contracts"). The server
 * builds it, the client reads it. `Time` is `Date` on the server and its ISO string in JSON. Dates
 * without time are `yyyy-MM-dd`; percentages and amounts are decimal strings, never numbers.
 */
export interface Contract<Time = string> {
  id: number;
  organization_id: number;
  organization: { id: number; name: string };
  contract_type: ContractType;
  currency: string;
  start_date: string;
  end_date: string | null;
  /** `start_date` once signed, else empty (DOMAIN.md). */
  active_from: string | null;
  /** `terminated_on`, else `end_date`, once signed; else empty. */
  active_to: string | null;
  terminated_on: string | null;
  termination_possible_from: string | null;
  termination_period_months: number;
  state: ContractState;
  state_comment: string | null;
  /** Server flags (DOMAIN.md): editable and deletable in draft and rejected; final when signed, terminated, cancelled or signing_cancelled. */
  state_editable: boolean;
  state_deletable: boolean;
  state_final: boolean;
  /** Save with `submit_for_approval` is possible (new, draft, rejected). */
  can_submit_for_approval: boolean;
  /** The transitions the viewer may run now, by name (approve, reject, cancel, sign); the screens enable their commands from these. */
  can_approve: boolean;
  can_reject: boolean;
  can_cancel: boolean;
  can_sign: boolean;
  /** Final, and the viewer may write amendments (spec 2, section 4). */
  can_create_amendment: boolean;
  template_name: string | null;
  /** The contract document's download path, when one is stored. */
  document_url: string | null;
  primary_signer_email: { email: string } | null;
  secondary_signer_email: { email: string } | null;
  credit_note_type: CreditNoteType;
  report_templates: ReportTemplate[];
  tags: { id: number; name: string }[];
  contract_vendors: ContractVendor<Time>[];
  revenue_shares: RevenueShare[];
  revenue_sources: ContractRevenueSource[];
  /** The latest termination request, if any (one may be pending at a time). */
  termination_request: TerminationRequest<Time> | null;
  /** The contract's amendments by number (`/api/contracts/{id}/amendments` answers the same). */
  amendments: Amendment<Time>[];
  created_at: Time;
  updated_at: Time;
}

export interface ContractVendor<Time = string> {
  id: number;
  vendor_id: number;
  vendor: { id: number; name: string; number: number; full_number: string; inactive: boolean };
  vendor_payment_method_id: number | null;
  vendor_payment_method: PaymentMethod | null;
  /** 0-100; the contract's vendors total exactly 100. */
  share_percentage: string;
  /** Below it the balance carries (DOMAIN.md "Payment run" step 4); null: the vendor's, else the organization's. A payment setting, not a term. */
  minimum_payout: string | null;
  vendor_contact_email_ids: number[];
  vendor_contact_emails: { id: number; email: string }[];
  payout_on_hold: boolean;
  payout_on_hold_reason: string | null;
  payout_on_hold_at: Time | null;
}

/** One share of the contract: its type and formula with the formula's params (the others are null). */
export interface RevenueShare {
  id: number;
  type: ContractShareType;
  formula: RevenueShareFormula;
  /** Percent 0-100 (rev_share and cap). */
  rev_share: string | null;
  /** Amount at least 0 (rev_share). */
  baseline: string | null;
  /** Amount at least 0 (fixed_income). */
  fixed_income: string | null;
  /** Amount at least 0 (cap). */
  threshold: string | null;
}

export interface ContractRevenueSource {
  id: number;
  name: string | null;
  reference_id: string;
  type: RevenueSourceType;
}

export interface TerminationRequest<Time = string> {
  id: number;
  state: 'pending' | 'approved' | 'rejected';
  state_pending: boolean;
  state_editable: boolean;
  state_deletable: boolean;
  state_comment: string | null;
  terminate_on: string;
  termination_reason: string;
  document_url: string | null;
  created_at: Time;
}

/** An entry of `GET /api/contracts/lookup?q=` (palette, payment filters). */
export interface ContractLookup {
  id: number;
  label: string;
  state: ContractState;
  organization: { id: number; name: string };
}
