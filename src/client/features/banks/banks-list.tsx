import { useMemo } from 'react';
import { Timestamp, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import { AddressText, useCountries } from '../../lib/reference-names';
import type { Bank } from '../../../shared/entities/bank';
import { listColumns } from '../../kit/list-columns';
import { listFilters } from '../../kit/list-filters';
import { banksList } from '../../../shared/lists/banks';

const columns: Column<Bank>[] = listColumns(banksList, [
  { id: 'id', header: 'banks.fields.id', width: 70, grow: 0, align: 'end' },
  { id: 'name', header: 'banks.fields.name', rowHeader: true, width: 200 },
  { id: 'country_code', header: 'banks.fields.country_code', width: 90, grow: 0 },
  { id: 'full_address', header: 'banks.fields.full_address', width: 240, grow: 2, cell: (bank) => <AddressText parts={bank} /> },
  { id: 'bic', header: 'banks.fields.bic', width: 130 },
  { id: 'bank_key', header: 'banks.fields.bank_key', width: 110 },
  { id: 'created_at', header: 'banks.fields.created_at', width: 190, grow: 0, cell: (bank) => <Timestamp value={bank.created_at} /> },
]);

// The server's own order, so the header shows it.
const defaults = { sort_by: 'name', sort_direction: 'asc' } as const;

/** Banks (spec 1, 2.6): searchable, filtered by country and name, sorted by the server's name order. */
export default function BanksList() {
  const countries = useCountries();
  const filters = useMemo(
    () =>
      listFilters(banksList, [
        { kind: 'text', name: 'name', label: 'banks.fields.name' },
        { kind: 'select', name: 'country_code', label: 'banks.fields.country_code', options: countries.map((c) => ({ value: c.code, label: c.name })) },
      ]),
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
