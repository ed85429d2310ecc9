import { useRef, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { ApiError, type FieldErrors } from '../../api/client';
import { useFocusFirstError } from '../../kit/focus-first-error';
import { useCommandEnvironment } from '../../commands/context';
import { ModalDialog } from '../../kit/dialog';
import { errorText, useT } from '../../lib/i18n';
import { closeContractDialog } from './contract-dialog-store';
import { refreshContract } from './refresh';

/** The first message key of a field in the server's (or the dialog's own) errors. */
export const firstError = (errors: FieldErrors | undefined, field: string): string | undefined => {
  const v = errors?.[field];
  return Array.isArray(v) ? v[0] : undefined;
};

export interface ActionDialogProps {
  contractId: number;
  /** Translation keys of the title, the submitting button and the success message. */
  title: string;
  submitLabel: string;
  done: string;
  /** Values of the success message's placeholders, read from the answer (a created payment's `{reference}`). */
  doneValues?(answer: unknown): Record<string, string | number>;
  /** What else the answer changed, beside the contract (other resources' lists). */
  onDone?(answer: unknown): void;
  danger?: boolean;
  /** Field errors found before sending (required values); none sends. */
  check(): FieldErrors;
  /** Sends the action; answers the contract. */
  send(): Promise<unknown>;
  errors: FieldErrors | undefined;
  setErrors(errors: FieldErrors | undefined): void;
  children: ReactNode;
}

/**
 * The frame of every contract action dialog (spec 2, 5: comment, sign, pause, termination, advance):
 * the fields, Cancel and the action's button. Required values are checked before sending, the server's
 * 422 lands on the fields (a `base` reason above them) and the first marked field takes the focus;
 * success says so, closes, shows the contract as answered and reloads the lists.
 */
export function ActionDialog({ contractId, title, submitLabel, done, doneValues, onDone, danger, check, send, errors, setErrors, children }: ActionDialogProps) {
  const t = useT();
  const env = useCommandEnvironment();
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    focusFirstError();
  };
  const submit = async () => {
    const found = check();
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setSaving(true);
    try {
      const record = await send();
      env.services.notify('success', t(done, doneValues?.(record)));
      closeContractDialog();
      refreshContract(contractId, record);
      onDone?.(record);
    } catch (error) {
      if (error instanceof ApiError && error.errors) showErrors(error.errors);
      else if (error instanceof ApiError && error.status !== 401 && error.status !== 403) env.services.notify('error', t('contracts.action_failed'));
    } finally {
      setSaving(false);
    }
  };
  const base = firstError(errors, 'base');
  return (
    <ModalDialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && closeContractDialog()}
      title={t(title)}
      width="md"
      footer={
        <>
          <button type="button" className={button({ variant: 'secondary' })} onClick={closeContractDialog}>
            {t('form.confirm.cancel')}
          </button>
          <button type="button" className={button({ variant: danger ? 'danger' : 'primary' })} disabled={saving} onClick={() => void submit()}>
            {t(submitLabel)}
          </button>
        </>
      }
    >
      <form
        ref={formRef}
        className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {base && (
          <p role="alert" className={css({ m: 0, color: 'danger' })}>
            {errorText(t, base)}
          </p>
        )}
        {children}
      </form>
    </ModalDialog>
  );
}
