import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { currencyRateRules, currencyRateStruct } from '../../../shared/validation/currency-rates';
import { useInitData } from '../../api/init-data';
import { useCurrencies } from '../../lib/reference-names';
import { DateField, DecimalField, SelectField } from '../../kit/fields';
import { FormTitle, recordValues, ResourceForm, useResourceForm } from '../../kit/form';
import { CommandButton, formatDate, trimDecimalZeros } from '../../kit/grid';
import { languageAtom } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';

const EMPTY_RATE = { date: '', base_currency: '', target_currency: '', rate: '' };
const fields = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '3' });
const narrow = css({ maxW: '720px' });
const newRow = css({ gridColumnStart: { md: 1 } });

/** New and edit currency rate (spec 1, 2.9): a day, two different currencies and a rate of at least 0. */
export default function CurrencyRateForm({ params }: ScreenProps) {
  const id = params.id ?? null;
  const { currencies } = useInitData();
  const lng = useAtomValue(languageAtom);
  const struct = useMemo(() => currencyRateStruct(new Set(currencies.map((c) => c.iso_code))), [currencies]);
  const named = useCurrencies();
  const options = useMemo(() => named.map((c) => ({ value: c.iso_code, label: `${c.iso_code} – ${c.name}` })), [named]);
  const form = useResourceForm({
    resource: 'currency_rates',
    basePath: '/api/currency_rates',
    wrapper: 'currency_rate',
    listPath: routePath('currency_rates.list'),
    editPath: (rateId) => routePath('currency_rates.edit', { id: rateId }),
    id,
    struct,
    validate: currencyRateRules,
    initial: EMPTY_RATE,
    fromRecord: (record) => recordValues(EMPTY_RATE, { ...record, rate: trimDecimalZeros(record.rate) }),
    messages: { created: 'currency_rates.created', saved: 'currency_rates.saved' },
  });
  const record = form.record;
  const name = record ? `${record.base_currency} → ${record.target_currency}, ${formatDate(record.date as string, lng)}` : undefined;
  const target = String(form.values.target_currency ?? '');
  return (
    <div className={narrow}>
      <FormTitle title={id ? 'pages.currency_rates.edit' : 'pages.currency_rates.new'} name={name} />
      <ResourceForm form={form} label={id ? 'pages.currency_rates.edit' : 'pages.currency_rates.new'} actions={<CommandButton command="currency_rates.delete_current" variant="danger" />}>
        <div className={fields}>
          <DateField name="date" autoFocus />
          <SelectField name="base_currency" options={options} translate={false} className={newRow} />
          <SelectField name="target_currency" options={options} translate={false} />
          <DecimalField name="rate" scale={10} allowNegative={false} unit={target || undefined} />
        </div>
      </ResourceForm>
    </div>
  );
}
