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
  /** The pain.001 message id (migration 0034); null for files made before it was kept. */
  message_id: string | null;
  /** The first download (migration 0034): from then on the file is what the bank got, never rewritten. */
  downloaded_at: Date | null;
  downloaded_by_id: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

export interface PaymentBucketPublishersTable {
  payment_bucket_id: number;
  user_id: number;
}

declare module '../../db/schema.js' {
  interface Database {
    payment_files: PaymentFilesTable;
    /** Who published a bucket (migration 0034): four eyes keep them from making its files. */
    payment_bucket_publishers: PaymentBucketPublishersTable;
  }
}

declare module '../payments/tables.js' {
  interface PaymentsTable {
    /** The payment file that exported it (migration 0023); null again after cancel_export or the file's deletion. */
    payment_file_id: number | null;
    /** Who verified its invoice (migration 0034): four eyes keep them from paying it out. */
    verified_by_id: number | null;
  }
}
