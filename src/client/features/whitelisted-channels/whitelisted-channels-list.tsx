import { useMemo } from 'react';
import { useInitData } from '../../api/init-data';
import { ListScreen } from '../../kit/list-screen';
import { Timestamp, type Column } from '../../kit/grid';
import { listFilters } from '../../kit/list-filters';
import { ChannelIdCell, ContentOwnerCell, RevenueSourceCell } from './cells';
import type { WhitelistedChannel } from './types';
import { listColumns } from '../../kit/list-columns';
import { whitelistedChannelsList } from '../../../shared/lists/whitelisted-channels';

const R = 'whitelisted_channels';
const columns: Column<WhitelistedChannel>[] = listColumns(whitelistedChannelsList, [
  { id: 'id', header: `${R}.fields.id`, width: 70, grow: 0, align: 'end' },
  { id: 'content_owner', header: `${R}.fields.content_owner`, width: 300, grow: 1, cell: (w) => <ContentOwnerCell owner={w.content_owner} /> },
  {
    id: 'channel_id',
    header: `${R}.fields.channel_id`,
    rowHeader: true,
    width: 230,
    grow: 0,
    cell: (w) => <ChannelIdCell id={w.channel_id} />,
  },
  { id: 'revenue_source', header: `${R}.fields.revenue_source`, width: 330, grow: 1, cell: (w) => <RevenueSourceCell source={w.revenue_source} /> },
  { id: 'created_at', header: `${R}.fields.created_at`, width: 170, grow: 0, cell: (w) => <Timestamp value={w.created_at} /> },
]);
const defaults = { sort_by: 'id', sort_direction: 'desc' } as const;

/** The init data's content owners carry their record id, which `filter[content_owner_id]` takes. */
type OwnerRef = { id?: number; content_owner_id: string; display_name: string };

/** /whitelisted-channels (spec 1, 2.15): filter by content owner, search on the channel id, delete. */
export default function WhitelistedChannelsList() {
  const { content_owners } = useInitData();
  const filters = useMemo(
    () =>
      listFilters(whitelistedChannelsList, [
        {
          kind: 'select',
          name: 'content_owner_id',
          label: `${R}.fields.content_owner`,
          options: (content_owners as OwnerRef[])
            .filter((o) => o.id !== undefined)
            .map((o) => ({ value: String(o.id), label: `${o.display_name} (${o.content_owner_id})` })),
        },
      ]),
    [content_owners],
  );
  return (
    <ListScreen<WhitelistedChannel>
      title={`${R}.title`}
      path="/api/youtube_whitelisted_channels"
      resource={R}
      columns={columns}
      filters={filters}
      defaults={defaults}
    />
  );
}
