import type { CreatedAt, Id } from '../../db/schema.js';
import type { Generated } from 'kysely';

export interface BanksTable {
  id: Id;
  name: string;
  street: string;
  postal_code: string;
  city: string;
  country_code: string;
  bic: string | null;
  bank_key: string;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

declare module '../../db/schema.js' {
  interface Database {
    banks: BanksTable;
  }
}
