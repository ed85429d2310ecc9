import { ListScreen } from '../../kit/list-screen';
import type { Column } from '../../kit/grid';
import { createdColumn, idColumn, localeColumn } from './columns';
import { localeFilter } from './locales';
import type { PortalFaqSection } from './types';
import { listColumns } from '../../kit/list-columns';
import { listFilters } from '../../kit/list-filters';
import { portalSectionsList } from '../../../shared/lists/portal';

const R = 'portal_faq_sections';
const columns: Column<PortalFaqSection>[] = listColumns(portalSectionsList, [
  idColumn(R),
  { id: 'name', header: `${R}.fields.name`, rowHeader: true, width: 220, grow: 2 },
  localeColumn(R),
  createdColumn(R),
]);
const defaults = { sort_by: 'name', sort_direction: 'asc' } as const;

/** /portal-faq-sections (spec 1, 2.14). */
export default function SectionsList() {
  return (
    <ListScreen<PortalFaqSection>
      title={`${R}.title`}
      path="/portal-faq-sections"
      resource={R}
      columns={columns}
      filters={listFilters(portalSectionsList, [localeFilter])}
      defaults={defaults}
      newCommand={`go.${R}.new`}
      openCommand={`${R}.edit`}
    />
  );
}
