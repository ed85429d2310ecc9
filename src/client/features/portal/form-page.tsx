import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { RouteDef } from '../../route-table';
import { useT } from '../../lib/i18n';
import { usePageChrome } from '../../shell/page-chrome';

const page = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const heading = css({ fontSize: 'xl', fontWeight: '600', m: 0, color: 'fg' });

/** A portal form screen: the page title ('New FAQ', 'Edit page') as its heading; the record names the crumb. */
export function FormPage({ route, crumb, children }: { route: RouteDef; crumb?: string; children: ReactNode }) {
  const t = useT();
  usePageChrome({ crumb: crumb || undefined });
  return (
    <section className={page} aria-labelledby="portal-form-title">
      <h1 id="portal-form-title" className={heading}>
        {t(route.title)}
      </h1>
      {children}
    </section>
  );
}
