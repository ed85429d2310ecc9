import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import useSWR from 'swr';
import { api } from '../../api/client';
import { AutocompleteField, BlocksOf4Field, EmailField, MultiSelectField, SelectField, SwitchField, TextField } from '../../kit/fields';
import { useForm } from '../../kit/form';
import { errorText, useT } from '../../lib/i18n';
import { fieldStyles } from '../../kit/fields/styles';
import { BankSubForm } from './bank-sub-form';
import { bankMethodLabel } from './format';
import { useIsAdmin } from './use-admin';
import type { Vendor, VendorPaymentMethod } from './vendor';
import { newMethod, type MethodValues, type VendorValues } from './vendor-values';

const outer = css({ border: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '3', minW: 0 });
const legend = css({ fontWeight: '600', p: 0, mb: '1' });
const list = css({ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: '3' });
const card = css({ display: 'grid', gridTemplateColumns: '1fr auto', gap: '3', p: '3', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', bg: 'bg.surface', m: 0, minW: 0 });
const cardLegend = css({ fontSize: 'sm', fontWeight: '600', px: '1' });
const fields = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '3', alignItems: 'start' });
const note = css({ m: 0, fontSize: 'sm', color: 'fg.muted', gridColumn: '1 / -1' });
const bar = css({ display: 'flex', gap: '2', flexWrap: 'wrap' });

interface BankHit {
  id: number;
  name: string;
  bank_key: string;
  bic: string | null;
}
interface VendorHit {
  id: number;
  name: string;
  full_number?: string;
}

function BankFields({ path, method }: { path: string; method: MethodValues }) {
  const form = useForm();
  const [adding, setAdding] = useState<string | null>(null);
  // Switching SEPA clears the other set of fields (spec 2, 4).
  const onSepa = (sepa: boolean) =>
    form.setValues((v) => {
      const values = v as VendorValues;
      const index = Number(path.split('.')[1]);
      const methods = values.payment_methods.map((m, i) => (i !== index ? m : sepa ? { ...m, account_number: '', bank_id: null, bank_name: undefined } : { ...m, iban: '', bic: '' }));
      return { ...values, payment_methods: methods };
    });
  return (
    <>
      <SwitchField name={`${path}.is_sepa`} onChange={onSepa} />
      <TextField name={`${path}.account_holder`} />
      {method.is_sepa ? (
        <>
          <BlocksOf4Field name={`${path}.iban`} />
          <TextField name={`${path}.bic`} />
        </>
      ) : (
        <>
          <BlocksOf4Field name={`${path}.account_number`} />
          <AutocompleteField<BankHit, number>
            name={`${path}.bank_id`}
            path="/api/banks/lookup"
            labelOf={(b) => b.name}
            noteOf={(b) => [b.bank_key, b.bic].filter(Boolean).join(' · ')}
            valueOf={(b) => b.id}
            selectedLabel={method.bank_name}
            createLabel="vendors.add_bank"
            onCreate={setAdding}
          />
          <TextField name={`${path}.sap_partner_type`} />
          {adding !== null && (
            <BankSubForm
              name={adding}
              onCancel={() => setAdding(null)}
              onCreated={(bank) => {
                setAdding(null);
                form.setValue(`${path}.bank_name`, bank.name);
                form.setValue(`${path}.bank_id`, bank.id);
                form.touch(`${path}.bank_id`);
                // back to the picker, which now shows the new bank
                setTimeout(() => document.querySelector<HTMLElement>(`[data-field="${path}.bank_id"] input`)?.focus(), 0);
              }}
            />
          )}
        </>
      )}
    </>
  );
}

/** Another vendor (not this one), then one of its bank methods: account number or IBAN plus holder. */
function AlternativePayeeFields({ path, method, vendorId }: { path: string; method: MethodValues; vendorId: number | null }) {
  const t = useT();
  const form = useForm();
  const payee = method.payee_vendor_id;
  const { data } = useSWR<Vendor>(payee ? `/api/vendors/${payee}` : null, (url: string) => api.get<Vendor>(url), { revalidateOnFocus: false });
  const banks = (data?.payment_methods ?? []).filter((m: VendorPaymentMethod) => m.type === 'bank');
  return (
    <>
      <AutocompleteField<VendorHit, number>
        name={`${path}.payee_vendor_id`}
        label="vendors.fields.payment_methods.alternative_vendor"
        path="/api/vendors/lookup"
        labelOf={(v) => v.name}
        noteOf={(v) => v.full_number}
        valueOf={(v) => v.id}
        disabledOf={(v) => v.id === vendorId}
        selectedLabel={method.payee_vendor_name}
        onChange={() => form.setValue(`${path}.source_payment_method_id`, null)}
      />
      <SelectField
        name={`${path}.source_payment_method_id`}
        translate={false}
        disabled={!payee}
        options={banks.map((m) => ({ value: m.id, label: bankMethodLabel(m) || t('vendors.payment_types.bank') }))}
      />
    </>
  );
}

