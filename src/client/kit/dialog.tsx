import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { useT } from '../lib/i18n';
import { deferred, useDeferred } from './deferred';

/**
 * An accessible modal dialog: named by its title, focus trapped inside, Escape and a click outside
 * close it, focus returns to where it was. It is a focus owner (`data-focus-owner`): the shell's
 * single-key hotkeys stay quiet while it is open.
 */
export interface ModalDialogProps {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  /** Translated title; it names the dialog. */
  title: string;
  children: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Click outside closes (default true; confirmations set false). */
  dismissable?: boolean;
  width?: 'sm' | 'md' | 'lg';
}

// react-aria's dialog code is fetched when the first dialog opens (or once the screen has settled).
const modalDialog = deferred(() => import('./modal-dialog'));

export function ModalDialog(props: ModalDialogProps) {
  const loaded = useDeferred(modalDialog, props.isOpen);
  return props.isOpen && loaded ? <loaded.ModalDialog {...props} /> : null;
}

/* ---------------------------------------------------------------------------------------------- */
/* Confirmations: one queue, shown one at a time by the single <ConfirmHost> the shell mounts.      */

export interface ConfirmOptions {
  /** Translation key of the title (default `form.confirm.title`). */
  title?: string;
  /** Translation key of the confirming button (default `form.confirm.ok`). */
  confirmLabel?: string;
  /** Paint the confirming button as dangerous (deletes). */
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  id: number;
  message: string;
  resolve(ok: boolean): void;
}

let queue: Pending[] = [];
let nextId = 1;
let hosts = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function settle(pending: Pending, ok: boolean) {
  if (!queue.includes(pending)) return;
  queue = queue.filter((p) => p !== pending);
  emit();
  pending.resolve(ok);
}

/**
 * Asks a yes/no question (the message is already translated); resolves true on confirm, false on
 * cancel, Escape or when the host goes away. Without a mounted host it falls back to `window.confirm`.
 */
export function confirmDialog(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  if (hosts === 0) return Promise.resolve(typeof window !== 'undefined' && typeof window.confirm === 'function' ? Boolean(window.confirm(message)) : false);
  return new Promise((resolve) => {
    queue = [...queue, { ...options, id: nextId++, message, resolve }];
    emit();
  });
}

/** `const confirm = useConfirm(); if (await confirm(t('form.delete_confirmation'))) ...` */
export function useConfirm(): (message: string, options?: ConfirmOptions) => Promise<boolean> {
  return confirmDialog;
}

/** The delete question of spec 2.5b: 'Do you really want to delete this entry?'. */
export function useConfirmDelete(): () => Promise<boolean> {
  const t = useT();
  return () => confirmDialog(t('form.delete_confirmation'), { confirmLabel: 'form.delete', danger: true });
}

/** Renders pending confirmations. Mount exactly once (the shell does). */
export function ConfirmHost() {
  const t = useT();
  useDeferred(modalDialog); // fetched before the first question, not when it is asked
  const current = useSyncExternalStore(subscribe, () => queue[0] ?? null, () => null);
  useEffect(() => {
    hosts += 1;
    return () => {
      hosts -= 1;
      if (hosts === 0) for (const p of [...queue]) settle(p, false);
    };
  }, []);
  if (!current) return null;
  return (
    <ModalDialog
      key={current.id}
      isOpen
      role="alertdialog"
      dismissable={false}
      title={t(current.title ?? 'form.confirm.title')}
      onOpenChange={(open) => !open && settle(current, false)}
      footer={
        <>
          {/* The least destructive answer has the focus (WAI-ARIA alertdialog practice). */}
          <button type="button" autoFocus className={button({ variant: 'secondary' })} onClick={() => settle(current, false)}>
            {t('form.confirm.cancel')}
          </button>
          <button type="button" className={button({ variant: current.danger ? 'danger' : 'primary' })} onClick={() => settle(current, true)}>
            {t(current.confirmLabel ?? 'form.confirm.ok')}
          </button>
        </>
      }
    >
      <p className={css({ m: 0 })}>{current.message}</p>
    </ModalDialog>
  );
}
