import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { Payout } from '../../../shared/entities/payout';
import { defaultRevenueTypes, revenueTypesFor, validateRevenueTypes } from '../../../shared/validation/payouts';
import { ApiError, request } from '../../api/client';
import { useCommandEnvironment } from '../../commands/context';
import { ModalDialog } from '../../kit/dialog';
import { errorText, useT } from '../../lib/i18n';
import { jobsStarted } from '../../kit/jobs-watch';
import { invalidateResource } from '../../lib/invalidate';
import { revenueTypesDialog } from './dialogs';

const group = css({ border: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: '0', '& legend': { fontWeight: '600', mb: '2', p: 0 } });
// Rows 28px apart: each checkbox keeps the 24px target spacing of WCAG 2.2 (axe target-size).
const option = css({ display: 'flex', alignItems: 'center', gap: '2', minH: '28px', fontSize: 'sm', '& input': { w: '16px', h: '16px', accentColor: 'accent' }, '&:has(input:disabled)': { color: 'fg.muted' } });
const bad = css({ color: 'danger', fontSize: 'xs', m: 0, mt: '2' });

/** The server's reason of a refused job (spec 3, 8: its message as an error toast). */
function failure(t: ReturnType<typeof useT>, error: unknown): string {
  if (error instanceof ApiError) {
    const key = error.errors ? Object.values(error.errors).flat()[0] : undefined;
    if (typeof key === 'string') return errorText(t, key);
    return error.message;
  }
  return (error as Error).message;
}

/**
 * Allocate or delete revenues by revenue type (spec 3, 5.2): the payout's types; to allocate, the
 * allocated ones are disabled and the default leaves out withholding_tax; to delete, only allocated
 * ones can be chosen. Both start a job; the payout then shows it running.
 */
function RevenueTypesForm({ payout, mode }: { payout: Payout; mode: 'allocate' | 'delete' }) {
  const t = useT();
  const { services } = useCommandEnvironment();
  const allocated = payout.allocated_revenue_types as string[];
  const types = revenueTypesFor(payout.payout_types);
  const [chosen, setChosen] = useState<string[]>(() => (mode === 'allocate' ? defaultRevenueTypes(payout.payout_types, allocated) : []));
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const result = validateRevenueTypes({ revenue_types: chosen }, types);
  const first = !result.ok ? Object.values(result.errors).flat()[0] : undefined;
  const problem = typeof first === 'string' ? first : first ? 'invalid' : undefined;
  const disabled = (type: string) => (mode === 'allocate' ? allocated.includes(type) : !allocated.includes(type));
  const title = t(mode === 'allocate' ? 'payouts.allocate_title' : 'payouts.delete_revenues_title');

  const submit = async () => {
    setTried(true);
    if (!result.ok || busy) return;
    setBusy(true);
    try {
      const path = mode === 'allocate' ? `/api/payouts/${payout.id}/allocate_revenues` : `/api/payouts/${payout.id}/revenues`;
      await request(mode === 'allocate' ? 'POST' : 'DELETE', path, { body: { revenue_types: chosen } });
      services.notify('success', t(mode === 'allocate' ? 'payouts.allocation_started' : 'payouts.deletion_started'));
      jobsStarted(`/api/payouts/${payout.id}/jobs`, [mode === 'allocate' ? 'allocate_revenues' : 'delete_revenues']);
      revenueTypesDialog.close();
    } catch (error) {
      services.notify('error', failure(t, error));
    } finally {
      setBusy(false);
      invalidateResource(`/api/payouts/${payout.id}`);
    }
  };

  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => !open && !busy && revenueTypesDialog.close()}
      title={title}
      width="sm"
      footer={
        <>
          <button type="button" className={button({ variant: 'secondary' })} onClick={() => revenueTypesDialog.close()} disabled={busy}>
            {t('form.confirm.cancel')}
          </button>
          <button type="submit" form="payout-revenue-types" className={button({ variant: mode === 'delete' ? 'danger' : 'primary' })} disabled={busy || !result.ok}>
            {t(mode === 'allocate' ? 'payouts.allocate_ok' : 'payouts.delete_revenues_ok')}
          </button>
        </>
      }
    >
      <form
        id="payout-revenue-types"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className={group} aria-describedby={tried && problem ? 'payout-revenue-types-error' : undefined}>
          <legend>{t('payouts.fields.revenue_types')}</legend>
          {types.map((type, i) => (
            <label key={type} className={option}>
              <input
                type="checkbox"
                autoFocus={i === types.findIndex((x) => !disabled(x))}
                checked={chosen.includes(type)}
                disabled={disabled(type) || busy}
                onChange={(e) => setChosen((c) => (e.target.checked ? [...c, type] : c.filter((x) => x !== type)))}
              />
              {t(`payouts.revenue_types.${type}`)}
              {allocated.includes(type) && <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>({t('payouts.allocated')})</span>}
            </label>
          ))}
        </fieldset>
        {problem && (
          <p id="payout-revenue-types-error" className={bad}>
            {t('payouts.fields.revenue_types')} {errorText(t, problem)}
          </p>
        )}
      </form>
    </ModalDialog>
  );
}

export function RevenueTypesDialog() {
  const target = revenueTypesDialog.useTarget();
  useEffect(() => revenueTypesDialog.registerHost(), []);
  return target ? <RevenueTypesForm key={`${target.payout.id}:${target.mode}`} payout={target.payout} mode={target.mode} /> : null;
}
