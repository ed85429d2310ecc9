import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import useSWR from 'swr';
import type { VendorDetailed } from '../../../../shared/entities/vendor';
import { api } from '../../../api/client';
import { AutocompleteField, MoneyField, MultiSelectField, SelectField } from '../../../kit/fields';
import { fieldStyles } from '../../../kit/fields/styles';
import { useForm, type ResourceFormApi } from '../../../kit/form';
import { DataGrid, formatDecimal, MoneyText, type Column } from '../../../kit/grid';
import { errorText, languageAtom, useT } from '../../../lib/i18n';
import { newContractVendor, type ContractValues, type ContractVendorValues } from './contract-values';
import { methodLabel, shareError, totalIsHundred, totalText } from './vendor-shares';

interface Row extends ContractVendorValues {
  index: number;
  /** The first error of the row's vendor, payment method or e-mails; of its share. */
  error?: string;
  shareError?: string;
}

const vendorLabel = (v: { name: string; full_number: string }) => `${v.name} (${v.full_number})`;
const errorMark = css({ color: 'danger', fontWeight: '600', ml: '1' });
const totalStyle = css({ display: 'flex', gap: '2', alignItems: 'baseline', m: 0, fontVariantNumeric: 'tabular-nums' });
const editorStyle = css({ m: 0, p: '3', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '3', alignItems: 'start', minW: 0 });

/** The stored rows' vendors in full (their other payment methods and e-mails), by the detailed lookup. */
export function useVendorDetail(vendor: ContractVendorValues['vendor'], picked: Map<number, VendorDetailed>): VendorDetailed | undefined {
  const known = vendor ? picked.get(vendor.id) : undefined;
  const { data } = useSWR(vendor && !known ? ['contract-form-vendor', vendor.id] : null, async () => {
    const hits = await api.get<VendorDetailed[]>('/api/vendors/lookup', { q: vendor!.full_number, view: 'detailed' }, { quiet: true });
    return hits.find((h) => h.id === vendor!.id);
  }, { revalidateOnFocus: false });
  return known ?? data;
}

/** Defaults for a vendor just chosen: its first payment method, its signing e-mail (else its first). */
function pickedRow(row: ContractVendorValues, v: VendorDetailed): ContractVendorValues {
  const emails = v.contacts.flatMap((c) => c.emails);
  const email = emails.find((e) => e.can_sign) ?? emails[0];
  const method = v.payment_methods[0];
  return {
    ...row,
    vendor_id: v.id,
    vendor: { id: v.id, name: v.name, full_number: v.full_number, inactive: v.inactive },
    vendor_payment_method_id: method?.id ?? '',
    payment_method: method ?? null,
    vendor_contact_email_ids: email ? [String(email.id)] : [],
    contact_emails: email ? [{ id: email.id, email: email.email }] : [],
  };
}

