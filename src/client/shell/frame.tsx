import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { useT } from '../lib/i18n';
import type { RouteDef } from '../route-table';
import type { SessionUser } from '../session';
import { Breadcrumbs } from './breadcrumbs';
import { Hotkey } from './kbd';
import { pageChromeAtom } from './page-chrome';
import { pageHeading, RouteAnnouncer } from './page-title';
import { SearchBox } from './search-box';
import { SideNav } from './side-nav';
import { UserButton } from './user-button';

/** The page frame (spec 1, 2.5): side navigation, title bar with breadcrumbs, search and user menu. */
export function Frame(props: {
  user: SessionUser;
  route: RouteDef | undefined;
  params: Record<string, string>;
  onCommand: (id: string) => void;
  children: ReactNode;
}) {
  const t = useT();
  const chrome = useAtomValue(pageChromeAtom);
  return (
    <div className={css({ display: 'flex', h: '100vh', overflow: 'hidden' })}>
      <a href="#main" className={css({ position: 'absolute', left: '-9999px', _focus: { left: '2', top: '2', zIndex: 2000, bg: 'bg.surface', p: '2', borderRadius: 'md' } })}>
        {t('shell.skip_to_content')}
      </a>
      <SideNav roles={props.user.roles} />
      <div className={css({ flex: 1, display: 'flex', flexDirection: 'column', minW: 0 })}>
        <header className={css({ h: 'topbar', flexShrink: 0, display: 'flex', alignItems: 'center', gap: '3', px: '4', bg: 'bg.surface', borderBottomWidth: '1px', borderColor: 'border' })}>
          <div className={css({ flex: 1, minW: 0 })}>
            <Breadcrumbs route={props.route} params={props.params} crumb={chrome.crumb} />
          </div>
          {chrome.search && <SearchBox />}
          {/* Named by its content (WCAG 2.5.3: the name contains the visible keycaps): the hidden words, then the keys. */}
          <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={() => props.onCommand('shell.palette')} aria-keyshortcuts="Control+K">
            <span className="sr-only">{t('commands.palette')}</span>
            <Hotkey hotkey="mod+k" then={t('help.then')} />
          </button>
          <UserButton user={props.user} onAction={props.onCommand} />
        </header>
        <main id="main" tabIndex={-1} className={css({ flex: 1, overflow: 'auto', p: '4', outline: 'none' })}>
          {props.children}
        </main>
      </div>
      <RouteAnnouncer heading={pageHeading(props.route, chrome.crumb, t)} />
    </div>
  );
}
