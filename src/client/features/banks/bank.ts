/** A bank as the server sends it (spec 1, 3). */
export interface Bank {
  id: number;
  name: string;
  country_code: string;
  postal_code: string;
  city: string;
  street: string;
  full_address: string;
  bic: string | null;
  bank_key: string;
  created_at: string;
}
