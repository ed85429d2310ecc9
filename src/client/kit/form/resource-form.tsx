import { useEffect, useMemo, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Link, Router } from 'wouter';
import { CommandEnvironmentProvider, useCommandEnvironment } from '../../commands/context';
import { usePageEntity } from '../../commands/page-context';
import { useT } from '../../lib/i18n';
import { confirmDialog } from '../dialog';
import { FormProvider } from './form-context';
import { guardedAroundNav, useLeaveGuard } from './leave-guard';
import type { FormValues, ResourceFormApi } from './use-resource-form';

export interface ResourceFormProps<V extends FormValues> {
  form: ResourceFormApi<V>;
  children: ReactNode;
  /** Translation key naming the form (its accessible name), e.g. `banks.edit_title`. */
  label?: string;
  /** Extra buttons at the start of the footer (a delete command, a link to the show page). */
  actions?: ReactNode;
  /** Hide 'Save and continue' (forms that have nothing to continue with). */
  saveOnly?: boolean;
  className?: string;
}

const formStyle = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '960px' });
const footer = css({
  position: 'sticky',
  bottom: 0,
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  py: '2',
  borderTopWidth: '1px',
  borderColor: 'border',
  bg: 'bg.canvas',
});
const alertStyle = css({ p: '2', borderRadius: 'md', bg: 'danger.bg', color: 'danger' });
const kbd = css({ fontSize: 'xs', color: 'inherit', opacity: 0.8, fontFamily: 'mono' });

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The frame of every create/edit screen: loading and not-found states, the `<form>` (a focus owner)
 * with its fields as children, the footer with 'Save' and 'Save and continue', the leave guard and the
 * keyboard: Ctrl/Cmd+S saves (back to the list), Ctrl/Cmd+Enter saves and continues, Escape inside a
 * field stays inside the form (nothing is reverted or closed).
 */
export function ResourceForm<V extends FormValues>({ form, children, label, actions, saveOnly, className }: ResourceFormProps<V>) {
  const t = useT();
  const env = useCommandEnvironment();
  const { options, status, submit } = form;
  const [announcement, setAnnouncement] = useState('');

  const guard = useLeaveGuard(status === 'ready' && form.dirty && !form.saving, () => confirmDialog(t('form.leave_guard')));
  form.releaseRef.current = guard.release;

  // Commands run from inside the form see its record and are guarded when they navigate.
  const { record } = form;
  const ownEntity = useMemo(() => (record && options.id != null ? { resource: options.resource, id: options.id, record } : undefined), [record, options.id, options.resource]);
  // The palette and hotkeys (outside the form) see the record too: `<resource>.delete_current`.
  usePageEntity(ownEntity);
  const innerEnv = useMemo(() => {
    const entity = ownEntity ?? env.page?.entity;
    return { ...env, navigate: (to: string) => guardedAroundNav(env.navigate, to), page: { ...env.page, entity } };
  }, [env, ownEntity]);

  // After a failed attempt: move to the first marked field and announce it.
  useEffect(() => {
    if (!form.failedSubmits) return;
    setAnnouncement(t('form.has_errors'));
    const timer = setTimeout(() => {
      const first = form.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [form.failedSubmits, form.formRef, t]);

  useEffect(() => {
    if (status !== 'ready') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const mod = isMac() ? event.metaKey : event.ctrlKey;
      if (!mod || event.altKey) return;
      const isSave = event.key.toLowerCase() === 's' && !event.shiftKey;
      const isContinue = event.key === 'Enter' && !saveOnly;
      if (!isSave && !isContinue) return;
      const own = form.formRef.current;
      const target = event.target as Element | null;
      // Not for us: focus in another form, or a dialog above this form is open.
      const otherForm = target?.closest?.('form[data-resource-form]');
      if (own && otherForm && otherForm !== own) return;
      const dialog = target?.closest?.('[role="dialog"], [role="alertdialog"]');
      if (dialog && own && !dialog.contains(own)) return;
      event.preventDefault();
      void submit(isSave ? 'list' : 'continue');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [status, submit, saveOnly, form.formRef]);

  if (status === 'loading') {
    return (
      <div role="status" className={css({ p: '4', color: 'fg.muted' })}>
        {t('form.loading')}
      </div>
    );
  }
  if (status === 'not_found' || status === 'error') {
    return (
      <div role="alert" className={css({ p: '4', display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}>
        <p className={css({ m: 0 })}>{t(status === 'not_found' ? 'form.not_found' : 'form.load_failed')}</p>
        <div className={css({ display: 'flex', gap: '2' })}>
          {status === 'error' && (
            <button type="button" className={button()} onClick={form.reload}>
              {t('form.retry')}
            </button>
          )}
          <Link href={options.listPath} className={button()}>
            {t('form.back_to_list')}
          </Link>
        </div>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void submit(submitter?.getAttribute('data-mode') === 'continue' ? 'continue' : 'list');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Escape' && target.matches('input, textarea, select, [contenteditable]')) event.stopPropagation();
  };
  const mod = isMac() ? '⌘' : 'Ctrl+';
  const baseError = form.errorFor('base');

  return (
    <FormProvider value={form as unknown as ResourceFormApi}>
      <Router aroundNav={guardedAroundNav}>
        <CommandEnvironmentProvider value={innerEnv}>
          <form
            ref={form.formRef}
            noValidate
            onSubmit={onSubmit}
            onKeyDown={onKeyDown}
            className={cx(formStyle, className)}
            aria-label={label ? t(label) : undefined}
            aria-busy={form.saving || undefined}
            data-resource-form={options.resource}
            data-focus-owner=""
          >
            {baseError && (
              <div role="alert" className={alertStyle}>
                {t(`form_errors.${baseError}`)}
              </div>
            )}
            {children}
            <div className={footer}>
              {actions}
              <span className={css({ flex: 1 })} />
              {/* Save comes first in the document so Enter in a field (implicit submission uses the first
                  submit button) saves like the primary button; `order` keeps it rightmost on screen. */}
              <button type="submit" data-mode="list" className={`${button({ variant: 'primary' })} ${css({ order: 2 })}`} disabled={form.saving} aria-keyshortcuts={isMac() ? 'Meta+S' : 'Control+S'}>
                {t(form.saving ? 'form.saving' : 'form.save')} <kbd className={kbd} aria-hidden="true">{mod}S</kbd>
              </button>
              {!saveOnly && (
                <button type="submit" data-mode="continue" className={`${button({ variant: 'secondary' })} ${css({ order: 1 })}`} disabled={form.saving} aria-keyshortcuts={isMac() ? 'Meta+Enter' : 'Control+Enter'}>
                  {t('form.save_and_continue')} <kbd className={kbd} aria-hidden="true">{mod}↵</kbd>
                </button>
              )}
            </div>
            <div className="sr-only" aria-live="polite">
              {announcement}
            </div>
          </form>
        </CommandEnvironmentProvider>
      </Router>
    </FormProvider>
  );
}
