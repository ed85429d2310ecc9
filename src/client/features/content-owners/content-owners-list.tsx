import { YesNo, type Column } from '../../kit/grid';
import type { FilterField } from '../../kit/grid/filters';
import { ListScreen } from '../../kit/list-screen';
import type { ContentOwner } from './content-owner';
import { ContentOwnerSummary } from './content-owner-summary';

const columns: Column<ContentOwner>[] = [
  { id: 'content_owner_id', header: 'content_owners.fields.content_owner_id', sortable: true, width: 230 },
  { id: 'display_name', header: 'content_owners.fields.display_name', sortable: true, rowHeader: true, width: 200, grow: 2 },
  { id: 'internal_country', header: 'content_owners.fields.internal_country', sortable: true, width: 150, grow: 0 },
  { id: 'report_filename_part', header: 'content_owners.fields.report_filename_part', sortable: true, width: 190 },
  { id: 'fetch_stats', header: 'content_owners.fields.fetch_stats', sortable: true, width: 110, grow: 0, cell: (o) => <YesNo value={o.fetch_stats} /> },
  { id: 'active', header: 'content_owners.fields.active', sortable: true, width: 90, grow: 0, cell: (o) => <YesNo value={o.active} /> },
];

const filters: FilterField[] = [
  { kind: 'boolean', name: 'active', label: 'content_owners.fields.active' },
  { kind: 'boolean', name: 'own', label: 'content_owners.fields.own' },
];

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
