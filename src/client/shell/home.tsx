import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { CONTRACTS_ROLES, hasAnyRole, PAYMENTS_ROLES } from '../../shared/roles';
import { useT } from '../lib/i18n';
import type { SessionUser } from '../session';
import { Hotkey } from './kbd';

/** Home (spec 1, 2.1): links to the main areas, each shown only to holders of its roles. */
const LINKS = [
  { path: '/vendors', title: 'nav.vendors', roles: ['vendors'], hotkey: 'ctrl+v' },
  { path: '/contracts', title: 'nav.contracts', roles: CONTRACTS_ROLES, hotkey: 'ctrl+c' },
  { path: '/payments', title: 'nav.payments', roles: PAYMENTS_ROLES, hotkey: 'ctrl+p' },
  { path: '/revenue-sources', title: 'nav.revenue_sources', roles: ['revenue_sources'], hotkey: 'ctrl+r' },
  // An approver's card: what waits for their decision (issue 24, item 11).
  { path: '/contracts/awaiting-my-approval', title: 'pages.contracts.awaiting_approval', roles: ['contracts_approve', 'approve_contracts'], hotkey: 'g m' },
];

export function Home({ user }: { user: SessionUser }) {
  const t = useT();
  const links = LINKS.filter((l) => hasAnyRole(user.roles, l.roles));
  return (
    <div className={css({ maxW: '880px' })}>
      <h1 className={css({ fontSize: 'xl', fontWeight: '600', mb: '1' })}>{t('home.greeting', { name: user.first_name })}</h1>
      <p className={css({ color: 'fg.muted', mb: '5' })}>{t('home.intro')}</p>
      {links.length > 0 ? (
        <ul className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: '3', listStyle: 'none' })}>
          {links.map((l) => (
            <li key={l.path}>
              <Link href={l.path} className={css({ display: 'flex', flexDirection: 'column', gap: '2', p: '4', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', textDecoration: 'none', color: 'fg', _hover: { borderColor: 'accent' } })}>
                <span className={css({ fontWeight: '600', fontSize: 'md' })}>{t(l.title)}</span>
                <Hotkey hotkey={l.hotkey} then={t('help.then')} />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('home.no_links')}</p>
      )}
      <p className={css({ mt: '6', color: 'fg.muted' })}>
        {t('home.palette_hint_before')} <Hotkey hotkey="mod+k" then={t('help.then')} /> {t('home.palette_hint_after')} <Hotkey hotkey="?" then={t('help.then')} /> {t('home.palette_hint_end')}
      </p>
    </div>
  );
}
