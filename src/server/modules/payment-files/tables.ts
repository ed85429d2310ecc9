import type { Generated } from 'kysely';
import type { CreatedAt, Id, Numeric } from '../../db/schema.js';

/** Columns holding storage keys (see `stored-files.ts`). */
export const paymentFileFiles = [{ table: 'payment_files', column: 'storage_key' }];

export type PaymentFileFormat = 'sepa' | 'csv';

export interface PaymentFilesTable {
  id: Id;
  payment_bucket_id: number;
  organization_id: number;
  currency: string;
  format: PaymentFileFormat;
  storage_key: string;
  /** SHA-256 of the stored content, hex. */
  digest: string;
  payments_count: number;
  amount: Numeric;
  vat_amount: Numeric;
  wht_amount: Numeric;
  total_amount: Numeric;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

declare module '../../db/schema.js' {
  interface Database {
    payment_files: PaymentFilesTable;
  }
}

declare module '../payments/tables.js' {
  interface PaymentsTable {
    /** The payment file that exported it (migration 0023); null again after cancel_export or the file's deletion. */
    payment_file_id: number | null;
  }
}
