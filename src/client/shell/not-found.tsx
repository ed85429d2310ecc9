import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { useT } from '../lib/i18n';

/** Spec 1, 2.2. */
export function NotFound() {
  const t = useT();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start', py: '10' })}>
      <h1 className={css({ fontSize: 'xl', fontWeight: '600' })}>{t('not_found.title')}</h1>
      <p className={css({ color: 'fg.muted' })}>{t('not_found.text')}</p>
      <Link href="/" className={button({ variant: 'primary' })}>
        {t('not_found.home')}
      </Link>
    </div>
  );
}
