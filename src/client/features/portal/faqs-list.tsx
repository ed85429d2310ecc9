import { ListScreen } from '../../kit/list-screen';
import type { Column } from '../../kit/grid';
import { createdColumn, idColumn } from './columns';
import { localeFilter } from './locales';
import { SectionChip } from './section-chip';
import type { PortalFaq } from './types';
import { listColumns } from '../../kit/list-columns';
import { listFilters } from '../../kit/list-filters';
import { portalFaqsList } from '../../../shared/lists/portal';

const R = 'portal_faqs';
const columns: Column<PortalFaq>[] = listColumns(portalFaqsList, [
  idColumn(R),
  {
    id: 'portal_faq_section',
    header: `${R}.fields.portal_faq_section`,
    width: 200,
    cell: (faq) => <SectionChip section={faq.portal_faq_section} />,
  },
  { id: 'title', header: `${R}.fields.title`, rowHeader: true, width: 280, grow: 3 },
  createdColumn(R),
]);
const defaults = { sort_by: 'title', sort_direction: 'asc' } as const;

/** /portal-faqs (spec 1, 2.14): the section as a chip with its locale. */
export default function FaqsList() {
  return (
    <ListScreen<PortalFaq>
      title={`${R}.title`}
      path="/portal-faqs"
      resource={R}
      columns={columns}
      filters={listFilters(portalFaqsList, [localeFilter])}
      defaults={defaults}
      newCommand={`go.${R}.new`}
      openCommand={`${R}.edit`}
    />
  );
}
