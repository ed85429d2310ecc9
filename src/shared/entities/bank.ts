/**
 * A bank as the API answers it (spec 1, 3): the server builds it, the client reads it. `Time` is `Date`
 * on the server and the ISO string it becomes in JSON on the client.
 */
export interface Bank<Time = string> {
  id: number;
  name: string;
  country_code: string;
  postal_code: string;
  city: string;
  street: string;
  full_address: string;
  bic: string | null;
  bank_key: string;
  created_at: Time;
}
