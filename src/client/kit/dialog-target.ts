import { useSyncExternalStore } from 'react';

export interface DialogTarget<T> {
  /** Opens the dialog for `target`; false when no screen here mounts the dialog (the command goes there instead). */
  open(target: T): boolean;
  close(): void;
  /** What the dialog is open for, or null. */
  useTarget(): T | null;
  /** A mounted dialog counts itself (a useEffect), so `open` knows whether one can show here. */
  registerHost(): () => void;
}

/**
 * What a screen's dialog is open for, asked by a command and answered by the dialog the screen
 * mounts. Kept apart from the dialog so that commands do not load its code.
 */
export function dialogTarget<T>(): DialogTarget<T> {
  let openFor: T | null = null;
  let hosts = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    open(target) {
      if (hosts === 0) return false;
      openFor = target;
      emit();
      return true;
    },
    close() {
      openFor = null;
      emit();
    },
    useTarget() {
      return useSyncExternalStore(
        (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        () => openFor,
        () => null,
      );
    },
    registerHost() {
      hosts += 1;
      return () => {
        hosts -= 1;
        if (hosts === 0) openFor = null;
      };
    },
  };
}
