import { useEffect, useState } from 'react';
import { button } from 'styled-system/recipes';
import type { RevenueSourceLookup } from '../../../shared/entities/revenue-source';
import { validateAllocateUnallocated } from '../../../shared/validation/payouts';
import { api, ApiError } from '../../api/client';
import { useCommandEnvironment } from '../../commands/context';
import { ModalDialog } from '../../kit/dialog';
import { AutocompleteField } from '../../kit/fields';
import { invalidateLists } from '../../kit/grid';
import { errorText, useT, type Translate } from '../../lib/i18n';
import { allocateDialog } from './dialogs';

/** 7.5: a channel source is assigned as `channel`, a label as `label`. */
const assignedType = (s: RevenueSourceLookup) => (s.type === 'youtube_label' ? 'label' : 'channel');

/** Why the server refused (spec 3, 8 has only 'allocate error'; staff need the reason to act on it). */
function refusal(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return (error as Error).message;
  const body = error.body as { ineligible_ids?: number[]; reason?: string } | undefined;
  // 409: a payout of the rows runs a job or has payments (the server's reason).
  if (error.status === 409 && body?.reason) return t(`payouts.reasons.locked_${body.reason}`);
  if (body?.ineligible_ids) return t('unallocated_revenues.refusals.ineligible', { count: body.ineligible_ids.length });
  if (error.errors?.assigned_id) return t('unallocated_revenues.refusals.unknown_source');
  const key = error.errors ? Object.values(error.errors).flat()[0] : undefined;
  return typeof key === 'string' ? errorText(t, key) : error.message;
}

/**
 * Allocate the selected unallocated revenues by hand (spec 3, 2.5, 5.5, 7.5): a revenue source is
 * required, found by reference id or name and listed with its type. Success and failure are toasts (8).
 */
export function AllocateDialog() {
  const t = useT();
  const { services } = useCommandEnvironment();
  const rows = allocateDialog.useTarget();
  useEffect(() => allocateDialog.registerHost(), []);
  const [source, setSource] = useState<RevenueSourceLookup | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!rows) return null;
  const payload = { assigned_id: source?.reference_id ?? '', assigned_type: source ? assignedType(source) : '', revenue_ids: rows.map((r) => r.id) };
  const result = validateAllocateUnallocated(payload);

  const close = () => {
    setSource(null);
    setTried(false);
    allocateDialog.close();
  };
  const submit = async () => {
    setTried(true);
    if (!result.ok || busy) return;
    setBusy(true);
    try {
      await api.post('/api/unallocated_revenues/allocate', payload);
      services.notify('success', t('unallocated_revenues.allocated', { count: rows.length }));
      close();
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) services.notify('error', t('unallocated_revenues.allocate_error', { reason: refusal(t, error) }));
    } finally {
      setBusy(false);
      void invalidateLists('/api/unallocated_revenues');
    }
  };

  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => !open && !busy && close()}
      title={t('unallocated_revenues.allocate_title', { count: rows.length })}
      width="md"
      footer={
        <>
          <button type="button" className={button({ variant: 'secondary' })} onClick={close} disabled={busy}>
            {t('form.confirm.cancel')}
          </button>
          <button type="submit" form="allocate-unallocated" className={button({ variant: 'primary' })} disabled={busy}>
            {t('unallocated_revenues.allocate_ok')}
          </button>
        </>
      }
    >
      <form
        id="allocate-unallocated"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {/* The source itself is the value: its reference id and type are what the call sends. */}
        <AutocompleteField<RevenueSourceLookup, RevenueSourceLookup>
          name="revenue_source"
          label="unallocated_revenues.fields.revenue_source"
          path="/api/revenue_sources/lookup"
          labelOf={(s) => s.reference_id}
          noteOf={(s) => [t(`unallocated_revenues.source_types.${assignedType(s)}`), s.name].filter(Boolean).join(' · ')}
          valueOf={(s) => s}
          value={source}
          onChange={setSource}
          required
          autoFocus
          error={tried && !source ? 'blank' : undefined}
        />
      </form>
    </ModalDialog>
  );
}
