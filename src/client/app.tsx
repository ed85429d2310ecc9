import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { registerAllCommands } from '../../commands';
import { runCommand } from '../../commands/registry';
import { PAGE_SEARCH_SELECTOR } from '../../commands/shell';
import type { CommandServices } from '../../commands/types';
import { hasAnyRole } from '../shared/roles';
import { onApiEvent } from './api/events';
import { CommandEnvironmentProvider, type CommandEnvironment } from './commands/context';
import { pageContextAtom } from './commands/page-context';
import { screens } from './features';
import { invalidateResource } from './lib/invalidate';
import { languageAtom, loadTranslations, makeTranslate, saveLanguage, translationsAtom, useT } from './lib/i18n';
import { ROUTES, type RouteDef } from './route-table';
import {
  checkSession,
  clearSessionCookies,
  hasSessionCookies,
  initDataAtom,
  loadInitData,
  loadSettings,
  sessionAtom,
  settingsAtom,
  signOutOnServer,
  type SessionUser,
} from './session';
import { ConfirmHost, useConfirm } from './kit/dialog';
import { useCurrentRoute } from './shell/current-route';
import { Frame } from './shell/frame';
import { Home } from './shell/home';
import { useHotkeys } from './shell/hotkeys';
import { NotFound } from './shell/not-found';
import { Palette } from './shell/palette';
import { ForgotPassword, SetPassword } from './shell/password';
import { Placeholder } from './shell/placeholder';
import { SignIn } from './shell/sign-in';
import { Snackbars, useNotify } from './shell/snackbars';
import { Splash } from './shell/splash';
import { applyTheme, toggleTheme } from './shell/theme';

registerAllCommands();

// The palette is part of the first bundle: keys typed right after the first Ctrl+K must land in it.
// The help sheet loads on first use.
const HelpSheet = lazy(() => import('./shell/help-sheet').then((m) => ({ default: m.HelpSheet })));

const PUBLIC_PATHS = ['/users/sign-in', '/users/password/new', '/users/password/edit'];

/** Where a signed-out user is sent: the sign-in page, remembering the address unless it was Home. */
function signInPath(location: string, search: string): string {
  const target = `${location}${search ? `?${search}` : ''}`;
  return location === '/' || PUBLIC_PATHS.includes(location) ? '/users/sign-in' : `/users/sign-in?continue=${encodeURIComponent(target)}`;
}

function safeContinue(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/users/sign-in') ? value : '/';
}

/**
 * Start-up (spec 1, 4): translations first; with a session, settings and reference data; the splash
 * shows until all are ready. Then the signed-out screens or the workbench.
 */
export function App() {
  const [lng, setLng] = useAtom(languageAtom);
  const [translations, setTranslations] = useAtom(translationsAtom);
  const [session, setSession] = useAtom(sessionAtom);
  const setSettings = useSetAtom(settingsAtom);
  const setInitData = useSetAtom(initDataAtom);
  const [booting, setBooting] = useState(true);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const notify = useNotify();
  const t = useMemo(() => makeTranslate(translations), [translations]);

  const loadUserData = useCallback(async () => {
    const [settings, data] = await Promise.all([loadSettings(), loadInitData()]);
    setSettings(settings);
    setInitData(data);
  }, [setSettings, setInitData]);

  useEffect(() => {
    applyTheme();
    (async () => {
      try {
        setTranslations(await loadTranslations(lng));
      } catch {
        setTranslations({});
      }
      if (hasSessionCookies()) {
        try {
          const user = await checkSession();
          await loadUserData();
          setSession(user);
        } catch {
          clearSessionCookies();
        }
      }
      setBooting(false);
    })();
    // Start-up runs once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    document.documentElement.lang = lng;
  }, [lng]);

  // What the API layer reports: 401 ends the session, 403 and network failures are messages.
  const where = useRef({ location, search });
  where.current = { location, search };
  useEffect(
    () =>
      onApiEvent((event) => {
        if (event.kind === 'unauthorized') {
          clearSessionCookies();
          setSession((current) => {
            if (current) {
              notify('warning', t('shell.session_expired'));
              navigate(signInPath(where.current.location, where.current.search), { replace: true });
            }
            return null;
          });
        } else if (event.kind === 'forbidden') notify('error', t('shell.request_forbidden'));
        else notify('error', t('shell.network_error', { message: event.message }));
      }),
    [notify, t, navigate, setSession],
  );

  // The session is re-checked every 5 minutes (spec 1, 9); a 401 reaches the handler above.
  useEffect(() => {
    if (!session) return;
    const id = setInterval(() => void checkSession().catch(() => undefined), 300_000);
    return () => clearInterval(id);
  }, [session]);

  const setLanguage = useCallback(
    async (next: string) => {
      setTranslations(await loadTranslations(next));
      saveLanguage(next);
      setLng(next);
    },
    [setLng, setTranslations],
  );

  if (booting || !translations) return <Splash />;

  if (!session) {
    if (!PUBLIC_PATHS.includes(location)) return <Redirect to={signInPath(location, search)} replace />;
    return (
      <>
        <Switch>
          <Route path="/users/sign-in">
            <SignIn
              onSignedIn={async (user) => {
                setBooting(true);
                try {
                  await loadUserData();
                  setSession(user);
                  navigate(safeContinue(new URLSearchParams(search).get('continue')), { replace: true });
                } finally {
                  setBooting(false);
                }
              }}
            />
          </Route>
          <Route path="/users/password/new" component={ForgotPassword} />
          <Route path="/users/password/edit" component={SetPassword} />
        </Switch>
        <Snackbars />
      </>
    );
  }

  if (location === '/users/sign-in') return <Redirect to={safeContinue(new URLSearchParams(search).get('continue'))} replace />;

  return (
    <Workbench
      user={session}
      setLanguage={setLanguage}
      signOut={async () => {
        try {
          await signOutOnServer();
        } catch {
          notify('error', t('shell.sign_out_failed'));
        }
        setSession(null);
        navigate('/users/sign-in', { replace: true });
      }}
    />
  );
}

/** The signed-in frame: routes, command environment, hotkeys, palette and help sheet. */
function Workbench({ user, setLanguage, signOut }: { user: SessionUser; setLanguage: (lng: string) => Promise<void>; signOut: () => Promise<void> }) {
  const t = useT();
  const notify = useNotify();
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const { route, params, path } = useCurrentRoute();
  const [paletteOpen, setPaletteOpen] = useState(false);
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
      openPalette: () => setPaletteOpen(true),
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
  useHotkeys(run, !paletteOpen && !helpOpen);

  return (
    <CommandEnvironmentProvider value={env}>
      <Frame user={user} route={route} params={params} onCommand={run}>
        <Suspense fallback={<div role="status" aria-live="polite" className={css({ color: 'fg.muted' })}>{t('shell.loading')}</div>}>
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
  const allowed = hasAnyRole(user.roles, route.roles ?? []);
  useEffect(() => {
    if (!allowed) notify('warning', t('shell.no_permission'));
  }, [allowed, notify, t]);
  if (!allowed) return <Redirect to="/" replace />;
  if (route.id === 'home') return <Home user={user} />;
  const Component = screens[route.id];
  return Component ? <Component route={route} params={params} /> : <Placeholder route={route} />;
}
