import type { AMENDMENT_STATES } from '../validation/amendments';
import type { ContractRevenueSource, RevenueShare } from './contract';
import type { PaymentMethod } from './vendor';

export type AmendmentState = (typeof AMENDMENT_STATES)[number];

/**
 * A contract amendment as the API answers it (spec 2, section 3 "Amendment"; DOMAIN.md "Contracts"):
 * `/api/contracts/{contractId}/amendments/{id}`, and in the contract's `amendments`. `Time` is `Date` on
 * the server and its ISO string in JSON; dates are `yyyy-MM-dd`, percentages decimal strings.
 */
export interface Amendment<Time = string> {
  id: number;
  contract_id: number;
  /** 1, 2, ... per contract, in creation order. */
  number: number;
  state: AmendmentState;
  state_comment: string | null;
  /** Server flags: editable and deletable in draft and rejected. */
  state_editable: boolean;
  state_deletable: boolean;
  /** Save with `submit_for_approval` is possible (draft, rejected). */
  can_submit_for_approval: boolean;
  /** The transitions the viewer may run now; the screens enable their commands from these. */
  can_approve: boolean;
  can_reject: boolean;
  can_sign: boolean;
  /** Signing pending and the viewer may cancel it (→ signing_cancelled, comment optional). */
  can_cancel: boolean;
  /** Signed, the viewer may apply, and apply_on has come (the server's date). */
  can_apply: boolean;
  /** The day from which the amendment's terms apply; it must come after the previous amendment's and before the next one's. */
  apply_on: string | null;
  /** The newest document (uploaded, generated or the signed copy), when one is stored. */
  document_url: string | null;
  primary_signer_email: { email: string } | null;
  secondary_signer_email: { email: string } | null;
  /** Form flags: whether the amendment replaces the contract's shares / sources (else those lists are empty). */
  change_revenue_shares: boolean;
  change_revenue_sources: boolean;
  /** Contract vendors' payment methods as the amendment sets them. */
  amendment_vendors: AmendmentVendor[];
  revenue_shares: RevenueShare[];
  revenue_sources: ContractRevenueSource[];
  applied_at: Time | null;
  created_at: Time;
  updated_at: Time;
}

export interface AmendmentVendor {
  id: number;
  vendor_id: number;
  vendor: { id: number; name: string; number: number; full_number: string; inactive: boolean };
  vendor_payment_method_id: number | null;
  vendor_payment_method: PaymentMethod | null;
}
