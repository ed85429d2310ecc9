import { DecimalText, Timestamp, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import type { Tag } from './tag';
import { TagName } from './tag-name';
import { listColumns } from '../../kit/list-columns';
import { tagsList } from '../../../shared/lists/tags';

const columns: Column<Tag>[] = listColumns(tagsList, [
  { id: 'id', header: 'tags.fields.id', width: 70, grow: 0, align: 'end' },
  { id: 'name', header: 'tags.fields.name', rowHeader: true, width: 220, grow: 2, cell: (tag) => <TagName name={tag.name} color={tag.color} /> },
  {
    id: 'count_linked_entries',
    header: 'tags.fields.count_linked_entries',
    width: 150,
    grow: 0,
    align: 'end',
    cell: (tag) => <DecimalText value={String(tag.count_linked_entries)} minFraction={0} />,
  },
  { id: 'created_at', header: 'tags.fields.created_at', width: 190, grow: 0, cell: (tag) => <Timestamp value={tag.created_at} /> },
]);

const defaults = { sort_by: 'name', sort_direction: 'asc' } as const;

/** Tags (spec 1, 2.11): searchable by name, paged and sorted; rows can be selected and deleted together. */
export default function TagsList() {
  return (
    <ListScreen<Tag>
      title="tags.title"
      path="/api/tags"
      resource="tags"
      columns={columns}
      defaults={defaults}
      selectable
      newCommand="go.tags.new"
      openCommand="tags.edit"
    />
  );
}
