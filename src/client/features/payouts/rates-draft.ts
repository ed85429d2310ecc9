import { useSyncExternalStore } from 'react';

/**
 * The currency-rates tab's unsaved edits, so the save command (palette, hotkey, button) knows whether
 * there is anything to save and can ask the tab to save it. The tab registers its `save`.
 */
interface Draft {
  payoutId: number | null;
  dirty: boolean;
  save: (() => Promise<void>) | null;
}

let draft: Draft = { payoutId: null, dirty: false, save: null };
const listeners = new Set<() => void>();

export function setRatesDraft(next: Draft): void {
  draft = next;
  listeners.forEach((l) => l());
}

export function ratesDraft(): Draft {
  return draft;
}

export function useRatesDraft(): Draft {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => draft,
  );
}
