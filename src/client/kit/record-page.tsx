import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import useSWR, { type KeyedMutator } from 'swr';
import { Link } from 'wouter';
import { api, ApiError } from '../api/client';
import { usePageEntity } from '../commands/page-context';
import { useT } from '../lib/i18n';
import { FormTitle } from './form/form-title';

export type LoadStatus = 'loading' | 'not_found' | 'error' | 'ready';

export interface RecordPage<T> {
  record: T | undefined;
  status: LoadStatus;
  reload: KeyedMutator<T>;
}

/**
 * One record's page (a details screen): loads it once (no refetch on focus, no retry loop on a 404)
 * and publishes it as the page's entity, so the palette and hotkeys offer its row commands.
 * `refreshInterval` re-reads it while the record says something still runs.
 */
export function useRecordPage<T extends { id: number | string }>(resource: string, path: string, options: { refreshInterval?(latest: T | undefined): number } = {}): RecordPage<T> {
  const { data, error, mutate } = useSWR<T>(path, (url: string) => api.get<T>(url), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    // A record with running jobs asks again (a payout while it imports: spec 3, 4.2).
    refreshInterval: options.refreshInterval,
  });
  const entity = useMemo(() => (data ? { resource, id: data.id, record: data as unknown as Record<string, unknown> } : undefined), [data, resource]);
  usePageEntity(entity);
  const status: LoadStatus = data ? 'ready' : !error ? 'loading' : error instanceof ApiError && error.status === 404 ? 'not_found' : 'error';
  return { record: data, status, reload: mutate };
}

export interface RecordLoadStateProps {
  /** A record not found offers no retry ('ready' without a record cannot happen: shown as loading). */
  status: LoadStatus;
  /** The page's title key, so the failed page still has its heading. */
  title?: string;
  listPath: string;
  onRetry: () => void;
}

const alertBox = css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' });

/** What a record's page (or form) shows before it has the record: a loading status, or the failure and a way on. */
export function RecordLoadState({ status, title, listPath, onRetry }: RecordLoadStateProps) {
  const t = useT();
  if (status === 'loading' || status === 'ready') {
    return (
      <div role="status" className={css({ p: '4', color: 'fg.muted' })}>
        {t('form.loading')}
      </div>
    );
  }
  const missing = status === 'not_found';
  return (
    <div role="alert" className={alertBox}>
      {title && <FormTitle title={title} />}
      <p className={css({ m: 0 })}>{t(missing ? 'form.not_found' : 'form.load_failed')}</p>
      <div className={css({ display: 'flex', gap: '2' })}>
        {!missing && (
          <button type="button" className={button()} onClick={onRetry}>
            {t('form.retry')}
          </button>
        )}
        <Link href={listPath} className={button()}>
          {t('form.back_to_list')}
        </Link>
      </div>
    </div>
  );
}
