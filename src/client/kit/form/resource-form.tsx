import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Router } from 'wouter';
import { CommandEnvironmentProvider, useCommandEnvironment } from '../../commands/context';
import { usePageEntity } from '../../commands/page-context';
import { errorText, hasTranslation, translationsAtom, useT } from '../../lib/i18n';
import { useAtomValue } from 'jotai';
import { ariaKeyShortcuts, hotkeyText, isMac } from '../../lib/key-caps';
import { leaveField } from '../../shell/hotkeys';
import { confirmDialog } from '../dialog';
import { RecordLoadState } from '../record-page';
import { FooterSlotProvider, FormProvider } from './form-context';
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
  /** No saving now: both buttons and their keys are off (a create form before its last tab, a read-only record). */
  hideSave?: boolean;
  /** While `hideSave`: what Ctrl/Cmd+S says instead of saving (a translation key; `form.save_unavailable`). */
  saveHiddenReason?: string;
  className?: string;
}

const formStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  maxW: '960px',
  // A field reached by Tab or an error jump scrolls into view above the sticky Save bar, not under it.
  '& :is(input, select, textarea, button, [tabindex], [contenteditable])': { scrollMarginBottom: '20' },
});
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


/**
 * The frame of every create/edit screen: loading and not-found states, the `<form>` (a focus owner)
 * with its fields as children, the footer with 'Save' and 'Save and continue', the leave guard and the
 * keyboard: Ctrl/Cmd+S saves (back to the list), Ctrl/Cmd+Enter saves and continues, Escape inside a
 * field leaves it for the form itself (nothing is reverted or closed).
 */
export function ResourceForm<V extends FormValues>({ form, children, label, actions, saveOnly, hideSave, saveHiddenReason, className }: ResourceFormProps<V>) {
  const t = useT();
  const env = useCommandEnvironment();
  const { options, status, submit } = form;
  const [announcement, setAnnouncement] = useState('');
  const tree = useAtomValue(translationsAtom);
  const conflictRef = useRef<HTMLDivElement | null>(null);
  const [footerSlot, setFooterSlot] = useState<HTMLElement | null>(null);
  const { conflict } = form;
  // A refused save: the alert takes focus (the screen reader reads it) and offers the two ways on.
  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);

  // Not stood down while saving: a save that succeeds releases the guard itself, one that fails keeps it.
  const guard = useLeaveGuard(status === 'ready' && form.dirty, () => confirmDialog(t('form.leave_guard')));
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
      // Never silent (and never the browser's own "save page"): say why nothing is saved and how to get there.
      if (hideSave) {
        const reason = t(saveHiddenReason ?? 'form.save_unavailable');
        setAnnouncement(reason);
        env.services.notify('warning', reason);
        return;
      }
      void submit(isSave ? 'list' : 'continue');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [status, submit, saveOnly, hideSave, saveHiddenReason, form.formRef, env.services, t]);

  if (status === 'loading' || status === 'not_found' || status === 'error') return <RecordLoadState status={status} listPath={options.listPath} onRetry={form.reload} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!hideSave) void submit('list');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    // Escape in a field leaves it for the form (nothing is reverted or closed); then go-to keys work.
    if (event.key === 'Escape' && !event.defaultPrevented && target.matches('input, textarea, select, [contenteditable]') && target.getAttribute('aria-expanded') !== 'true') {
      event.stopPropagation();
      leaveField(target);
    }
  };
  const baseError = form.errorFor('base');
  const fieldName = (field: string) =>
    [`${options.resource}.fields.${field}`, `${options.resource}.lists.${field}`].find((k) => hasTranslation(tree, k)) ?? field;
  const names = (fields: string[]) => fields.map((f) => t(fieldName(f))).join(', ');
  const resolve = (choice: 'reload' | 'keep') => {
    form.resolveConflict(choice);
    setAnnouncement(t(choice === 'reload' ? 'form.conflict.reloaded' : 'form.conflict.kept'));
    // Back to the form's first field: the alert that had focus is gone.
    setTimeout(() => form.formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, select, [contenteditable="true"]')?.focus(), 0);
  };

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
            {conflict && (
              <div ref={conflictRef} role="alert" tabIndex={-1} className={alertStyle} data-form-conflict="">
                <p className={css({ m: 0, fontWeight: 'semibold' })}>{t('form.conflict.title')}</p>
                <p className={css({ m: 0 })}>
                  {conflict.changed.length ? t('form.conflict.changed', { fields: names(conflict.changed) }) : t('form.conflict.changed_none')}
                  {conflict.overlapping.length > 0 && <> {t('form.conflict.overlapping', { fields: names(conflict.overlapping) })}</>}
                </p>
                <div className={css({ display: 'flex', gap: '2', mt: '2', flexWrap: 'wrap' })}>
                  <button type="button" className={button()} onClick={() => resolve('keep')}>
                    {t('form.conflict.keep')}
                  </button>
                  <button type="button" className={button()} onClick={() => resolve('reload')}>
                    {t('form.conflict.reload')}
                  </button>
                </div>
              </div>
            )}
            {baseError && (
              <div role="alert" className={alertStyle}>
                {errorText(t, baseError)}
              </div>
            )}
            <FooterSlotProvider value={footerSlot}>{children}</FooterSlotProvider>
            <div className={footer}>
              <span ref={setFooterSlot} className={css({ display: 'contents' })} />
              {actions}
              <span className={css({ flex: 1 })} />
              {/* DOM order is the visual order (Save and continue, then Save). 'Save and continue' is a plain
                  button, so Enter in a field (implicit submission takes the first submit button) still saves. */}
              {!saveOnly && !hideSave && (
                <button type="button" data-mode="continue" className={button({ variant: 'secondary' })} disabled={form.saving} aria-keyshortcuts={ariaKeyShortcuts('mod+enter')} onClick={() => void submit('continue')}>
                  {t('form.save_and_continue')} <kbd className={kbd} aria-hidden="true">{hotkeyText('mod+enter', t)}</kbd>
                </button>
              )}
              {!hideSave && (
              <button type="submit" data-mode="list" className={button({ variant: 'primary' })} disabled={form.saving} aria-keyshortcuts={ariaKeyShortcuts('mod+s')}>
                {t(form.saving ? 'form.saving' : 'form.save')} <kbd className={kbd} aria-hidden="true">{hotkeyText('mod+s', t)}</kbd>
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
