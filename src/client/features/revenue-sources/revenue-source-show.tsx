import { css } from 'styled-system/css';
import { FormTitle } from '../../kit/form';
import { RecordLoadState, useRecordPage } from '../../kit/record-page';
import { CommandButton } from '../../kit/grid';
import { RecordDetails } from '../../kit/record-details';
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
  const path = `/api/revenue_sources/${params.id}`;
  const { record: source, status, reload } = useRecordPage<RevenueSource>('revenue_sources', path);

  if (!source) return <RecordLoadState status={status} title="pages.revenue_sources.show" listPath={routePath(TYPE_ROUTES.youtube_channel.list)} onRetry={() => void reload()} />;
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
