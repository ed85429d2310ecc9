import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id, OptionalNumeric } from '../../db/schema.js';
import type { OrganizationColumns } from '../../../shared/entities/organization.js';
import type { CONTRACT_TYPES, REVENUE_SHARE_TYPES } from '../../../shared/validation/organizations.js';

type TextList = ColumnType<string[], string[] | undefined, string[]>;

/** Columns holding storage keys (see `stored-files.ts`). */
export const organizationFiles = [{ table: 'organizations', column: 'logo_key' }];

/** The shared OrganizationColumns (src/shared/entities/organization.ts) and the columns only stored. */
export interface OrganizationsTable extends OrganizationColumns {
  id: Id;
  /** null: the payment type follows the vendor's tax data. */
  overridden_payment_type: 'self_billing' | 'invoice' | null;
  /** The logo in file storage (its key, content type and SHA-256), or all null. */
  logo_key: string | null;
  logo_content_type: string | null;
  logo_digest: string | null;
  invoice_emails: TextList;
  invoice_cc_emails: TextList;
  vendor_change_request_notification_emails: TextList;
  payment_paused_notification_emails: TextList;
  payment_due_interval_unit: 'd' | 'm' | 'y' | null;
  vendor_source_prefix_external: string;
  vendor_source_prefix_internal: string;
  vendor_source_prefix_network: string;
  /** IANA name (migration 0034): "today" for due dates, file execution dates and report quarters. */
  time_zone: Generated<string>;
  /** Four eyes on money out (migration 0034). */
  four_eyes: Generated<boolean>;
  /** Below it a balance carries to the next payout (migration 0044); null: 0.01. */
  minimum_payout: OptionalNumeric;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

/** The lists of an organization; `position` keeps the order they were entered in. */
export interface OrganizationManagingDirectorsTable {
  id: Id;
  organization_id: number;
  position: number;
  full_name: string;
  email: string;
  created_at: CreatedAt;
}

export interface OrganizationLegalImprintsTable {
  id: Id;
  organization_id: number;
  position: number;
  locale: string;
  template: string;
  created_at: CreatedAt;
}

export interface OrganizationSignersTable {
  id: Id;
  organization_id: number;
  position: number;
  user_id: number;
  is_primary: boolean;
  is_secondary: boolean;
  created_at: CreatedAt;
}

export interface OrganizationWbsCodesTable {
  id: Id;
  organization_id: number;
  // The migration's CHECK constraints hold these to the spec's values.
  contract_type: (typeof CONTRACT_TYPES)[number];
  revenue_share_type: (typeof REVENUE_SHARE_TYPES)[number];
  template: string;
  created_at: CreatedAt;
}

/** The organization's own account per currency: the debtor of its payment files. */
export interface OrganizationDebtorAccountsTable {
  id: Id;
  organization_id: number;
  position: number;
  currency: string;
  iban: string;
  bic: string | null;
  account_holder: string;
  created_at: CreatedAt;
}

declare module '../../db/schema.js' {
  interface Database {
    organizations: OrganizationsTable;
    organization_managing_directors: OrganizationManagingDirectorsTable;
    organization_legal_imprints: OrganizationLegalImprintsTable;
    organization_signers: OrganizationSignersTable;
    organization_wbs_codes: OrganizationWbsCodesTable;
    organization_debtor_accounts: OrganizationDebtorAccountsTable;
  }
}
