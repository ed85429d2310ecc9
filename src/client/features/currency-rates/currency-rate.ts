/** A currency rate as the server sends it (spec 1, 3): one unit of `base_currency` in `target_currency`. */
export interface CurrencyRate {
  id: number;
  date: string;
  base_currency: string;
  target_currency: string;
  rate: string;
  payout_id: number | null;
  created_at: string;
}
