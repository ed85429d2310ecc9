import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useCountries } from '../../lib/reference-names';
import { CopyButton } from '../../kit/fields';
import { FormTitle } from '../../kit/form';
import { RecordLoadState, useRecordPage } from '../../kit/record-page';
import { CommandButton, YesNo } from '../../kit/grid';
import { useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import type { ContentOwner } from './content-owner';
import { EarningsRulesTable } from './earnings-rules';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '960px' });
const head = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', justifyContent: 'space-between' });
const facts = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'minmax(180px, max-content) 1fr' },
  columnGap: '6',
  rowGap: '2',
  m: 0,
  p: '4',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  '& dt': { color: 'fg.muted', fontSize: 'sm' },
  '& dd': { m: 0, color: 'fg', minW: 0, overflowWrap: 'anywhere' },
});
const muted = css({ color: 'fg.muted' });
const inline = css({ display: 'inline-flex', alignItems: 'center', gap: '2' });

function Emails({ list }: { list: readonly string[] | null | undefined }) {
  const t = useT();
  if (!list || list.length === 0) return <span className={muted}>{t('content_owners.none')}</span>;
  return (
    <ul className={css({ listStyle: 'none', m: 0, p: 0 })}>
      {list.map((email) => (
        <li key={email}>{email}</li>
      ))}
    </ul>
  );
}

/**
 * A content owner's details (spec 1, 2.8; role content_owners or admin): flags, reporting and
 * notification settings, and the earnings-mapping rules by asset type in their order, with the edit link.
 */
export default function ContentOwnerDetails({ params }: ScreenProps) {
  const t = useT();
  const countries = useCountries();
  const path = `/api/cms/content_owners/${params.id}`;
  const { record: owner, status, reload } = useRecordPage<ContentOwner>('content_owners', path);

  if (!owner) return <RecordLoadState status={status} title="pages.content_owners.show" listPath={routePath('content_owners.list')} onRetry={() => void reload()} />;

  const country = owner.internal_country ? countries.find((c) => c.code === owner.internal_country) : undefined;
  const rows: [string, ReactNode][] = [
    [
      'content_owner_id',
      <span key="id" className={inline}>
        <code>{owner.content_owner_id}</code>
        <CopyButton value={owner.content_owner_id} label={t('content_owners.fields.content_owner_id')} />
      </span>,
    ],
    ['own', <YesNo key="own" value={owner.own} />],
    [
      'internal_country',
      owner.internal_country ? country ? `${country.name} (${country.code})` : owner.internal_country : <span className={muted}>{t('content_owners.none')}</span>,
    ],
    ['report_filename_part', owner.report_filename_part],
    ['use_direct_earnings_from_yt_reports', <YesNo key="direct" value={owner.use_direct_earnings_from_yt_reports} />],
    ['conflict_notification_email', owner.conflict_notification_email || <span className={muted}>{t('content_owners.none')}</span>],
    ['dispute_notification_emails', <Emails key="dispute" list={owner.dispute_notification_emails} />],
    ['fingerprint_report_notification_emails', <Emails key="fingerprint" list={owner.fingerprint_report_notification_emails} />],
    ['primary_notification_emails', <Emails key="primary" list={owner.primary_notification_emails} />],
  ];

  return (
    <div className={page}>
      <div className={head}>
        <FormTitle title="pages.content_owners.show" name={owner.display_name} />
        <CommandButton command="content_owners.edit_current" variant="primary" />
      </div>
      <dl className={facts}>
        {rows.map(([field, value]) => (
          <div key={field} className={css({ display: 'contents' })}>
            <dt>{t(`content_owners.fields.${field}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <EarningsRulesTable entries={owner.earnings_mapping_rules} />
    </div>
  );
}
