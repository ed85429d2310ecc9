import { css } from 'styled-system/css';
import { useT } from '../lib/i18n';
import type { RouteDef } from '../route-table';

/** A route whose area is not built yet: it opens, says so, and names the page. */
export function Placeholder({ route }: { route: RouteDef }) {
  const t = useT();
  return (
    <section className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h1 className={css({ fontSize: 'xl', fontWeight: '600' })}>{t(route.title)}</h1>
      <p className={css({ color: 'fg.muted', bg: 'bg.surface', borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong', borderRadius: 'lg', p: '6' })}>
        {t('placeholder.text')}
      </p>
    </section>
  );
}