/** Contract vendors this method should pay (only when the vendor has any): others' are off limits. */
function AssignToContracts({ path, method, index, record }: { path: string; method: MethodValues; index: number; record: Vendor | undefined }) {
  const t = useT();
  const form = useForm();
  const links = record?.contract_vendors ?? [];
  if (links.length === 0) return null;
  const methods = (form.getValue('payment_methods') as MethodValues[]) ?? [];
  const takenHere = methods.flatMap((m, i) => (i === index ? [] : m.assign_contract_vendor_ids));
  const disabled = links.filter((cv) => (cv.vendor_payment_method_id !== null && cv.vendor_payment_method_id !== method.id) || takenHere.includes(String(cv.id))).map((cv) => String(cv.id));
  return (
    <>
      <SwitchField name={`${path}.assign_to_contracts`} onChange={(on) => !on && form.setValue(`${path}.assign_contract_vendor_ids`, [])} />
      {method.assign_to_contracts && (
        <MultiSelectField
          name={`${path}.assign_contract_vendor_ids`}
          translate={false}
          disabledOptions={disabled}
          options={links.map((cv) => ({ value: String(cv.id), label: t('vendors.contract_label', { id: cv.contract_id }) }))}
        />
      )}
    </>
  );
}

/**
 * The payment-methods tab (spec 2, 2): add a bank account, a PayPal account (admins) or an alternative
 * payee; each a card with its type, the contracts using it and Remove (not the last one of a confirmed vendor).
 */
export function PaymentMethodsFields({ record, disabled }: { record: Vendor | undefined; disabled?: boolean }) {
  const t = useT();
  const form = useForm();
  const admin = useIsAdmin();
  const methods = (form.getValue('payment_methods') as MethodValues[]) ?? [];
  const root = useRef<HTMLFieldSetElement>(null);
  const focusCard = useRef<number | 'add' | null>(null);
  useEffect(() => {
    const target = focusCard.current;
    if (target === null || !root.current) return;
    focusCard.current = null;
    const el =
      target === 'add'
        ? root.current.querySelector<HTMLElement>('[data-add-method]')
        : root.current.querySelector(`[data-method-index="${target}"]`)?.querySelector<HTMLElement>('input:not(:disabled), select:not(:disabled), [role=combobox]');
    el?.focus();
  });
  const confirmed = record?.state === 'confirmed';
  const add = (type: MethodValues['type']) => {
    focusCard.current = methods.length;
    form.insertItem('payment_methods', newMethod(type));
  };
  const remove = (index: number) => {
    focusCard.current = methods.length > 1 ? Math.max(0, index - 1) : 'add';
    form.removeItem('payment_methods', index);
  };
  const listError = form.errorFor('payment_methods');
  const types: MethodValues['type'][] = admin ? ['bank', 'paypal', 'alternative_payee'] : ['bank', 'alternative_payee'];
  return (
    <fieldset ref={root} className={outer} disabled={disabled}>
      <legend className={legend}>{t('vendors.lists.payment_methods')}</legend>
      {listError && <div className={fieldStyles.error}>{errorText(t, listError)}</div>}
      {methods.length === 0 && <p className={css({ m: 0, color: 'fg.muted' })}>{t('vendors.no_payment_methods')}</p>}
      <ol className={list} aria-label={t('vendors.lists.payment_methods')}>
        {methods.map((method, index) => {
          const path = `payment_methods.${index}`;
          const used = method.contract_vendors ?? [];
          const title = t('vendors.items.payment_method', { n: index + 1, type: t(`vendors.payment_types.${method.type}`) });
          return (
            <li key={method.id ?? `new-${index}`} data-method-index={index}>
              <fieldset className={card}>
                <legend className={cardLegend}>{title}</legend>
                <div className={fields}>
                  {method.type === 'bank' && <BankFields path={path} method={method} />}
                  {method.type === 'paypal' && (
                    <>
                      <TextField name={`${path}.account_holder`} />
                      <EmailField name={`${path}.email`} />
                    </>
                  )}
                  {method.type === 'alternative_payee' && <AlternativePayeeFields path={path} method={method} vendorId={record?.id ?? null} />}
                  <AssignToContracts path={path} method={method} index={index} record={record} />
                  <p className={note}>{used.length ? t('vendors.used_by_contracts', { ids: used.map((c) => `#${c.contract_id}`).join(', ') }) : t('vendors.used_by_no_contract')}</p>
                </div>
                <div>
                  <button
                    type="button"
                    className={button({ variant: 'ghost', size: 'sm' })}
                    disabled={confirmed && methods.length < 2}
                    title={confirmed && methods.length < 2 ? t('vendors.reasons.last_method') : undefined}
                    onClick={() => remove(index)}
                    aria-label={t('vendors.remove_method', { title })}
                  >
                    ✕
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className={bar}>
        {types.map((type, i) => (
          <button key={type} type="button" className={button({ size: 'sm' })} data-add-method={i === 0 ? '' : undefined} onClick={() => add(type)}>
            {t(`vendors.add_method.${type}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
