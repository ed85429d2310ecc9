import { useMemo } from 'react';
import { useInitData } from '../../api/init-data';
import { DateText, DecimalText, Timestamp, type Column } from '../../kit/grid';
import { listFilters } from '../../kit/list-filters';
import { ListScreen } from '../../kit/list-screen';
import type { CurrencyRate } from './currency-rate';
import { PayoutLink } from './payout-link';
import { listColumns } from '../../kit/list-columns';
import { currencyRatesList } from '../../../shared/lists/currency-rates';

const columns: Column<CurrencyRate>[] = listColumns(currencyRatesList, [
  { id: 'id', header: 'currency_rates.fields.id', width: 70, grow: 0, align: 'end' },
  { id: 'date', header: 'currency_rates.fields.date', rowHeader: true, width: 120, grow: 0, cell: (rate) => <DateText value={rate.date} /> },
  { id: 'base_currency', header: 'currency_rates.fields.base_currency', width: 130, grow: 0 },
  { id: 'target_currency', header: 'currency_rates.fields.target_currency', width: 130, grow: 0 },
  { id: 'rate', header: 'currency_rates.fields.rate', width: 130, grow: 0, align: 'end', cell: (rate) => <DecimalText value={rate.rate} minFraction={2} trim /> },
  { id: 'payout_id', header: 'currency_rates.fields.payout_id', width: 120, cell: (rate) => (rate.payout_id === null ? '' : <PayoutLink id={rate.payout_id} />) },
  { id: 'created_at', header: 'currency_rates.fields.created_at', width: 190, grow: 0, cell: (rate) => <Timestamp value={rate.created_at} /> },
]);

const defaults = { sort_by: 'date', sort_direction: 'desc' } as const;

/** Currency rates (spec 1, 2.9): by day and currency pair, rates of a payout linking to it. */
export default function CurrencyRatesList() {
  const { currencies } = useInitData();
  const filters = useMemo(() => {
    const options = currencies.map((c) => ({ value: c.iso_code, label: c.iso_code }));
    return listFilters(currencyRatesList, [
      { kind: 'date-range', name: 'date', label: 'currency_rates.fields.date' },
      { kind: 'select', name: 'base_currency', label: 'currency_rates.fields.base_currency', options },
      { kind: 'select', name: 'target_currency', label: 'currency_rates.fields.target_currency', options },
    ]);
  }, [currencies]);
  return (
    <ListScreen<CurrencyRate>
      title="currency_rates.title"
      path="/api/currency_rates"
      resource="currency_rates"
      columns={columns}
      filters={filters}
      defaults={defaults}
      newCommand="go.currency_rates.new"
      openCommand="currency_rates.edit"
    />
  );
}
