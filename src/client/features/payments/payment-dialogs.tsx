import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import useSWR from 'swr';
import type { Payment } from '../../../shared/entities/payment';
import { api, ApiError, request } from '../../api/client';
import { useCommandEnvironment } from '../../commands/context';
import { ModalDialog } from '../../kit/dialog';
import { FileField, SelectField, SwitchField, TextAreaField } from '../../kit/fields';
import { formatDate } from '../../kit/grid';
import { errorText, languageAtom, useT } from '../../lib/i18n';
import { invalidateResource } from '../../lib/invalidate';
import { paymentDialog, type PaymentDialog } from './dialogs';

const formBox = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const note = css({ m: 0, color: 'fg.muted', fontSize: 'sm' });

/** One contract vendor that may take a cancelled payment (spec 3, 7.2). */
interface Candidate {
  id: number;
  contract: { id: number; active_from: string | null; active_to: string | null };
  vendor: { id: number; name: string };
}

/** The first field error of a 422 per field, and the toast text for the rest (spec 3, 8). */
function fieldErrors(error: unknown): Record<string, string> {
  const errors = error instanceof ApiError ? error.errors : undefined;
  return Object.fromEntries(Object.entries(errors ?? {}).flatMap(([k, v]) => (Array.isArray(v) && typeof v[0] === 'string' ? [[k, v[0] as string]] : [])));
}

/** A payment action's dialog frame: title, the form, Cancel and the submit button; Escape closes it unless busy. */
function ActionDialog({ id, title, submit, busy, disabled, onSubmit, children }: { id: string; title: string; submit: string; busy: boolean; disabled?: boolean; onSubmit(): void; children: ReactNode }) {
  const t = useT();
  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => !open && !busy && paymentDialog.close()}
      title={title}
      width="sm"
      footer={
        <>
          <button type="button" className={button({ variant: 'secondary' })} onClick={() => paymentDialog.close()} disabled={busy}>
            {t('form.confirm.cancel')}
          </button>
          <button type="submit" form={id} className={button({ variant: 'primary' })} disabled={busy || disabled}>
            {t(submit)}
          </button>
        </>
      }
    >
      <form
        id={id}
        noValidate
        className={formBox}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </ModalDialog>
  );
}

/** Runs the action, then the success toast, or field errors and the action's error toast; the payment's lists re-read. */
function useAction(action: 'attach_invoice' | 'verify_invoice' | 'cancel') {
  const t = useT();
  const { services } = useCommandEnvironment();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = async (call: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await call();
      services.notify('success', t(`payments.done.${action}`));
      paymentDialog.close();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      const first = fields.base ?? Object.values(fields)[0];
      services.notify('error', `${t(`payments.failed.${action}`)}${first ? `: ${errorText(t, first)}` : ''}`);
    } finally {
      setBusy(false);
      invalidateResource('/api/payments');
    }
  };
  const errorOf = (field: string) => (errors[field] ? errorText(t, errors[field]) : undefined);
  return { busy, run, errorOf, setErrors };
}

/** Spec 3, 5.1: invoice_pdf required, a .pdf. */
function AttachInvoice({ payment }: { payment: Payment }) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const { busy, run, errorOf, setErrors } = useAction('attach_invoice');
  const submit = () => {
    if (!file) return setErrors({ invoice_pdf: 'blank' });
    const body = new FormData();
    body.append('invoice_pdf', file, file.name);
    void run(() => request('POST', `/api/payments/${payment.id}/attach_invoice`, { body }));
  };
  return (
    <ActionDialog id="payment-attach-invoice" title={t('payments.dialogs.attach_title', { reference: payment.reference })} submit="payments.commands.attach_invoice" busy={busy} onSubmit={submit}>
      <FileField name="invoice_pdf" label="payments.fields.invoice_pdf" accept=".pdf,application/pdf" required autoFocus value={file} onChange={(f) => setFile(f)} error={errorOf('invoice_pdf')} disabled={busy} />
    </ActionDialog>
  );
}

