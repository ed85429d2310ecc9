import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema.js';

export interface PaymentBucketsTable {
  id: Id;
  name: string;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

declare module '../../db/schema.js' {
  interface Database {
    payment_buckets: PaymentBucketsTable;
  }
}

/** Credit notes written by publish (stored-files: a note no payment names is an orphan). */
export const creditNoteFiles = [{ table: 'payments', column: 'credit_note_key' }];
