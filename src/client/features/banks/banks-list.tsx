import { useMemo } from 'react';
import { Timestamp, type Column } from '../../kit/grid';
import type { FilterField } from '../../kit/grid/filters';
import { ListScreen } from '../../kit/list-screen';
import { AddressText, useCountries } from '../../lib/reference-names';
import type { Bank } from '../../../shared/entities/bank';

const columns: Column<Bank>[] = [
  { id: 'id', header: 'banks.fields.id', sortable: true, width: 70, grow: 0, align: 'end' },
  { id: 'name', header: 'banks.fields.name', sortable: true, rowHeader: true, width: 200 },
  { id: 'country_code', header: 'banks.fields.country_code', sortable: true, width: 90, grow: 0 },
  { id: 'full_address', header: 'banks.fields.full_address', width: 240, grow: 2, cell: (bank) => <AddressText parts={bank} /> },
  { id: 'bic', header: 'banks.fields.bic', sortable: true, width: 130 },
  { id: 'bank_key', header: 'banks.fields.bank_key', sortable: true, width: 110 },
  { id: 'created_at', header: 'banks.fields.created_at', sortable: true, width: 190, grow: 0, cell: (bank) => <Timestamp value={bank.created_at} /> },
];

// The server's own order, so the header shows it.
const defaults = { sort_by: 'name', sort_direction: 'asc' } as const;

/** Banks (spec 1, 2.6): searchable, filtered by country and name, sorted by the server's name order. */
export default function BanksList() {
  const countries = useCountries();
  const filters = useMemo<FilterField[]>(
    () => [
      { kind: 'text', name: 'name', label: 'banks.fields.name' },
      { kind: 'select', name: 'country_code', label: 'banks.fields.country_code', options: countries.map((c) => ({ value: c.code, label: c.name })) },
    ],
    [countries],
  );
  return (
    <ListScreen<Bank>
      title="banks.title"
      path="/api/banks"
      resource="banks"
      columns={columns}
      filters={filters}
      defaults={defaults}
      selectable
      newCommand="go.banks.new"
      openCommand="banks.edit"
    />
  );
}
