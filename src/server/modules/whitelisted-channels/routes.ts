import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { byIds, resourceRoutes } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import type { RevenueSourceType } from '../revenue-sources/tables.js';
import '../content-owners/tables.js';
import '../revenue-sources/tables.js';
import './tables.js';
import { listSource } from '../../http/list-source.js';
import { whitelistedChannelsList } from '../../../shared/lists/whitelisted-channels.js';

const ROLES = ['youtube_whitelisted_channels'];

export interface WhitelistedChannelEntity {
  id: number;
  channel_id: string;
  content_owner: { id: number; display_name: string; content_owner_id: string };
  revenue_source: { id: number; name: string | null; reference_id: string; type: RevenueSourceType } | null;
  created_at: Date;
}

async function loadWhitelistedChannels(db: Db, ids: readonly number[]): Promise<WhitelistedChannelEntity[]> {
  const rows = await byIds(ids, (list) =>
    db
      .selectFrom('youtube_whitelisted_channels as w')
      .innerJoin('content_owners as co', 'co.id', 'w.content_owner_id')
      .leftJoin('revenue_sources as rs', 'rs.id', 'w.revenue_source_id')
      .select([
        'w.id',
        'w.channel_id',
        'w.created_at',
        'co.id as co_id',
        'co.display_name as co_display_name',
        'co.content_owner_id as co_content_owner_id',
        'rs.id as rs_id',
        'rs.name as rs_name',
        'rs.reference_id as rs_reference_id',
        'rs.type as rs_type',
      ])
      .where('w.id', 'in', list)
      .execute(),
  );
  return rows.map((r) => ({
    id: r.id,
    channel_id: r.channel_id,
    content_owner: { id: r.co_id, display_name: r.co_display_name, content_owner_id: r.co_content_owner_id },
    revenue_source: r.rs_id === null ? null : { id: r.rs_id, name: r.rs_name, reference_id: r.rs_reference_id!, type: r.rs_type! },
    created_at: r.created_at,
  }));
}

/** The whitelisted channels list: filters, sorts and search. */
export const WHITELISTED_CHANNEL_LIST = listSource(whitelistedChannelsList, {
  from: (db) => db.selectFrom('youtube_whitelisted_channels').select('youtube_whitelisted_channels.id'),
  tieBreaker: 'youtube_whitelisted_channels.id',
  sort: {
    id: 'youtube_whitelisted_channels.id',
    channel_id: 'youtube_whitelisted_channels.channel_id',
    created_at: 'youtube_whitelisted_channels.created_at',
  },
  defaultSort: { column: 'id', direction: 'desc' },
  // The content owner's record id, as the entries' content_owner.id and the init data give it.
  filters: { content_owner_id: 'youtube_whitelisted_channels.content_owner_id' },
  search: ['youtube_whitelisted_channels.channel_id'],
});

/**
 * /api/youtube_whitelisted_channels (spec 1, 2.15, 7.3): list and delete. Entries come from revenue
 * sources' whitelisted groups and the content owners' sync, not from this screen.
 */
export function whitelistedChannelRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('YoutubeWhitelistedChannel', ROLES);
  resourceRoutes<WhitelistedChannelEntity, never>(app, ctx, {
    base: '/api/youtube_whitelisted_channels',
    name: 'youtube_whitelisted_channel',
    table: 'youtube_whitelisted_channels',
    auditType: 'YoutubeWhitelistedChannel',
    roles: ROLES,
    list: WHITELISTED_CHANNEL_LIST,
    load: (db, ids) => loadWhitelistedChannels(db, ids),
    unversioned: true,
    // No create or update: nothing is ever parsed.
    parse: () => {
      throw new Error('whitelisted channels take no payload');
    },
    destroy: async ({ trx }, current) => {
      await trx.deleteFrom('youtube_whitelisted_channels').where('id', '=', current.id).execute();
    },
  });
}
