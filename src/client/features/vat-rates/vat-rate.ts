/** A VAT rate as the server sends it (spec 1, 3): the rate is a percentage as a decimal string. */
export interface VatRate {
  id: number;
  country_code: string;
  rate: string;
  created_at: string;
}
