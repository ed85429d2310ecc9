import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { registerAllCommands } from '../../../commands';
import { runCommand } from '../../../commands/registry';
import { PAGE_SEARCH_SELECTOR } from '../../../commands/shell';
import type { CommandServices } from '../../../commands/types';
import { hasAnyRole } from '../../shared/roles';
import { CommandEnvironmentProvider, type CommandEnvironment } from '../commands/context';
import { pageContextAtom } from '../commands/page-context';
import { screens } from '../features';
import { invalidateResource } from '../lib/invalidate';
import { useT } from '../lib/i18n';
import { ROUTES, type RouteDef } from '../route-table';
import { initDataAtom, type SessionUser } from '../session';
import { ConfirmHost, useConfirm } from '../kit/dialog';
import { useCurrentRoute } from './current-route';
import { rescueLostFocus, settleFocusAfterNavigation } from './focus';
import { Frame } from './frame';
import { Home } from './home';
import { useHotkeys } from './hotkeys';
import { NotFound } from './not-found';
import { Placeholder } from './placeholder';
import { Snackbars, useNotify } from './snackbars';
import { toggleTheme } from './theme';
import { holdTypeahead } from './palette-typeahead';

// The workbench is its own chunk: the sign-in page does not load it. Its commands register when it loads.
registerAllCommands();

// The palette (cmdk) and the help sheet load on first use; the palette is also fetched once the
// workbench has settled, so the first Ctrl+K finds it ready and the keys typed after it land in it.
const loadPalette = () => import('./palette');
const Palette = lazy(() => loadPalette().then((m) => ({ default: m.Palette })));
const PALETTE_PREFETCH_MS = 3000;
const HelpSheet = lazy(() => import('./help-sheet').then((m) => ({ default: m.HelpSheet })));

/** The signed-in frame: routes, command environment, hotkeys, palette and help sheet. */
export default function Workbench({
  user,
  setLanguage,
  signOut,
}: {
  user: SessionUser;
  setLanguage: (lng: string) => Promise<void>;
  signOut: () => Promise<void>;
}) {
  const t = useT();
  const notify = useNotify();
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const { route, params, path } = useCurrentRoute();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const paletteShown = useRef(false);
  paletteShown.current = paletteOpen;
  useEffect(() => {
    // Earlier when a Ctrl / Cmd goes down first: the K that follows then finds it loaded.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Control' || e.key === 'Meta') void loadPalette();
    };
    const timer = setTimeout(() => void loadPalette(), PALETTE_PREFETCH_MS);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  const [helpOpen, setHelpOpen] = useState(false);
  useAtomValue(initDataAtom);
  const page = useAtomValue(pageContextAtom);

  const services: CommandServices = useMemo(
    () => ({
      confirm,
      notify,
      invalidate: invalidateResource,
      focusSearch: () => {
        const el = document.querySelector<HTMLElement>(PAGE_SEARCH_SELECTOR);
        el?.focus();
        (el as HTMLInputElement | null)?.select();
      },
      openPalette: () => {
        // Only for an opening: a palette already showing takes its keys itself.
        if (!paletteShown.current) holdTypeahead();
        setPaletteOpen(true);
      },
      openHelp: () => setHelpOpen(true),
      toggleTheme: () => void toggleTheme(),
      setLanguage: (lng) => void setLanguage(lng),
      signOut,
    }),
    [confirm, notify, setLanguage, signOut],
  );

  const env: CommandEnvironment = useMemo(
    () => ({ path, params, roles: user.roles, navigate: (to: string) => navigate(to), t, services, page }),
    [path, params, user.roles, navigate, t, services, page],
  );

  const run = useCallback(
    (id: string) => {
      const { path: p, params: pr, roles, navigate: nav, t: tr, services: sv } = env;
      void runCommand(id, { path: p, params: pr, roles, navigate: nav, t: tr, services: sv, ...env.page });
    },
    [env],
  );
  useHotkeys(run, !paletteOpen && !helpOpen, { home: path === '/' });
  useEffect(() => settleFocusAfterNavigation(), [path]);
  useEffect(() => rescueLostFocus(), []);

  return (
    <CommandEnvironmentProvider value={env}>
      <Frame user={user} route={route} params={params} onCommand={run}>
        <Suspense
          fallback={
            <div role="status" aria-live="polite" className={css({ color: 'fg.muted' })}>
              {t('shell.loading')}
            </div>
          }
        >
          <Switch>
            {ROUTES.map((r) => (
              <Route key={r.id} path={r.path}>
                {(p) => <Screen route={r} params={p as Record<string, string>} user={user} />}
              </Route>
            ))}
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </Suspense>
      </Frame>
      <Suspense fallback={null}>
        {paletteOpen && <Palette open onClose={() => setPaletteOpen(false)} roles={user.roles} />}
        {helpOpen && <HelpSheet open onClose={() => setHelpOpen(false)} />}
      </Suspense>
      <ConfirmHost />
      <Snackbars />
    </CommandEnvironmentProvider>
  );
}

/** Role guard (spec 1, 2.5): a page the user may not open sends them Home with a warning. */
function Screen({ route, params, user }: { route: RouteDef; params: Record<string, string>; user: SessionUser }) {
  const t = useT();
  const notify = useNotify();
  const allowed = hasAnyRole(user.roles, route.roles ?? []) || Boolean(route.scopedFor?.(user.roles, new URLSearchParams(window.location.search)));
  useEffect(() => {
    if (!allowed) notify('warning', t('shell.no_permission'));
  }, [allowed, notify, t]);
  if (!allowed) return <Redirect to="/" replace />;
  if (route.id === 'home') return <Home user={user} />;
  const Component = screens[route.id];
  return Component ? <Component route={route} params={params} /> : <Placeholder route={route} />;
}
