import { Timestamp, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import { useT } from '../../lib/i18n';
import type { Category } from '../../../shared/entities/category';
import { treeIndent } from './category';
import { listColumns } from '../../kit/list-columns';
import { declaredOptions, listFilters } from '../../kit/list-filters';
import { categoriesList } from '../../../shared/lists/categories';

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

const columns: Column<Category>[] = listColumns(categoriesList, [
  { id: 'id', header: 'categories.fields.id', width: 70, grow: 0, align: 'end' },
  { id: 'type', header: 'categories.fields.type', width: 150, grow: 0, cell: (c) => <TypeCell type={c.type} /> },
  { id: 'name', header: 'categories.fields.name', rowHeader: true, width: 260, grow: 2, cell: (c) => <NameCell category={c} /> },
  { id: 'depth', header: 'categories.fields.depth', width: 80, grow: 0, align: 'end' },
  { id: 'created_at', header: 'categories.fields.created_at', width: 190, grow: 0, cell: (c) => <Timestamp value={c.created_at} /> },
]);

const filters = listFilters(categoriesList, [
  { kind: 'select', name: 'type', label: 'categories.fields.type', options: declaredOptions(categoriesList, 'type', 'categories.types') },
]);

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
