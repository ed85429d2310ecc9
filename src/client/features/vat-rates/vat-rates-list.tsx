import { useMemo } from 'react';
import { useCountries } from '../../lib/reference-names';
import { DecimalText, Timestamp, type Column } from '../../kit/grid';
import { listColumns } from '../../kit/list-columns';
import { listFilters } from '../../kit/list-filters';
import { ListScreen } from '../../kit/list-screen';
import type { VatRate } from './vat-rate';
import { vatRatesList } from '../../../shared/lists/vat-rates';

const defaults = { sort_by: 'country_code', sort_direction: 'asc' } as const;

/** VAT rates (spec 1, 2.13): id, country, rate in %, created; filtered by country. */
export default function VatRatesList() {
  const countries = useCountries();
  const names = useMemo(() => new Map(countries.map((c) => [c.code, c.name])), [countries]);
  const columns = useMemo<Column<VatRate>[]>(
    () =>
      listColumns(vatRatesList, [
        { id: 'id', header: 'vat_rates.fields.id', width: 70, grow: 0, align: 'end' },
        {
          id: 'country_code',
          header: 'vat_rates.fields.country_code',
          rowHeader: true,
          width: 220,
          cell: (rate) => (names.has(rate.country_code) ? `${names.get(rate.country_code)} (${rate.country_code})` : rate.country_code),
        },
        {
          id: 'rate',
          header: 'vat_rates.fields.rate_percent',
          width: 110,
          grow: 0,
          align: 'end',
          cell: (rate) => <DecimalText value={rate.rate} minFraction={0} trim />,
        },
        { id: 'created_at', header: 'vat_rates.fields.created_at', width: 190, grow: 0, cell: (rate) => <Timestamp value={rate.created_at} /> },
    ]),
    [names],
  );
  const filters = useMemo(
    () => listFilters(vatRatesList, [{ kind: 'select', name: 'country_code', label: 'vat_rates.fields.country_code', options: countries.map((c) => ({ value: c.code, label: c.name })) }]),
    [countries],
  );
  return (
    <ListScreen<VatRate>
      title="vat_rates.title"
      path="/api/vat_rates"
      resource="vat_rates"
      columns={columns}
      filters={filters}
      defaults={defaults}
      newCommand="go.vat_rates.new"
      openCommand="vat_rates.edit"
    />
  );
}
