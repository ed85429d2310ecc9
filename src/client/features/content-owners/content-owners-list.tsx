import { YesNo, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import type { ContentOwner } from './content-owner';
import { ContentOwnerSummary } from './content-owner-summary';
import { listColumns } from '../../kit/list-columns';
import { listFilters } from '../../kit/list-filters';
import { contentOwnersList } from '../../../shared/lists/content-owners';

const columns: Column<ContentOwner>[] = listColumns(contentOwnersList, [
  { id: 'content_owner_id', header: 'content_owners.fields.content_owner_id', width: 230 },
  { id: 'display_name', header: 'content_owners.fields.display_name', rowHeader: true, width: 200, grow: 2 },
  { id: 'internal_country', header: 'content_owners.fields.internal_country', width: 150, grow: 0 },
  { id: 'report_filename_part', header: 'content_owners.fields.report_filename_part', width: 190 },
  { id: 'fetch_stats', header: 'content_owners.fields.fetch_stats', width: 110, grow: 0, cell: (o) => <YesNo value={o.fetch_stats} /> },
  { id: 'active', header: 'content_owners.fields.active', width: 90, grow: 0, cell: (o) => <YesNo value={o.active} /> },
]);

const filters = listFilters(contentOwnersList, [
  { kind: 'boolean', name: 'active', label: 'content_owners.fields.active' },
  { kind: 'boolean', name: 'own', label: 'content_owners.fields.own' },
]);

// The server's own order, so the header shows it.
const defaults = { sort_by: 'display_name', sort_direction: 'asc' } as const;

/** Content owners (spec 1, 2.8): every column sorts; a row opens its details; there is no create. */
export default function ContentOwnersList() {
  return (
    <ListScreen<ContentOwner>
      title="content_owners.title"
      path="/api/cms/content_owners"
      resource="content_owners"
      columns={columns}
      filters={filters}
      defaults={defaults}
      openCommand="content_owners.show"
      detail={(o) => <ContentOwnerSummary owner={o} />}
    />
  );
}
