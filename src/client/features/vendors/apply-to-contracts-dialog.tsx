import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import useSWR, { mutate } from 'swr';
import { api, ApiError, type FieldErrors } from '../../api/client';
import { useCommandEnvironment } from '../../commands/context';
import { ModalDialog } from '../../kit/dialog';
import { MultiSelectField, SelectField } from '../../kit/fields';
import { useT } from '../../lib/i18n';
import { bankMethodLabel } from './format';
import type { Vendor, VendorPaymentMethod } from './vendor';
import { applyToContracts } from './vendor-dialogs';

const first = (errors: FieldErrors | undefined, field: string) => {
  const v = errors?.[field];
  return Array.isArray(v) ? v[0] : undefined;
};

/** A method as the dialog offers it: its type, then the account or e-mail it pays to. */
function methodLabel(t: ReturnType<typeof useT>, m: VendorPaymentMethod): string {
  const detail = m.type === 'bank' ? bankMethodLabel(m) : m.type === 'paypal' ? m.email : m.type === 'alternative_payee' ? m.vendor?.name : '';
  return [t(`vendors.payment_types.${m.type}`), detail].filter(Boolean).join(' – ');
}

/**
 * Spec 2, 2 "Apply to contracts dialog": a stored payment method takes some of the vendor's contract
 * vendors (`POST /api/vendors/{id}/payment_methods/{methodId}/apply_to_contracts`). Contract vendors
 * this method already pays are not offered. Mounted by the vendor's details; the command opens it.
 */
export function ApplyToContractsDialog() {
  const t = useT();
  const env = useCommandEnvironment();
  const target = applyToContracts.useTarget();
  const path = target ? `/api/vendors/${target.vendorId}` : null;
  const { data: vendor } = useSWR<Vendor>(path, (url: string) => api.get<Vendor>(url), { revalidateOnFocus: false });
  const [methodId, setMethodId] = useState<string>('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => applyToContracts.registerHost(), []);
  useEffect(() => {
    setMethodId(target?.methodId ? String(target.methodId) : '');
    setChosen([]);
    setErrors(undefined);
  }, [target]);
  if (!target || !vendor) return null;

  const methods = vendor.payment_methods ?? [];
  const paidHere = (vendor.contract_vendors ?? []).filter((cv) => methodId !== '' && String(cv.vendor_payment_method_id) === methodId).map((cv) => String(cv.id));
  const submit = async () => {
    const missing: FieldErrors = {};
    if (!methodId) missing.method = ['blank'];
    if (chosen.length === 0) missing.contract_vendor_ids = ['too_few'];
    if (Object.keys(missing).length) return setErrors(missing);
    setSaving(true);
    try {
      const answer = await api.post<{ updated: number }>(`/api/vendors/${vendor.id}/payment_methods/${methodId}/apply_to_contracts`, { contract_vendor_ids: chosen.map(Number) });
      env.services.notify('success', t('vendors.apply.done', { count: answer.updated }));
      void mutate(`/api/vendors/${vendor.id}`);
      applyToContracts.close();
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      else if (error instanceof ApiError && error.status !== 401 && error.status !== 403) env.services.notify('error', t('vendors.apply.failed'));
    } finally {
      setSaving(false);
    }
  };
  // A refused id comes back as `contract_vendor_ids.<id>`: shown on the list field.
  const refused = Object.keys(errors ?? {}).find((k) => k.startsWith('contract_vendor_ids.'));
  const listError = first(errors, 'contract_vendor_ids') ?? (refused ? first(errors, refused) : undefined);
  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => !open && applyToContracts.close()}
      title={t('vendors.commands.apply_to_contracts')}
      width="md"
      footer={
        <>
          <button type="button" className={button({ variant: 'secondary' })} onClick={applyToContracts.close}>
            {t('form.confirm.cancel')}
          </button>
          <button type="button" className={button({ variant: 'primary' })} disabled={saving} onClick={() => void submit()}>
            {t('vendors.apply.submit')}
          </button>
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <SelectField
          label="vendors.apply.method"
          required
          translate={false}
          options={methods.map((m) => ({ value: String(m.id), label: methodLabel(t, m) }))}
          value={methodId}
          onChange={(value) => {
            setMethodId(String(value));
            setChosen([]);
            setErrors(undefined);
          }}
          error={first(errors, 'method')}
          autoFocus={!target.methodId}
        />
        <MultiSelectField
          label="vendors.apply.contract_vendors"
          hint="vendors.apply.hint"
          required
          translate={false}
          options={(vendor.contract_vendors ?? []).map((cv) => ({ value: String(cv.id), label: t('vendors.contract_label', { id: cv.contract_id }) }))}
          disabledOptions={paidHere}
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            setErrors(undefined);
          }}
          error={listError}
          autoFocus={Boolean(target.methodId)}
        />
      </div>
    </ModalDialog>
  );
}
