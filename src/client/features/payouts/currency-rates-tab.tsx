import { useCallback, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import useSWR from 'swr';
import type { Payout, PayoutCurrencyRate } from '../../../shared/entities/payout';
import { validatePayoutCurrencyRates } from '../../../shared/validation/payouts';
import { api, ApiError } from '../../api/client';
import { useCommandEnvironment } from '../../commands/context';
import { CommandButton, DataGrid, DecimalText, type Column } from '../../kit/grid';
import { errorText, useT } from '../../lib/i18n';
import { invalidateResource } from '../../lib/invalidate';
import { setRatesDraft } from './rates-draft';

const bar = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const note = css({ m: 0, color: 'fg.muted', fontSize: 'sm' });
const bad = css({ m: 0, color: 'danger', fontSize: 'sm' });
const gridBox = css({ flex: '1 1 auto', minH: '200px' });

type Rates = { currency_rates: PayoutCurrencyRate[] };

/** The first message the shared rules (5.2) give a row's rate, checked as part of the whole list. */
function rateProblem(row: PayoutCurrencyRate, rate: string): string | undefined {
  const result = validatePayoutCurrencyRates({ currency_rates: [{ ...row, rate }] });
  if (result.ok) return undefined;
  const rows = (result.errors.currency_rates ?? {}) as Record<string, Record<string, string[]>>;
  return rows['0']?.rate?.[0] ?? 'invalid';
}

/** A list error of the server's 422 as `USD → EUR: rate is invalid` lines. */
function errorLines(t: ReturnType<typeof useT>, rows: PayoutCurrencyRate[], errors: Record<string, unknown>): string[] {
  const byRow = (errors.currency_rates ?? {}) as Record<string, Record<string, string[]>>;
  const lines = Object.entries(byRow).flatMap(([i, fields]) =>
    Object.entries(fields ?? {}).flatMap(([field, keys]) =>
      (Array.isArray(keys) ? keys : []).map((key) => `${rows[Number(i)]?.base_currency ?? ''} → ${rows[Number(i)]?.target_currency ?? ''}: ${t(`payouts.rate_fields.${field}`)} ${errorText(t, key)}`),
    ),
  );
  const base = Array.isArray(errors.base) ? (errors.base as string[]).map((k) => errorText(t, k)) : [];
  return [...base, ...lines];
}

/**
 * The currency-rates tab (spec 3, 2.3, 5.2; DOMAIN "Payouts"): the payout's USD → X rates in a grid
 * edited in place (Enter or F2 opens a rate, Tab moves to the next, decimals checked by the shared
 * rules) and saved as a whole with the save command (Ctrl/Cmd+S). Locked while a job runs and once payments
 * exist, saying which.
 */
export function CurrencyRatesTab({ payout }: { payout: Payout }) {
  const t = useT();
  const { services } = useCommandEnvironment();
  const path = `/api/payouts/${payout.id}/currency_rates`;
  const { data, error, isLoading, mutate } = useSWR<Rates>(path, (url: string) => api.get<Rates>(url), { revalidateOnFocus: false });
  const [draft, setDraft] = useState<PayoutCurrencyRate[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const rows = draft ?? data?.currency_rates ?? [];
  const dirty = draft !== null;
  const editable = payout.can_edit_currency_rates;

  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const save = useCallback(async () => {
    const current = rowsRef.current;
    const body = { currency_rates: current.map((r) => ({ id: r.id, base_currency: r.base_currency, target_currency: r.target_currency, rate: r.rate })) };
    const checked = validatePayoutCurrencyRates(body);
    if (!checked.ok) {
      setProblems(errorLines(t, current, checked.errors as Record<string, unknown>));
      return;
    }
    try {
      const saved = await api.post<Rates>(path, body);
      await mutate(saved, { revalidate: false });
      setDraft(null);
      setProblems([]);
      services.notify('success', t('payouts.rates_saved'));
      invalidateResource(`/api/payouts/${payout.id}`);
    } catch (e) {
      const errors = e instanceof ApiError ? e.errors : undefined;
      if (errors) setProblems(errorLines(t, current, errors as Record<string, unknown>));
      // spec 3, 8: the server's error or message
      services.notify('error', e instanceof ApiError && !errors ? e.message : t('payouts.rates_save_failed'));
    }
  }, [path, mutate, services, t, payout.id]);

  useEffect(() => {
    setRatesDraft({ payoutId: payout.id, dirty, save: editable ? save : null });
  }, [payout.id, dirty, save, editable]);
  useEffect(() => () => setRatesDraft({ payoutId: null, dirty: false, save: null }), []);

  const columns: Column<PayoutCurrencyRate>[] = [
    { id: 'base_currency', header: 'payouts.rate_fields.base_currency', rowHeader: true, width: 120, grow: 0 },
    { id: 'target_currency', header: 'payouts.rate_fields.target_currency', width: 120, grow: 0 },
    {
      id: 'rate',
      header: 'payouts.rate_fields.rate',
      width: 180,
      grow: 1,
      align: 'end',
      cell: (r) => <DecimalText value={r.rate} minFraction={0} trim />,
      editable: {
        type: 'decimal',
        required: true,
        enabled: () => editable,
        validate: (value, row) => rateProblem(row, value),
        // Kept in the draft: the list is saved as a whole (5.2).
        commit: async (row, value) => {
          setDraft(rowsRef.current.map((r) => (r.id === row.id ? { ...r, rate: value } : r)));
          setProblems([]);
        },
      },
    },
  ];

  return (
    <>
      <div className={bar}>
        <CommandButton command="payouts.save_currency_rates" variant="primary" />
        <p className={note}>{editable ? t(dirty ? 'payouts.rates_unsaved' : 'payouts.rates_hint') : t(payout.locked_reason ? `payouts.reasons.locked_${payout.locked_reason}` : 'payouts.reasons.rates_locked')}</p>
      </div>
      {problems.length > 0 && (
        <div role="alert">
          {problems.map((p) => (
            <p key={p} className={bad}>
              {p}
            </p>
          ))}
        </div>
      )}
      <div className={gridBox}>
        <DataGrid<PayoutCurrencyRate> label={t('payouts.tabs.currency_rates')} columns={columns} rows={rows} loading={isLoading} error={error} onRetry={() => void mutate()} emptyText="payouts.no_rates" />
      </div>
    </>
  );
}
