import type { CreatedAt, Id, Numeric } from '../../db/schema.js';
import type { Generated } from 'kysely';

export interface VatRatesTable {
  id: Id;
  country_code: string;
  /** Percent, NUMERIC(7,4). */
  rate: Numeric;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

declare module '../../db/schema.js' {
  interface Database {
    vat_rates: VatRatesTable;
  }
}