/** Spec 3, 5.1: comment (multiline) and send_notification (default off). */
function VerifyInvoice({ payment }: { payment: Payment }) {
  const t = useT();
  const [comment, setComment] = useState('');
  const [notify, setNotify] = useState(false);
  const { busy, run, errorOf } = useAction('verify_invoice');
  return (
    <ActionDialog
      id="payment-verify-invoice"
      title={t('payments.dialogs.verify_title', { reference: payment.reference })}
      submit="payments.commands.verify_invoice"
      busy={busy}
      onSubmit={() => void run(() => api.post(`/api/payments/${payment.id}/verify_invoice`, { comment, send_notification: notify }))}
    >
      <TextAreaField name="comment" label="payments.fields.comment" autoFocus value={comment} onChange={(v) => setComment(v ?? '')} error={errorOf('comment')} disabled={busy} />
      <SwitchField name="send_notification" label="payments.fields.send_notification" value={notify} onChange={(v) => setNotify(!!v)} error={errorOf('send_notification')} disabled={busy} />
    </ActionDialog>
  );
}

/** Spec 3, 5.1: the replacement contract vendor is required, from contract_vendors_for_correction (contract dates and vendor name). */
function CancelPayment({ payment }: { payment: Payment }) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  const [choice, setChoice] = useState<string | number>('');
  const { busy, run, errorOf, setErrors } = useAction('cancel');
  const { data } = useSWR<Candidate[] | { entries: Candidate[] }>(`/api/payments/${payment.id}/contract_vendors_for_correction`, (url: string) => api.get(url), { revalidateOnFocus: false });
  const candidates = data ? (Array.isArray(data) ? data : data.entries) : undefined;
  const submit = () => {
    if (choice === '') return setErrors({ contract_vendor_id: 'blank' });
    void run(() => api.post(`/api/payments/${payment.id}/cancel`, { contract_vendor_id: Number(choice) }));
  };
  const range = (c: Candidate) => ({ from: formatDate(c.contract.active_from, lng) || '…', to: formatDate(c.contract.active_to, lng) || '…' });
  return (
    <ActionDialog id="payment-cancel" title={t('payments.dialogs.cancel_title', { reference: payment.reference })} submit="payments.commands.cancel" busy={busy} disabled={!candidates} onSubmit={submit}>
      <p className={note}>{t('payments.dialogs.cancel_hint')}</p>
      {!candidates ? (
        <p className={note} role="status">
          {t('payments.dialogs.loading_candidates')}
        </p>
      ) : candidates.length === 0 ? (
        <p className={note}>{t('payments.dialogs.no_candidates')}</p>
      ) : (
        <SelectField
          name="contract_vendor_id"
          label="payments.fields.contract_vendor_id"
          required
          autoFocus
          translate={false}
          allowEmpty
          options={candidates.map((c) => ({ value: c.id, label: t('payments.dialogs.candidate', { vendor: c.vendor.name, contract: c.contract.id, ...range(c) }) }))}
          value={choice}
          onChange={(v) => setChoice(v ?? '')}
          error={errorOf('contract_vendor_id')}
          disabled={busy}
        />
      )}
    </ActionDialog>
  );
}

function DialogFor({ dialog }: { dialog: PaymentDialog }) {
  if (dialog.kind === 'attach_invoice') return <AttachInvoice payment={dialog.payment} />;
  if (dialog.kind === 'verify_invoice') return <VerifyInvoice payment={dialog.payment} />;
  return <CancelPayment payment={dialog.payment} />;
}

/** The dialog a payment command opened (hosted by `PaymentDialogs` in payment-dialogs-host.tsx). */
export default function PaymentDialogFor({ value }: { value: PaymentDialog }) {
  return <DialogFor dialog={value} />;
}
