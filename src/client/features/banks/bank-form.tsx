import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { bankStruct } from '../../../shared/validation/banks';
import { useInitData } from '../../api/init-data';
import { useCountries } from '../../lib/reference-names';
import { CountryField, TextField } from '../../kit/fields';
import { FormTitle, recordValues, ResourceForm, useResourceForm } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';

const EMPTY_BANK = { name: '', street: '', postal_code: '', city: '', country_code: '', bic: '', bank_key: '' };

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '3' });
const narrow = css({ maxW: '720px' });
const wide = css({ gridColumn: { md: 'span 2' } });

/** New and edit bank (spec 1, 2.6): the shared struct checks it, the server's 422 lands on the fields. */
export default function BankForm({ params }: ScreenProps) {
  const id = params.id ?? null;
  const { countries } = useInitData();
  const namedCountries = useCountries();
  const struct = useMemo(() => bankStruct(new Set(countries.map((c) => c.code))), [countries]);
  const form = useResourceForm({
    resource: 'banks',
    basePath: '/api/banks',
    wrapper: 'bank',
    listPath: routePath('banks.list'),
    editPath: (bankId) => routePath('banks.edit', { id: bankId }),
    id,
    struct,
    initial: EMPTY_BANK,
    fromRecord: (record) => recordValues(EMPTY_BANK, record),
    messages: { created: 'banks.created', saved: 'banks.saved' },
  });
  return (
    <div className={narrow}>
      <FormTitle title={id ? 'pages.banks.edit' : 'pages.banks.new'} name={form.record?.name as string | undefined} />
      <ResourceForm form={form} label={id ? 'pages.banks.edit' : 'pages.banks.new'} actions={<CommandButton command="banks.delete_current" variant="danger" />}>
        <div className={grid}>
          <TextField name="name" className={wide} autoFocus />
          <TextField name="street" className={wide} />
          <TextField name="postal_code" />
          <TextField name="city" />
          <CountryField name="country_code" countries={namedCountries} />
          <TextField name="bic" />
          <TextField name="bank_key" />
        </div>
      </ResourceForm>
    </div>
  );
}
