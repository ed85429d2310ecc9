import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { vatRateStruct } from '../../../shared/validation/vat-rates';
import { useInitData } from '../../api/init-data';
import { useCountries } from '../../lib/reference-names';
import { CountryField, PercentField } from '../../kit/fields';
import { FormTitle, recordValues, ResourceForm, useResourceForm } from '../../kit/form';
import { CommandButton, trimDecimalZeros } from '../../kit/grid';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';

const EMPTY_VAT_RATE = { country_code: '', rate: '' };
const fields = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: '3' });
const narrow = css({ maxW: '720px' });

/** New and edit VAT rate (spec 1, 2.13): a country and a percentage from 0 to 100. */
export default function VatRateForm({ params }: ScreenProps) {
  const id = params.id ?? null;
  const { countries } = useInitData();
  const namedCountries = useCountries();
  const struct = useMemo(() => vatRateStruct(new Set(countries.map((c) => c.code))), [countries]);
  const form = useResourceForm({
    resource: 'vat_rates',
    basePath: '/api/vat_rates',
    wrapper: 'vat_rate',
    listPath: routePath('vat_rates.list'),
    editPath: (rateId) => routePath('vat_rates.edit', { id: rateId }),
    id,
    struct,
    initial: EMPTY_VAT_RATE,
    // '19.0000' → '19': the form shows the rate as staff type it, not as the column pads it.
    fromRecord: (record) => recordValues(EMPTY_VAT_RATE, { ...record, rate: trimDecimalZeros(record.rate) }),
    messages: { created: 'vat_rates.created', saved: 'vat_rates.saved' },
  });
  const record = form.record;
  const name = record ? `${record.country_code} ${trimDecimalZeros(record.rate)} %` : undefined;
  return (
    <div className={narrow}>
      <FormTitle title={id ? 'pages.vat_rates.edit' : 'pages.vat_rates.new'} name={name} />
      <ResourceForm form={form} label={id ? 'pages.vat_rates.edit' : 'pages.vat_rates.new'} actions={<CommandButton command="vat_rates.delete_current" variant="danger" />}>
        <div className={fields}>
          <CountryField name="country_code" countries={namedCountries} autoFocus />
          <PercentField name="rate" scale={4} />
        </div>
      </ResourceForm>
    </div>
  );
}
