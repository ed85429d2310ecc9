import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { button, input } from 'styled-system/recipes';
import { api, ApiError } from '../api/client';
import { useT } from '../lib/i18n';
import { AuthCard, authError, authField, authNote, fieldError } from './auth-card';

const formStyle = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const back = css({ color: 'accent', textDecoration: 'underline', alignSelf: 'flex-start' });

/** /users/password/new: asks for a set-password mail; the answer is the same whatever the address. */
export function ForgotPassword() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [invalid, setInvalid] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setInvalid(true);
    setInvalid(false);
    await api.post('/users/password.json', { user: { email: email.trim() } }, { quiet: true }).catch(() => undefined);
    setSent(true);
  }
  return (
    <AuthCard title={t('password.forgot_title')}>
      {sent ? (
        <p role="status" className={authNote}>
          {t('password.sent')}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className={formStyle}>
          <div className={authField}>
            <label htmlFor="forgot-email">{t('sign_in.email')}</label>
            <input id="forgot-email" className={input()} type="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={invalid} aria-describedby={invalid ? 'forgot-email-error' : undefined} />
            {invalid && (
              <span id="forgot-email-error" className={fieldError}>
                {t('form_errors.invalid')}
              </span>
            )}
          </div>
          <button type="submit" className={button({ variant: 'primary' })}>
            {t('password.send')}
          </button>
        </form>
      )}
      <Link href="/users/sign-in" className={back}>
        {t('password.back_to_sign_in')}
      </Link>
    </AuthCard>
  );
}

/** /users/password/edit?reset_password_token=…: sets a password with a one-time link. */
export function SetPassword() {
  const t = useT();
  const token = new URLSearchParams(useSearch()).get('reset_password_token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [done, setDone] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await api.put('/users/password.json', { user: { reset_password_token: token, password, password_confirmation: confirmation } }, { quiet: true });
      setDone(true);
    } catch (err) {
      setErrors((err instanceof ApiError && (err.errors as Record<string, string[]>)) || { base: ['invalid'] });
    }
  }
  const err = (field: string) => errors[field]?.[0];
  return (
    <AuthCard title={t('password.set_title')}>
      {done ? (
        <p role="status" className={authNote}>
          {t('password.done')}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className={formStyle}>
          {err('reset_password_token') && (
            <div role="alert" className={authError}>
              {t('password.link_invalid')}
            </div>
          )}
          <div className={authField}>
            <label htmlFor="new-password">{t('password.new')}</label>
            <input id="new-password" className={input()} type="password" autoComplete="new-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={Boolean(err('password'))} aria-describedby="new-password-hint" />
            <span id="new-password-hint" className={err('password') ? fieldError : css({ color: 'fg.muted', fontSize: 'xs' })}>
              {err('password') ? t(`form_errors.${err('password')}`) : t('password.hint')}
            </span>
          </div>
          <div className={authField}>
            <label htmlFor="confirm-password">{t('password.confirmation')}</label>
            <input id="confirm-password" className={input()} type="password" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} aria-invalid={Boolean(err('password_confirmation'))} aria-describedby={err('password_confirmation') ? 'confirm-password-error' : undefined} />
            {err('password_confirmation') && (
              <span id="confirm-password-error" className={fieldError}>
                {t('password.mismatch')}
              </span>
            )}
          </div>
          <button type="submit" className={button({ variant: 'primary' })}>
            {t('password.save')}
          </button>
        </form>
      )}
      <Link href="/users/sign-in" className={back}>
        {t('password.back_to_sign_in')}
      </Link>
    </AuthCard>
  );
}
