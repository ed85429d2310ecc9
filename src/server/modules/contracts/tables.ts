import type { ColumnType, Generated } from 'kysely';
import type { AmendmentState } from '../../../shared/entities/amendment.js';
import type { ContractShareType, ContractState, ContractType, CreditNoteType, ReportTemplate, RevenueShareFormula } from '../../../shared/entities/contract.js';
import type { CreatedAt, Id, Numeric, OptionalNumeric } from '../../db/schema.js';

type DateText = ColumnType<string, string, string>;
type NullableDate = ColumnType<string | null, string | null | undefined, string | null>;
type NullableNumeric = ColumnType<string | null, string | null | undefined, string | null>;
type Updated = Generated<Date>;

/** Columns holding storage keys (see `stored-files.ts`). */
export const contractFiles = [{ table: 'contract_documents', column: 'file_key' }];

export interface ContractsTable {
  id: Id;
  organization_id: number;
  contract_type: ContractType;
  currency: string;
  start_date: DateText;
  end_date: NullableDate;
  termination_possible_from: NullableDate;
  termination_period_months: Generated<number>;
  terminated_on: NullableDate;
  state: Generated<ContractState>;
  state_comment: string | null;
  template_name: string | null;
  primary_signer_email: string | null;
  secondary_signer_email: string | null;
  credit_note_type: CreditNoteType;
  report_templates: ColumnType<ReportTemplate[], ReportTemplate[] | undefined, ReportTemplate[]>;
  signed_at: Date | null;
  /** Generated: `start_date` / `terminated_on` or `end_date` once signed (DOMAIN.md). */
  active_from: ColumnType<string | null, never, never>;
  active_to: ColumnType<string | null, never, never>;
  created_at: CreatedAt;
  updated_at: Updated;
  lock_version: Generated<number>;
}

export interface ContractVendorsTable {
  id: Id;
  contract_id: number;
  vendor_id: number;
  vendor_payment_method_id: number | null;
  share_percentage: Numeric;
  payout_on_hold: Generated<boolean>;
  payout_on_hold_reason: string | null;
  payout_on_hold_at: Date | null;
  /** Below it a balance carries to the next payout (migration 0044); null: the vendor's, else the organization's. */
  minimum_payout: OptionalNumeric;
  position: Generated<number>;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface ContractVendorContactEmailsTable {
  contract_vendor_id: number;
  vendor_contact_email_id: number;
}

export interface ContractRevenueSharesTable {
  id: Id;
  contract_id: number;
  type: ContractShareType;
  formula: RevenueShareFormula;
  rev_share: NullableNumeric;
  baseline: NullableNumeric;
  fixed_income: NullableNumeric;
  threshold: NullableNumeric;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface ContractRevenueSourcesTable {
  contract_id: number;
  revenue_source_id: number;
}

export interface ContractAmendmentsTable {
  id: Id;
  contract_id: number;
  number: number;
  state: Generated<AmendmentState>;
  state_comment: string | null;
  apply_on: NullableDate;
  primary_signer_email: string | null;
  secondary_signer_email: string | null;
  change_revenue_shares: Generated<boolean>;
  change_revenue_sources: Generated<boolean>;
  applied_at: Date | null;
  created_at: CreatedAt;
  updated_at: Updated;
  lock_version: Generated<number>;
}

export interface ContractAmendmentVendorsTable {
  id: Id;
  contract_amendment_id: number;
  vendor_id: number;
  vendor_payment_method_id: number | null;
}

export interface ContractAmendmentRevenueSharesTable {
  id: Id;
  contract_amendment_id: number;
  type: ContractShareType;
  formula: RevenueShareFormula;
  rev_share: NullableNumeric;
  baseline: NullableNumeric;
  fixed_income: NullableNumeric;
  threshold: NullableNumeric;
}

export interface ContractAmendmentRevenueSourcesTable {
  contract_amendment_id: number;
  revenue_source_id: number;
}

export interface ContractTerminationRequestsTable {
  id: Id;
  contract_id: number;
  state: Generated<'pending' | 'approved' | 'rejected'>;
  state_comment: string | null;
  terminate_on: DateText;
  termination_reason: string;
  created_at: CreatedAt;
  updated_at: Updated;
  lock_version: Generated<number>;
}

export interface ContractDocumentsTable {
  id: Id;
  contract_id: number;
  contract_amendment_id: number | null;
  contract_termination_request_id: number | null;
  kind: 'uploaded' | 'generated' | 'signed';
  file_key: string;
  filename: string;
  content_type: string;
  digest: string;
  created_at: CreatedAt;
}

declare module '../../db/schema.js' {
  interface Database {
    contracts: ContractsTable;
    contract_vendors: ContractVendorsTable;
    contract_vendor_contact_emails: ContractVendorContactEmailsTable;
    contract_revenue_shares: ContractRevenueSharesTable;
    contract_revenue_sources: ContractRevenueSourcesTable;
    contract_amendments: ContractAmendmentsTable;
    contract_amendment_vendors: ContractAmendmentVendorsTable;
    contract_amendment_revenue_shares: ContractAmendmentRevenueSharesTable;
    contract_amendment_revenue_sources: ContractAmendmentRevenueSourcesTable;
    contract_termination_requests: ContractTerminationRequestsTable;
    contract_documents: ContractDocumentsTable;
  }
}
