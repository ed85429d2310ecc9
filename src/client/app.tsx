import { useAtom, useSetAtom } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { onApiEvent } from './api/events';
import { languageAtom, loadTranslations, makeTranslate, saveLanguage, translationsAtom } from './lib/i18n';
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
} from './session';
import { ForgotPassword, SetPassword } from './shell/password';
import { SignIn } from './shell/sign-in';
import { Snackbars, useNotify } from './shell/snackbars';
import { Splash } from './shell/splash';
import { applyTheme } from './shell/theme';

// The signed-in workbench (frame, commands, palette, screens) loads after sign-in or with a session:
// the sign-in page needs none of it.
const Workbench = lazy(() => import('./shell/workbench'));

const PUBLIC_PATHS = ['/users/sign-in', '/users/password/new', '/users/password/edit'];

/** Where a signed-out user is sent: the sign-in page, remembering the address unless it was Home. */
function signInPath(location: string, search: string): string {
  // The hash (a form's tab) belongs to the address too: the user comes back to the same tab.
  const hash = typeof window === 'undefined' ? '' : window.location.hash;
  const target = `${location}${search ? `?${search}` : ''}${hash}`;
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
    <Suspense fallback={<Splash />}>
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
    </Suspense>
  );
}
