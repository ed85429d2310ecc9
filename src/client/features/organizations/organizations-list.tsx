import { useMemo } from 'react';
import { useInitData } from '../../api/init-data';
import { useCountries } from '../../lib/reference-names';
import { Timestamp, type Column } from '../../kit/grid';
import type { FilterField } from '../../kit/grid/filters';
import { ListScreen } from '../../kit/list-screen';
import type { Organization } from './organization';
import { OrganizationDetails } from './organization-details';
import { useInitDataRefresh } from './use-init-data-refresh';

const columns: Column<Organization>[] = [
  { id: 'id', header: 'organizations.fields.id', sortable: true, width: 70, grow: 0, align: 'end' },
  { id: 'name', header: 'organizations.fields.name', sortable: true, rowHeader: true, width: 220, grow: 2 },
  { id: 'number', header: 'organizations.fields.number', sortable: true, width: 110, grow: 0 },
  { id: 'country_code', header: 'organizations.fields.country_code', sortable: true, width: 90, grow: 0 },
  { id: 'currency', header: 'organizations.fields.currency', sortable: true, width: 90, grow: 0 },
  { id: 'city', header: 'organizations.fields.city', sortable: true, width: 160 },
  { id: 'created_at', header: 'organizations.fields.created_at', sortable: true, width: 190, grow: 0, cell: (o) => <Timestamp value={o.created_at} /> },
];

// The server's own order, so the header shows it.
const defaults = { sort_by: 'name', sort_direction: 'asc' } as const;

/** Organizations (spec 1, 2.10): searchable, paged and sorted; filters by country and currency. */
export default function OrganizationsList() {
  const countries = useCountries();
  const { currencies } = useInitData();
  useInitDataRefresh();
  const filters = useMemo<FilterField[]>(
    () => [
      { kind: 'select', name: 'country_code', label: 'organizations.fields.country_code', options: countries.map((c) => ({ value: c.code, label: c.name })) },
      { kind: 'select', name: 'currency', label: 'organizations.fields.currency', options: currencies.map((c) => ({ value: c.iso_code, label: c.iso_code })) },
    ],
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
