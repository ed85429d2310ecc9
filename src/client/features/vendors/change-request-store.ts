import { useSyncExternalStore } from 'react';

/**
 * Which vendor's change request the confirm dialog is open for: the command asks, the dialog that
 * every vendor screen mounts answers. Kept apart from the dialog so the commands do not load it.
 */
let openFor: number | null = null;
let hosts = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function openConfirmChangeRequest(vendorId: number): boolean {
  if (hosts === 0) return false;
  openFor = vendorId;
  emit();
  return true;
}

export function closeConfirmChangeRequest(): void {
  openFor = null;
  emit();
}

export function useConfirmChangeRequestTarget(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => openFor,
    () => null,
  );
}

/** A mounted dialog counts itself, so the command knows whether it can open one here. */
export function registerConfirmHost(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
    if (hosts === 0) openFor = null;
  };
}
