/** A whitelisted YouTube channel as the list sends it (spec 1, section 3). */
export interface WhitelistedChannel {
  id: number;
  channel_id: string;
  content_owner: { id: number; display_name: string; content_owner_id: string };
  revenue_source: {
    id: number;
    name: string | null;
    reference_id: string;
    type: string;
  } | null;
  created_at: string;
}