/** The fields of the row the grid's cursor is on: vendor, payment method, contact e-mails, remove. */
function RowEditor({ form, index, picked, onPicked, onRemove }: { form: ResourceFormApi<ContractValues>; index: number; picked: Map<number, VendorDetailed>; onPicked(v: VendorDetailed): void; onRemove(): void }) {
  const t = useT();
  const row = form.values.contract_vendors[index];
  const detail = useVendorDetail(row.vendor, picked);
  const path = `contract_vendors.${index}` as const;
  const used = new Set(form.values.contract_vendors.filter((_, i) => i !== index).map((v) => v.vendor_id));
  const organization = form.values.organization_id;
  const methods = detail?.payment_methods ?? (row.payment_method ? [row.payment_method] : []);
  const emails = detail ? detail.contacts.flatMap((c) => c.emails) : (row.contact_emails ?? []);
  const setRow = (next: ContractVendorValues) => form.setValues((v) => ({ ...v, contract_vendors: v.contract_vendors.map((r, i) => (i === index ? next : r)) }));
  return (
    <fieldset className={editorStyle} data-row-editor="">
      <legend className={css({ fontWeight: '600', px: '1' })}>{t('contract_form.vendors.row', { n: index + 1 })}</legend>
      <AutocompleteField<VendorDetailed, number>
        key={`${index}-${row.vendor?.id ?? 'new'}`}
        name={`${path}.vendor_id`}
        label="contract_form.fields.vendor"
        path="/api/vendors/lookup"
        query={organization ? { view: 'detailed', organization_id: String(organization) } : { view: 'detailed' }}
        labelOf={vendorLabel}
        noteOf={(v) => (v.inactive ? t('contract_form.vendors.inactive') : undefined)}
        valueOf={(v) => v.id}
        // Vendors already on the contract, or inactive, cannot be picked again (spec 2, 5).
        disabledOf={(v) => v.inactive || used.has(v.id)}
        selectedLabel={row.vendor ? vendorLabel(row.vendor) : undefined}
        placeholder="contract_form.vendors.search"
        onPick={(v) => {
          onPicked(v);
          setRow(pickedRow(row, v));
        }}
      />
      <SelectField
        name={`${path}.vendor_payment_method_id`}
        label="contract_form.fields.vendor_payment_method_id"
        translate={false}
        disabled={!row.vendor_id}
        options={methods.map((m) => ({ value: m.id, label: methodLabel(m, t) }))}
        onChange={(id) => setRow({ ...form.values.contract_vendors[index], vendor_payment_method_id: id === '' ? '' : Number(id), payment_method: methods.find((m) => m.id === Number(id)) ?? null })}
      />
      <MultiSelectField
        name={`${path}.vendor_contact_email_ids`}
        label="contract_form.fields.vendor_contact_email_ids"
        translate={false}
        disabled={!row.vendor_id}
        options={emails.map((e) => ({ value: String(e.id), label: e.email }))}
        onChange={(ids) => form.setValue(`${path}.contact_emails`, emails.filter((e) => ids.includes(String(e.id))).map(({ id, email }) => ({ id, email })))}
      />
      {/* Issue 23: this contract vendor's own minimum, in the contract's currency; empty follows the vendor's, else the organization's. */}
      <MoneyField
        name={`${path}.minimum_payout`}
        label="contract_form.fields.minimum_payout"
        hint="contract_form.hints.minimum_payout"
        currency={form.values.currency || undefined}
        allowNegative={false}
      />
      <div className={css({ pt: '5' })}>
        <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={onRemove}>
          {t('contract_form.vendors.remove', { n: index + 1 })}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * The vendors tab (spec 2, 2 and 5): a grid of the contract's vendors whose share cells are edited
 * inline (Enter / F2 edits, Tab moves to the next share, Escape cancels), the running total checked
 * to be exactly 100 with decimal.js, and the fields of the row the cursor is on below it.
 */
export function VendorsTab({ locked = false }: { locked?: boolean }) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  const form = useForm() as unknown as ResourceFormApi<ContractValues>;
  const vendors = form.values.contract_vendors;
  const [active, setActive] = useState(0);
  const [picked, setPicked] = useState(() => new Map<number, VendorDetailed>());
  const focusEditor = useRef(false);
  const editorRef = useRef<HTMLDivElement>(null);
  const current = Math.min(active, vendors.length - 1);

  useEffect(() => {
    if (!focusEditor.current) return;
    focusEditor.current = false;
    editorRef.current?.querySelector<HTMLElement>('input')?.focus();
  });

  const rowError = (index: number) => {
    const first = (['vendor_id', 'vendor_payment_method_id', 'vendor_contact_email_ids'] as const).map((f) => form.errorFor(`contract_vendors.${index}.${f}`)).find(Boolean);
    return first;
  };
  const formRef = useRef(form);
  formRef.current = form;
  const lockedRef = useRef(locked);
  lockedRef.current = locked;

  const columns = useMemo<Column<Row>[]>(
    () => [
      {
        id: 'vendor',
        header: 'contract_form.fields.vendor',
        rowHeader: true,
        width: 200,
        cell: (r) => (
          <span>
            {r.vendor ? vendorLabel(r.vendor) : t('contract_form.vendors.not_chosen')}
            {r.error && <span className={errorMark}>⚠ {errorText(t, r.error)}</span>}
          </span>
        ),
      },
      { id: 'payment_method', header: 'contract_form.fields.vendor_payment_method_id', width: 180, cell: (r) => (r.payment_method ? methodLabel(r.payment_method, t) : '') },
      { id: 'emails', header: 'contract_form.fields.vendor_contact_email_ids', width: 180, cell: (r) => (r.contact_emails ?? []).map((e) => e.email).join(', ') },
      { id: 'minimum_payout', header: 'contract_form.fields.minimum_payout', width: 140, grow: 0, align: 'end', cell: (r) => <MoneyText value={r.minimum_payout} currency={formRef.current.values.currency} /> },
      {
        id: 'share_percentage',
        header: 'contract_form.fields.share_percentage',
        width: 130,
        grow: 0,
        align: 'end',
        cell: (r) => (
          <span>
            {isShare(r.share_percentage) ? `${formatDecimal(r.share_percentage, lng, 0)} %` : r.share_percentage}
            {r.shareError && <span className={errorMark}>⚠ {errorText(t, r.shareError)}</span>}
          </span>
        ),
        editable: {
          type: 'decimal',
          required: true,
          enabled: () => !lockedRef.current,
          validate: shareError,
          // A share is the form's value (saved with the contract), never a request of its own.
          commit: async (row, value) => {
            const f = formRef.current;
            f.setValue(`contract_vendors.${row.index}.share_percentage`, value);
            f.touch(`contract_vendors.${row.index}.share_percentage`);
            f.touch('total_share_percentage');
          },
        },
      },
    ],
    [t, lng],
  );
  const rows: Row[] = vendors.map((v, index) => ({ ...v, index, error: rowError(index), shareError: form.errorFor(`contract_vendors.${index}.share_percentage`) }));

  const total = totalText(vendors.map((v) => v.share_percentage));
  const totalError = form.errorFor('total_share_percentage');
  const listError = form.errorFor('contract_vendors');

  const add = () => {
    focusEditor.current = true;
    setActive(vendors.length);
    form.insertItem('contract_vendors', newContractVendor(vendors.length === 0));
  };
  const remove = (index: number) => {
    form.removeItem('contract_vendors', index);
    form.touch('total_share_percentage');
    setActive(Math.max(0, index - 1));
  };

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {listError && (
        <p className={fieldStyles.error} role="alert">
          {t('contract_form.fields.contract_vendors')} {errorText(t, listError)}
        </p>
      )}
      <div>
        <button type="button" className={button({ size: 'sm' })} onClick={add} disabled={locked} data-add-vendor="">
          {t('contract_form.vendors.add')}
        </button>
      </div>
      <DataGrid<Row>
        label={t('contract_form.vendors.grid')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.index}
        emptyText="contract_form.vendors.empty"
        onActiveRowChange={(r) => r && setActive(r.index)}
      />
      <p className={totalStyle} aria-live="polite" data-share-total="">
        <span>{t('contract_form.vendors.total')}</span>
        <strong>{total ? `${formatDecimal(total, lng, 0)} %` : '–'}</strong>
        {vendors.length > 0 && !totalIsHundred(total) && <span className={css({ color: 'fg.muted' })}>{t('contract_form.vendors.total_hint')}</span>}
      </p>
      {totalError && (
        <p className={fieldStyles.error} role="alert" data-share-total-error="">
          {t('contract_form.vendors.total')} {errorText(t, totalError)}
        </p>
      )}
      <div ref={editorRef}>
        {current >= 0 && vendors[current] && (
          <RowEditor form={form} index={current} picked={picked} onPicked={(v) => setPicked((m) => new Map(m).set(v.id, v))} onRemove={() => remove(current)} />
        )}
      </div>
    </div>
  );
}

const isShare = (v: string) => /^\d+(\.\d+)?$/.test(v.trim());
