/**
 * A category as the API answers it (spec 1, 3): `index` is its place among its siblings, `depth` 0 at the
 * top. The server builds it, the client reads it; `Time` is `Date` on the server and the ISO string it
 * becomes in JSON on the client.
 */
export interface Category<Time = string> {
  id: number;
  type: string;
  name: string;
  parent_id: number | null;
  index: number;
  depth: number;
  children_count: number;
  created_at: Time;
}
