import { ListScreen } from '../../kit/list-screen';
import type { Column } from '../../kit/grid';
import { createdColumn, idColumn, localeColumn } from './columns';
import { localeFilter } from './locales';
import type { PortalFaqSection } from './types';

const R = 'portal_faq_sections';
const columns: Column<PortalFaqSection>[] = [
  idColumn(R),
  { id: 'name', header: `${R}.fields.name`, sortable: true, rowHeader: true, width: 220, grow: 2 },
  localeColumn(R),
  createdColumn(R),
];
const defaults = { sort_by: 'name', sort_direction: 'asc' } as const;

/** /portal-faq-sections (spec 1, 2.14). */
export default function SectionsList() {
  return (
    <ListScreen<PortalFaqSection>
      title={`${R}.title`}
      path="/portal-faq-sections"
      resource={R}
      columns={columns}
      filters={[localeFilter]}
      defaults={defaults}
      newCommand={`go.${R}.new`}
      openCommand={`${R}.edit`}
    />
  );
}
