import { useEffect, type ComponentType } from 'react';
import { useDeferred, type Deferred } from './deferred';
import type { DialogTarget } from './dialog-target';

export interface DialogHostProps<T> {
  target: DialogTarget<T>;
  /** The dialog's module, `deferred(() => import(...))`: its default export shows the dialog for a value. */
  dialog: Deferred<{ default: ComponentType<{ value: T }> }>;
  /** A fresh dialog (its own state) per value. */
  keyOf?(value: T): string;
}

/**
 * A screen's host of a command-opened dialog: it counts as the host at once (commands open the dialog
 * here), while the dialog's code (form fields, the dialog frame) loads only when it is wanted, so the
 * screen's deep link carries none of its closed dialogs.
 */
export function DialogHost<T>({ target, dialog, keyOf }: DialogHostProps<T>) {
  const value = target.useTarget();
  useEffect(() => target.registerHost(), [target]);
  const module = useDeferred(dialog, value != null);
  if (value == null || !module) return null;
  const Dialog = module.default;
  return <Dialog key={keyOf?.(value)} value={value} />;
}
