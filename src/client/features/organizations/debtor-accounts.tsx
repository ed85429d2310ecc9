import { useInitData } from '../../api/init-data';
import { BlocksOf4Field, SelectField, TextField } from '../../kit/fields';
import { FieldList } from '../../kit/form';
import type { DebtorAccount } from './organization';

/** The organization's own accounts, one per currency: the debtor of its payment files (DOMAIN.md "Buckets and payment files"). */
export function DebtorAccounts() {
  const { currencies } = useInitData();
  const currencyOptions = currencies.map((c) => ({ value: c.iso_code, label: `${c.iso_code} – ${c.name}` }));
  return (
    <FieldList<DebtorAccount>
      name="debtor_accounts"
      itemLabel="organizations.items.debtor_account"
      newItem={() => ({ currency: '', iban: '', bic: '', account_holder: '' })}
    >
      {({ path }) => (
        <>
          <SelectField name={`${path}.currency`} options={currencyOptions} translate={false} />
          <BlocksOf4Field name={`${path}.iban`} />
          <TextField name={`${path}.bic`} />
          <TextField name={`${path}.account_holder`} />
        </>
      )}
    </FieldList>
  );
}
