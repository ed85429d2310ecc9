import { useState } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { api, ApiError } from '../../api/client';
import { useCommandEnvironment } from '../../commands/context';
import { ModalDialog } from '../../kit/dialog';
import { AutocompleteField } from '../../kit/fields';
import { invalidateLists } from '../../kit/grid';
import { useT } from '../../lib/i18n';
import { addToBucketDialog } from './dialogs';

interface BucketChoice {
  id: number | null;
  name: string;
}

const alert = css({ color: 'danger', fontSize: 'sm', m: 0 });

/** The first field error of a 422, if any. */
function fieldError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const errors = (error.body as { errors?: Record<string, string[]> } | undefined)?.errors;
  return errors ? Object.values(errors).flat()[0] : undefined;
}

/**
 * Add the selected payments to a bucket (spec 3, 2.1, 5.1, 8): a bucket is required (blank), found by
 * name; typing a new name offers to create it, and the bucket is created first when the dialog is sent.
 * A 400 (some payment may not be added) is the form's error; other refusals land on the bucket field.
 */
export default function AddToBucketDialog({ value: ids }: { value: number[] }) {
  const t = useT();
  const { services } = useCommandEnvironment();
  const [bucket, setBucket] = useState<BucketChoice | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | undefined>();

  const close = () => {
    setBucket(null);
    setTried(false);
    setFormError(null);
    setServerError(undefined);
    addToBucketDialog.close();
  };
  const submit = async () => {
    setTried(true);
    setFormError(null);
    setServerError(undefined);
    if (!bucket || busy) return;
    setBusy(true);
    try {
      let bucketId = bucket.id;
      if (bucketId === null) {
        const created = await api.post<{ id: number }>('/api/payment_buckets', { payment_bucket: { name: bucket.name } });
        bucketId = created.id;
        // Created once: sending again adds to it instead of creating another.
        setBucket({ id: bucketId, name: bucket.name });
        void invalidateLists('/api/payment_buckets');
      }
      await api.post('/api/payments/add_to_payment_bucket', { ids, payment_bucket_id: bucketId });
      services.notify('success', t('payment_buckets.added', { count: ids.length, name: bucket.name }));
      close();
      void invalidateLists('/api/payments');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setFormError(t('payment_buckets.add_refused'));
      else if (fieldError(error)) setServerError(fieldError(error));
      else if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) services.notify('error', t('payment_buckets.add_failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => !open && !busy && close()}
      title={t('payment_buckets.add_title', { count: ids.length })}
      width="md"
      footer={
        <>
          <button type="button" className={button({ variant: 'secondary' })} onClick={close} disabled={busy}>
            {t('form.confirm.cancel')}
          </button>
          <button type="submit" form="add-to-payment-bucket" className={button({ variant: 'primary' })} disabled={busy}>
            {t('payment_buckets.add_ok')}
          </button>
        </>
      }
    >
      <form
        id="add-to-payment-bucket"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {formError && (
          <p role="alert" className={alert}>
            {formError}
          </p>
        )}
        <AutocompleteField<BucketChoice, BucketChoice>
          name="payment_bucket"
          label="payment_buckets.fields.payment_bucket"
          path="/api/payment_buckets/lookup"
          labelOf={(b) => b.name}
          noteOf={(b) => (b.id === null ? t('payment_buckets.new_bucket') : `#${b.id}`)}
          valueOf={(b) => b}
          value={bucket}
          onChange={(b) => {
            setBucket(b);
            setServerError(undefined);
          }}
          selectedLabel={bucket?.name}
          createLabel="payment_buckets.create_named"
          onCreate={(name) => setBucket({ id: null, name })}
          required
          autoFocus
          error={serverError ?? (tried && !bucket ? 'blank' : undefined)}
        />
      </form>
    </ModalDialog>
  );
}
