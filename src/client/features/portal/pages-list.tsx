import { ListScreen } from '../../kit/list-screen';
import type { Column } from '../../kit/grid';
import { createdColumn, idColumn, localeColumn } from './columns';
import { localeFilter } from './locales';
import type { PortalPage } from './types';
import { listColumns } from '../../kit/list-columns';
import { listFilters } from '../../kit/list-filters';
import { portalPagesList } from '../../../shared/lists/portal';

const R = 'portal_pages';
const columns: Column<PortalPage>[] = listColumns(portalPagesList, [
  idColumn(R),
  { id: 'name', header: `${R}.fields.name`, rowHeader: true, width: 180, grow: 1 },
  localeColumn(R),
  { id: 'title', header: `${R}.fields.title`, width: 240, grow: 2 },
  createdColumn(R),
]);
const defaults = { sort_by: 'name', sort_direction: 'asc' } as const;

/** /portal-pages (spec 1, 2.14). */
export default function PagesList() {
  return (
    <ListScreen<PortalPage>
      title={`${R}.title`}
      path="/portal-pages"
      resource={R}
      columns={columns}
      filters={listFilters(portalPagesList, [localeFilter])}
      defaults={defaults}
      newCommand={`go.${R}.new`}
      openCommand={`${R}.edit`}
    />
  );
}
