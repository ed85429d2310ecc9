import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

/** Columns holding storage keys (see `stored-files.ts`). */
export const vendorFileStorage = [
  { table: 'vendor_files', column: 'file_key' },
  { table: 'vendor_files', column: 'confirmation_documents_key' },
];

export interface VendorFilesTable {
  id: Id;
  organization_id: number;
  /** The month's first day, `yyyy-MM-01`. */
  month: ColumnType<string, string, string>;
  /** SHA-256 of the CSV, hex. */
  digest: string;
  file_key: string;
  /** The zip of the month's confirmation documents; null when there were none. */
  confirmation_documents_key: string | null;
  vendor_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

declare module '../../db/schema.js' {
  interface Database {
    vendor_files: VendorFilesTable;
  }
}
