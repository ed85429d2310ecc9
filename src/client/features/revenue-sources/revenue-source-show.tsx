import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import useSWR from 'swr';
import { Link } from 'wouter';
import { api, ApiError } from '../../api/client';
import { usePageEntity } from '../../commands/page-context';
import { FormTitle } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { RecordDetails } from '../../kit/record-details';
import { useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import type { RevenueSource } from './revenue-source';
import { useSourceFacts } from './revenue-source-details';
import { TYPE_ROUTES } from './source-types';

const page = css({ display: 'flex', flexDirection: 'column', gap: '3', maxW: '960px' });
const bar = css({ display: 'flex', gap: '2', flexWrap: 'wrap' });
const box = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'md' });

function Facts({ source }: { source: RevenueSource }) {
  const facts = useSourceFacts(source);
  return (
    <div className={box}>
      <RecordDetails title={source.name ?? source.reference_id} facts={facts} />
    </div>
  );
}

/** /revenue-sources/{id}/show (spec 3, 2.4): the source's facts with its contract links, edit and delete. */
export default function RevenueSourceShow({ params }: ScreenProps) {
  const t = useT();
  const path = `/api/revenue_sources/${params.id}`;
  const { data: source, error, mutate } = useSWR<RevenueSource>(path, (url: string) => api.get<RevenueSource>(url), { revalidateOnFocus: false, shouldRetryOnError: false });
  const entity = useMemo(() => (source ? { resource: 'revenue_sources', id: source.id, record: source as unknown as Record<string, unknown> } : undefined), [source]);
  usePageEntity(entity);

  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div role="alert" className={page}>
        <FormTitle title="pages.revenue_sources.show" />
        <p className={css({ m: 0 })}>{t(missing ? 'form.not_found' : 'form.load_failed')}</p>
        <div className={bar}>
          {!missing && (
            <button type="button" className={button()} onClick={() => void mutate()}>
              {t('form.retry')}
            </button>
          )}
          <Link href={routePath(TYPE_ROUTES.youtube_channel.list)} className={button()}>
            {t('form.back_to_list')}
          </Link>
        </div>
      </div>
    );
  }
  if (!source) {
    return (
      <div role="status" className={css({ color: 'fg.muted' })}>
        {t('form.loading')}
      </div>
    );
  }
  return (
    <div className={page}>
      <FormTitle title="pages.revenue_sources.show" name={source.reference_id} />
      <div className={bar}>
        <CommandButton command="revenue_sources.edit_current" variant="primary" />
        <CommandButton command="revenue_sources.delete_current" variant="danger" />
      </div>
      <Facts source={source} />
    </div>
  );
}
