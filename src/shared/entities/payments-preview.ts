import type { ContractShareType, RevenueShareFormula } from './contract';
import type { PaymentsSummaryRow } from './payment';

/**
 * `GET /api/payouts/{id}/payments_preview` (beyond the spec): what the payment run WOULD create,
 * computed by the run's own code. Amounts, rates and percentages are decimal strings.
 */
export interface PaymentsPreview {
  payout_id: number;
  contracts: PaymentsPreviewContract[];
  /** Per organization and currency, the shape of `payments_summary`, over what the run would create now. */
  totals: PaymentsSummaryRow[];
}

export interface PaymentsPreviewContract {
  contract_id: number;
  contract_type: string;
  organization: { id: number; name: string };
  currency: string;
  /** The payments' `currency_rate`: USD to the contract currency where the run used that pair, else the first pair it used, else 1. */
  currency_rate: string;
  share_set: 'combined' | 'separate';
  /** The run already created this contract's payments: it would create nothing for it again. */
  created: boolean;
  shares: PaymentsPreviewShare[];
  vendors: PaymentsPreviewVendor[];
}

export interface PaymentsPreviewShare {
  share_type: ContractShareType;
  formula: RevenueShareFormula;
  rev_share: string | null;
  baseline: string | null;
  fixed_income: string | null;
  threshold: string | null;
  revenue_types: string[];
  sources_count: number;
  /** The revenue as the reports stated it, summed per reported currency (never added across currencies). */
  revenue_reported: { currency: string; revenue: string }[];
  /** Converted to the contract currency, exact: the formula's R. */
  revenue: string;
  /** The formula's result, exact, and rounded once as the run rounds it. */
  amount_exact: string;
  amount: string;
  /** `max(1234.56 - 100.00, 0) × 30% = 340.37` with plain decimals (the screen writes its own in the user's locale). */
  formula_text: string;
}

export interface PaymentsPreviewVendor {
  contract_vendor_id: number;
  vendor: { id: number; name: string; number: number };
  share_percentage: string;
  /** What this payout earns for it (the sum of its share parts). */
  earned: string;
  /** Its balance before this payout: carried amounts, advances and reversals to recoup (0.00 when none). */
  brought_forward: string;
  minimum_payout: string;
  /** Null: the run pays `amount` (earned plus brought forward). Else why the balance would carry instead. */
  carried: null | 'below_minimum' | 'not_positive';
  type: 'self_billing' | 'invoice';
  state: 'new' | 'on_hold';
  /** The vendor's part of each share (largest remainder across the vendors). */
  shares: { share_type: ContractShareType; amount: string }[];
  amount: string;
  vat_percentage: string;
  vat_amount: string;
  reverse_charge: boolean;
  wht_percentage: string;
  wht_amount: string;
  fee: string;
  total_amount: string;
}
