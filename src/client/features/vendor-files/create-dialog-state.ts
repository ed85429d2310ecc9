import { useSyncExternalStore } from 'react';

/**
 * Whether the "create vendor files" dialog is open. The command (palette, button, hotkey) opens it;
 * the list screen shows it. A store of its own, so the command needs none of the screen's code.
 */
let open = false;
const listeners = new Set<() => void>();

export function setCreateDialogOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  listeners.forEach((l) => l());
}

export function useCreateDialogOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
