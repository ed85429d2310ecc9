import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { button, input } from 'styled-system/recipes';
import { ApiError } from '../api/client';
import { useAtomValue } from 'jotai';
import { hasTranslation, translationsAtom, useT } from '../lib/i18n';
import { pageLoginMethods, signIn, type SessionUser } from '../session';
import { AuthCard, authError, authField, fieldError } from './auth-card';

/** /users/sign-in (spec 1, 2.3): password form and/or single sign-on, error from the query string. */
export function SignIn({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const t = useT();
  const tree = useAtomValue(translationsAtom);
  const search = new URLSearchParams(useSearch());
  // The server sends a known key (`sso_failed`); anything else in the address (an old or hand-made link)
  // gets the general failure text, never a raw key.
  const errorFromAddress = (key: string | null) => (key ? (hasTranslation(tree, `sign_in.errors.${key}`) ? t(`sign_in.errors.${key}`) : t('sign_in.error_failed')) : null);
  const methods = pageLoginMethods();
  const continueTo = search.get('continue') ?? '';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(() => errorFromAddress(search.get('error')));

  const blank = { email: email.trim() === '', password: password === '' };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (blank.email || blank.password) return;
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await signIn(email.trim(), password));
    } catch (err) {
      setError(err instanceof ApiError && err.status === 401 ? t('sign_in.error_credentials_invalid') : t('sign_in.error_failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('sign_in.title')}>
      {error && (
        <div role="alert" className={authError}>
          {error}
        </div>
      )}
      {methods.includes('password') && (
        <form onSubmit={submit} noValidate className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <div className={authField}>
            <label htmlFor="sign-in-email">{t('sign_in.email')}</label>
            <input
              id="sign-in-email"
              className={input()}
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={submitted && blank.email}
              aria-describedby={submitted && blank.email ? 'sign-in-email-error' : undefined}
            />
            {submitted && blank.email && (
              <span id="sign-in-email-error" className={fieldError}>
                {t('form_errors.blank')}
              </span>
            )}
          </div>
          <div className={authField}>
            <label htmlFor="sign-in-password">{t('sign_in.password')}</label>
            <input
              id="sign-in-password"
              className={input()}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={submitted && blank.password}
              aria-describedby={submitted && blank.password ? 'sign-in-password-error' : undefined}
            />
            {submitted && blank.password && (
              <span id="sign-in-password-error" className={fieldError}>
                {t('form_errors.blank')}
              </span>
            )}
          </div>
          <button type="submit" className={button({ variant: 'primary' })} disabled={busy}>
            {t('sign_in.submit')}
          </button>
          <Link href="/users/password/new" className={css({ color: 'accent', alignSelf: 'flex-start', textDecoration: 'underline' })}>
            {t('sign_in.forgot_password')}
          </Link>
        </form>
      )}
      {methods.includes('azure') && (
        // A real form post: the server answers with a redirect to the identity provider.
        <form method="post" action="/users/auth/entra_id">
          <input type="hidden" name="platform" value="web" />
          <input type="hidden" name="continue" value={continueTo} />
          <button type="submit" className={`${button({ variant: methods.includes('password') ? 'secondary' : 'primary' })} ${css({ w: '100%', justifyContent: 'center' })}`}>
            {t('sign_in.sso')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
