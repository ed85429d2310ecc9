/**
 * The ledger of vendor balances (DOMAIN.md "Payment run: earnings, balances and payments" and "The
 * ledger's API"): every cent a contract vendor earns, is paid, is reversed or is advanced is an entry,
 * and a balance is the sum of its entries. Amounts are signed decimal strings, months `yyyy-MM-01`.
 */
export const BALANCE_ENTRY_KINDS = ['earning', 'payment', 'reversal', 'cancellation', 'advance'] as const;
export type BalanceEntryKind = (typeof BALANCE_ENTRY_KINDS)[number];

/** One entry of a vendor's ledger, as `GET /api/vendors/{id}/balance_entries` lists it (the usual list envelope). */
export interface BalanceEntry<Time = string> {
  id: number;
  contract_vendor_id: number;
  contract_id: number;
  payout_id: number | null;
  payment_id: number | null;
  /** The paying (or reversed) payment's reference. */
  payment_reference: string | null;
  kind: BalanceEntryKind;
  /** The month it belongs to, `yyyy-MM-01`. */
  month: string;
  /** Signed: earnings and cancellations add, payments, reversals and advances take away. */
  amount: string;
  currency: string;
  /** May be empty. */
  description: string;
  created_at: Time;
  /** The contract vendor's running balance after this entry. */
  balance_after: string;
}

/** A contract vendor's balance in one currency today (`GET /api/vendors/{id}/balance` answers `{entries}` of these). */
export interface ContractVendorBalance {
  contract_vendor_id: number;
  contract_id: number;
  currency: string;
  balance: string;
  /** A positive (below the minimum) or negative balance waits for the next payout. */
  carried: boolean;
  /** The effective minimum: the contract vendor's, else the vendor's, else the organization's, else "0.01". */
  minimum_payout: string;
}

/** Who reads a vendor's balance and its entries: the roles of a vendor's payments list (admin passes every check). */
export const BALANCE_ROLES: readonly string[] = ['payments', 'payments_admin', 'admin'];
