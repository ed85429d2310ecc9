import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { mutate } from 'swr';
import { api, ApiError, type FieldErrors } from '../../api/client';
import { useCommandEnvironment } from '../../commands/context';
import { ModalDialog } from '../../kit/dialog';
import { DateField, FileField } from '../../kit/fields';
import { toFormData } from '../../kit/form';
import { formatDate } from '../../kit/grid';
import { errorText, languageAtom, useT } from '../../lib/i18n';
import type { Vendor } from './vendor';
import { confirmChangeRequest } from './vendor-dialogs';

const first = (errors: FieldErrors | undefined, field: string) => {
  const v = errors?.[field];
  return Array.isArray(v) ? v[0] : undefined;
};

/**
 * An admin confirms a vendor's change request with the vendor's signed confirmation document (pdf)
 * and the date the change applies from (DOMAIN "Vendors"): `POST /api/vendors/{id}/change_request/confirm`
 * as multipart. Mounted by every vendor screen; the command opens it.
 */
export function ConfirmChangeRequestDialog() {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  const env = useCommandEnvironment();
  const vendorId = confirmChangeRequest.useTarget();
  const [document, setDocument] = useState<File | null>(null);
  const [validFrom, setValidFrom] = useState('');
  const [errors, setErrors] = useState<FieldErrors | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => confirmChangeRequest.registerHost(), []);
  useEffect(() => {
    setDocument(null);
    setValidFrom('');
    setErrors(undefined);
  }, [vendorId]);
  if (vendorId === null) return null;

  const missing = document ? undefined : 'blank';
  const submit = async () => {
    if (missing) {
      setErrors({ confirmation_document: [missing] });
      return;
    }
    setSaving(true);
    try {
      const record = await api.post<Vendor>(`/api/vendors/${vendorId}/change_request/confirm`, toFormData('vendor', { confirmation_document: document, valid_from: validFrom || undefined }));
      // Confirmed for a later day, it waits: the message says when it applies.
      const waiting = record?.change_request_changes?.agreement_status === 'confirmed' ? record.change_request_changes.valid_from : null;
      env.services.notify('success', waiting ? t('vendors.change_scheduled', { date: formatDate(waiting, lng) }) : t('vendors.change_request_confirmed'));
      if (record && typeof record === 'object') void mutate(`/api/vendors/${vendorId}`, record, { revalidate: false });
      env.services.invalidate('/api/vendors');
      confirmChangeRequest.close();
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      else if (error instanceof ApiError && error.status !== 401 && error.status !== 403) env.services.notify('error', t('vendors.change_request_confirm_failed'));
    } finally {
      setSaving(false);
    }
  };
  const base = first(errors, 'base');
  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => !open && confirmChangeRequest.close()}
      title={t('vendors.commands.confirm_change_request')}
      width="md"
      footer={
        <>
          <button type="button" className={button({ variant: 'secondary' })} onClick={confirmChangeRequest.close}>
            {t('form.confirm.cancel')}
          </button>
          <button type="button" className={button({ variant: 'primary' })} disabled={saving} onClick={() => void submit()}>
            {t('vendors.commands.confirm_change_request')}
          </button>
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {base && (
          <p role="alert" className={css({ m: 0, color: 'danger' })}>
            {errorText(t, base)}
          </p>
        )}
        <FileField
          label="vendors.fields.confirmation_document"
          accept=".pdf,application/pdf"
          required
          value={document}
          onChange={(file) => {
            setDocument(file);
            setErrors(undefined);
          }}
          error={first(errors, 'confirmation_document')}
          autoFocus
        />
        <DateField label="vendors.fields.valid_from" value={validFrom} onChange={setValidFrom} error={first(errors, 'valid_from')} />
      </div>
    </ModalDialog>
  );
}
