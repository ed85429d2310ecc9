import { useSyncExternalStore } from 'react';

export interface DialogTarget<T> {
  /** Opens the dialog for `target`; false when no screen here mounts the dialog (the command goes there instead). */
  open(target: T): boolean;
  close(): void;
  /** What the dialog is open for, or null. */
  useTarget(): T | null;
  /**
   * Opens the dialog here, or else goes to `path` (with `navigate`) and opens it when that page mounts
   * the dialog: no waiting in a loop, and nothing opens if the user ends up elsewhere.
   */
  openAt(target: T, path: string, navigate: (path: string) => void): void;
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
  // Asked for on another page: opened by the host that page mounts, if the user arrives there.
  let pending: { target: T; path: string } | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const open = (target: T) => {
    if (hosts === 0) return false;
    openFor = target;
    emit();
    return true;
  };
  return {
    open,
    openAt(target, path, navigate) {
      if (open(target)) return;
      pending = { target, path };
      navigate(path);
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
      if (pending) {
        const here = pending.path.split(/[?#]/)[0] === window.location.pathname;
        if (here) {
          openFor = pending.target;
          emit();
        }
        pending = null;
      }
      return () => {
        hosts -= 1;
        if (hosts === 0) openFor = null;
      };
    },
  };
}
