import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id, Numeric } from '../../db/schema.js';
import type { PaymentPayee } from '../../../shared/entities/payment.js';
import type { BalanceEntryKind } from '../../../shared/entities/balance-entry.js';

type TextList = ColumnType<string[], string[] | undefined, string[]>;
type DateText = ColumnType<string, string, string>;

export interface PaymentsTable {
  id: Id;
  reference: Generated<string>;
  type: string;
  state: Generated<string>;
  state_before_hold: string | null;
  /** Null only for an advance (migration 0046), which no payout made. */
  payout_id: number | null;
  advance_reason: string | null;
  organization_id: number;
  contract_id: number;
  contract_vendor_id: number;
  vendor_id: number;
  payment_bucket_id: number | null;
  cancelled_payment_id: number | null;
  revenue_types: TextList;
  currency: string;
  currency_rate: Numeric;
  reverse_charge: Generated<boolean>;
  credit_note_type: string | null;
  invoice_file_key: string | null;
  invoice_number: string | null;
  invoice_attached_at: Date | null;
  start_date: DateText;
  end_date: DateText;
  due_date: DateText;
  paid_at: Date | null;
  /** The credit note publish wrote (migration 0022), and when. */
  credit_note_key: string | null;
  published_at: Date | null;
  amount: Numeric;
  vat_percentage: ColumnType<string, string | undefined, string>;
  vat_amount: ColumnType<string, string | undefined, string>;
  wht_percentage: ColumnType<string, string | undefined, string>;
  wht_amount: ColumnType<string, string | undefined, string>;
  fee: ColumnType<string, string | undefined, string>;
  total_amount: Numeric;
  /** The payee frozen when the payment was made (migration 0034, `payee.ts`): files, statements and credit notes read it. */
  payee_method_type: string | null;
  payee_is_sepa: Generated<boolean>;
  payee_account_holder: string | null;
  payee_iban: string | null;
  payee_bic: string | null;
  payee_account_number: string | null;
  payee_bank_key: string | null;
  payee_email: string | null;
  payee_name: string | null;
  payee_street: string | null;
  payee_street_number: string | null;
  payee_postal_code: string | null;
  payee_city: string | null;
  payee_country_code: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

export interface PaymentLineItemsTable {
  id: Id;
  payment_id: number;
  /** Null on the line of what was carried (`brought_forward_from`, migration 0044). */
  revenue_source_id: number | null;
  contract_revenue_share_id: number | null;
  share_type: string | null;
  revenue_type: string;
  external_id: string | null;
  revenue: Numeric;
  revenue_final: Numeric;
  revenue_currency: Generated<string>;
  amount_raw: Numeric;
  amount: Numeric;
  /** The month the carried balance this line pays was first carried from. */
  brought_forward_from: ColumnType<string | null, string | null | undefined, string | null>;
}


/** A movement of a contract vendor's balance (migration 0044, ledger.ts): the balance is their sum. */
export interface BalanceEntriesTable {
  id: Id;
  contract_vendor_id: number;
  vendor_id: number;
  currency: string;
  kind: BalanceEntryKind;
  /** Signed: earnings either way, cancellations up, payments, reversals and advances down. */
  amount: Numeric;
  payout_id: number | null;
  payment_id: number | null;
  /** The month's first day. */
  month: DateText;
  description: Generated<string>;
  created_at: CreatedAt;
  created_by: number | null;
}

/** A fixed income paid for a contract share and calendar month (migration 0033): once, whatever the payouts. */
export interface FixedIncomeMonthsTable {
  contract_id: number;
  share_type: string;
  /** The month's first day. */
  month: ColumnType<string, string, string>;
  payout_id: number;
}

/** Whom a contract vendor is paid to today (migration 0042's view): what a payment freezes as its payee. */
type PayeeAddress = PaymentPayee['address'];
export interface ContractVendorPayeesView extends Omit<PaymentPayee, 'name' | 'address'>, PayeeAddress {
  contract_vendor_id: number;
  /** The view always names the payee (the vendor, or the alternative payee's owner). */
  name: string;
}

declare module '../../db/schema.js' {
  interface Database {
    payments: PaymentsTable;
    contract_vendor_payees: ContractVendorPayeesView;
    payment_line_items: PaymentLineItemsTable;
    balance_entries: BalanceEntriesTable;
    fixed_income_months: FixedIncomeMonthsTable;
  }
}

/** Columns that hold storage keys (stored-files.ts keeps what they name). */
export const paymentFiles = [{ table: 'payments', column: 'invoice_file_key' }];
