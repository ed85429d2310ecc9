import { defineList } from './define-list.js';

/** /api/youtube_whitelisted_channels: `content_owner_id` is the content owner's record id. */
export const whitelistedChannelsList = defineList({
  sorts: ['id', 'channel_id', 'created_at'],
  filters: { content_owner_id: { kind: 'integer' } },
});
