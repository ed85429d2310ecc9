import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { WhitelistedChannel } from './types';

const muted = css({ color: 'fg.muted', fontSize: 'xs' });
const mono = css({ fontFamily: 'mono', fontSize: 'xs' });
const link = css({ color: 'accent', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'accent.hover' } });

/** The content owner: display name, then its YouTube content owner id. */
export function ContentOwnerCell({ owner }: { owner: WhitelistedChannel['content_owner'] }) {
  return (
    <>
      <span>{owner.display_name}</span> <span className={muted}>{owner.content_owner_id}</span>
    </>
  );
}

export function ChannelIdCell({ id }: { id: string }) {
  return <span className={mono}>{id}</span>;
}

/** The revenue source as a link to its page (reference id and type); '–' when there is none. */
export function RevenueSourceCell({ source }: { source: WhitelistedChannel['revenue_source'] }) {
  const t = useT();
  if (!source)
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="sr-only">{t('whitelisted_channels.no_revenue_source')}</span>
      </>
    );
  return (
    <>
      <Link href={routePath('revenue_sources.show', { id: source.id })} className={link}>
        {source.reference_id}
      </Link>{' '}
      <span className={muted}>{t(`whitelisted_channels.source_types.${source.type}`)}</span>
    </>
  );
}
