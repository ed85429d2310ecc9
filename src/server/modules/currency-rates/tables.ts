import type { CreatedAt, Id, Numeric } from '../../db/schema.js';
import type { Generated } from 'kysely';

export interface CurrencyRatesTable {
  id: Id;
  /** 'yyyy-MM-dd' */
  date: string;
  base_currency: string;
  target_currency: string;
  /** NUMERIC(20,10) */
  rate: Numeric;
  /** The payout whose payments use this rate; no foreign key until payouts exist. */
  payout_id: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  lock_version: Generated<number>;
}

declare module '../../db/schema.js' {
  interface Database {
    currency_rates: CurrencyRatesTable;
  }
}
