import { css } from 'styled-system/css';
import { useT } from '../../lib/i18n';
import { usePageChrome } from '../../shell/page-chrome';

const heading = css({ fontSize: 'xl', fontWeight: '600', m: 0, mb: '3', color: 'fg', display: 'flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap' });
const nameStyle = css({ fontWeight: '400', color: 'fg.muted' });

/**
 * The heading of a create/edit screen: the page title ('Edit bank') and, on an edit page, the record's
 * name, which also becomes the last breadcrumb (spec 1, 2.5).
 */
export function FormTitle({ title, name }: { title: string; name?: string | null }) {
  const t = useT();
  usePageChrome({ crumb: name || undefined });
  return (
    <h1 className={heading}>
      {t(title)}
      {name && <span className={nameStyle}>{name}</span>}
    </h1>
  );
}
