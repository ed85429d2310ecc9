import { CATEGORY_TYPES } from '../../../shared/validation/categories';
import { Timestamp, type Column } from '../../kit/grid';
import type { FilterField } from '../../kit/grid/filters';
import { ListScreen } from '../../kit/list-screen';
import { useT } from '../../lib/i18n';
import type { Category } from '../../../shared/entities/category';
import { treeIndent } from './category';

function TypeCell({ type }: { type: string }) {
  const t = useT();
  return <>{t(`categories.types.${type}`)}</>;
}

/** The name below its parent, indented with one dash per level; the dashes are decoration (depth has its own column). */
function NameCell({ category }: { category: Category }) {
  return (
    <>
      <span aria-hidden="true">{treeIndent(category.depth)}</span>
      {category.name}
    </>
  );
}

const columns: Column<Category>[] = [
  { id: 'id', header: 'categories.fields.id', sortable: true, width: 70, grow: 0, align: 'end' },
  { id: 'type', header: 'categories.fields.type', sortable: true, width: 150, grow: 0, cell: (c) => <TypeCell type={c.type} /> },
  { id: 'name', header: 'categories.fields.name', sortable: true, rowHeader: true, width: 260, grow: 2, cell: (c) => <NameCell category={c} /> },
  { id: 'depth', header: 'categories.fields.depth', sortable: true, width: 80, grow: 0, align: 'end' },
  { id: 'created_at', header: 'categories.fields.created_at', sortable: true, width: 190, grow: 0, cell: (c) => <Timestamp value={c.created_at} /> },
];

const filters: FilterField[] = [
  { kind: 'select', name: 'type', label: 'categories.fields.type', options: CATEGORY_TYPES.map((type) => ({ value: type, label: `categories.types.${type}` })) },
];

/** Categories (spec 1, 2.7): the server's tree order by default, parents before their children. */
export default function CategoriesList() {
  return (
    <ListScreen<Category>
      title="categories.title"
      path="/api/categories"
      resource="categories"
      columns={columns}
      filters={filters}
      newCommand="go.categories.new"
      openCommand="categories.edit"
    />
  );
}
