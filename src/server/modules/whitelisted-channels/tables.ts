import type { CreatedAt, Id } from '../../db/schema.js';

export interface YoutubeWhitelistedChannelsTable {
  id: Id;
  content_owner_id: number;
  channel_id: string;
  title: string | null;
  /** Set for channels of a revenue source's whitelisted groups; null for those synced from the content owner. */
  revenue_source_id: number | null;
  created_at: CreatedAt;
}

declare module '../../db/schema.js' {
  interface Database {
    youtube_whitelisted_channels: YoutubeWhitelistedChannelsTable;
  }
}
