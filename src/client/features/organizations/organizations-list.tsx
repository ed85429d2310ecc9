import { useMemo } from 'react';
import { useInitData } from '../../api/init-data';
import { useCountries } from '../../lib/reference-names';
import { Timestamp, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import type { Organization } from './organization';
import { OrganizationDetails } from './organization-details';
import { useInitDataRefresh } from './use-init-data-refresh';
import { listColumns } from '../../kit/list-columns';
import { listFilters } from '../../kit/list-filters';
import { organizationsList } from '../../../shared/lists/organizations';

const columns: Column<Organization>[] = listColumns(organizationsList, [
  { id: 'id', header: 'organizations.fields.id', width: 70, grow: 0, align: 'end' },
  { id: 'name', header: 'organizations.fields.name', rowHeader: true, width: 220, grow: 2 },
  { id: 'number', header: 'organizations.fields.number', width: 110, grow: 0 },
  { id: 'country_code', header: 'organizations.fields.country_code', width: 90, grow: 0 },
  { id: 'currency', header: 'organizations.fields.currency', width: 90, grow: 0 },
  { id: 'city', header: 'organizations.fields.city', width: 160 },
  { id: 'created_at', header: 'organizations.fields.created_at', width: 190, grow: 0, cell: (o) => <Timestamp value={o.created_at} /> },
]);

// The server's own order, so the header shows it.
const defaults = { sort_by: 'name', sort_direction: 'asc' } as const;

/** Organizations (spec 1, 2.10): searchable, paged and sorted; filters by country and currency. */
export default function OrganizationsList() {
  const countries = useCountries();
  const { currencies } = useInitData();
  useInitDataRefresh();
  const filters = useMemo(
    () =>
      listFilters(organizationsList, [
        { kind: 'select', name: 'country_code', label: 'organizations.fields.country_code', options: countries.map((c) => ({ value: c.code, label: c.name })) },
        { kind: 'select', name: 'currency', label: 'organizations.fields.currency', options: currencies.map((c) => ({ value: c.iso_code, label: c.iso_code })) },
      ]),
    [countries, currencies],
  );
  return (
    <ListScreen<Organization>
      title="organizations.title"
      path="/api/organizations"
      resource="organizations"
      columns={columns}
      filters={filters}
      defaults={defaults}
      newCommand="go.organizations.new"
      openCommand="organizations.edit"
      detail={(o) => <OrganizationDetails organization={o} />}
    />
  );
}
