/** A tag as the server lists it (spec 1, 3). */
export interface Tag {
  id: number;
  name: string;
  color: string | null;
  count_linked_entries: number;
  created_at: string;
}
