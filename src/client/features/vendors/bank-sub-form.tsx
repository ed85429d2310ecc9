import { useState, type KeyboardEvent } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { api, ApiError, type FieldErrors } from '../../api/client';
import { CountryField, TextField } from '../../kit/fields';
import { useT } from '../../lib/i18n';
import { useCountries } from '../../lib/reference-names';

export interface CreatedBank {
  id: number;
  name: string;
}

const FIELDS = ['name', 'bank_key', 'bic', 'street', 'postal_code', 'city'] as const;
const box = css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', borderWidth: '1px', borderColor: 'accent', borderRadius: 'md', gridColumn: '1 / -1' });
const fields = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: '3' });

/**
 * A new bank from the payment-methods tab ("Add {name}"): the banks API's fields, its 422 on these
 * fields (spec 2, 7). Not a form of its own (it sits inside the vendor form): Enter creates, Escape cancels.
 */
export function BankSubForm({ name, onCreated, onCancel }: { name: string; onCreated(bank: CreatedBank): void; onCancel(): void }) {
  const t = useT();
  const countries = useCountries();
  const [values, setValues] = useState<Record<string, string>>({ name, bank_key: '', bic: '', street: '', postal_code: '', city: '', country_code: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const errorOf = (field: string) => {
    const e = errors[field];
    return Array.isArray(e) ? e[0] : undefined;
  };
  const set = (field: string) => (v: string) => {
    setValues((x) => ({ ...x, [field]: v }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const create = async () => {
    setSaving(true);
    try {
      const bank = await api.post<CreatedBank>('/api/banks', { bank: values });
      onCreated(bank);
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Enter in a text field creates (a combobox keeps Enter for its list).
    if (e.key === 'Enter' && (e.target as HTMLElement).matches('input:not([role=combobox])')) {
      // not the vendor form's implicit submission
      e.preventDefault();
      void create();
    } else if (e.key === 'Escape' && !e.defaultPrevented && (e.target as HTMLElement).getAttribute('aria-expanded') !== 'true') {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    }
  };
  return (
    <div role="group" aria-label={t('vendors.bank_form.title')} className={box} onKeyDown={onKeyDown}>
      <strong>{t('vendors.bank_form.title')}</strong>
      <div className={fields}>
        {FIELDS.map((field) => (
          <TextField key={field} label={`banks.fields.${field}`} required={field !== 'bic'} value={values[field]} onChange={set(field)} error={errorOf(field)} autoFocus={field === 'bank_key'} />
        ))}
        <CountryField label="banks.fields.country_code" required countries={countries} value={values.country_code} onChange={set('country_code')} error={errorOf('country_code')} />
      </div>
      <div className={css({ display: 'flex', gap: '2' })}>
        <button type="button" className={button({ variant: 'primary', size: 'sm' })} disabled={saving} onClick={() => void create()}>
          {t('vendors.bank_form.create')}
        </button>
        <button type="button" className={button({ size: 'sm' })} onClick={onCancel}>
          {t('form.confirm.cancel')}
        </button>
      </div>
    </div>
  );
}
