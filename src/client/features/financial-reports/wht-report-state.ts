import { useSyncExternalStore } from 'react';

/** The year and quarter the withholding-tax card has chosen. */
export interface WhtChoice {
  year: number;
  quarter: number;
}

/** The last completed quarter (UTC): what a report is usually asked for; always this or last year. */
export function lastCompletedQuarter(today = new Date()): WhtChoice {
  const current = Math.floor(today.getUTCMonth() / 3) + 1;
  return current === 1 ? { year: today.getUTCFullYear() - 1, quarter: 4 } : { year: today.getUTCFullYear(), quarter: current - 1 };
}

/**
 * The card's choice in a store of its own: the download command (palette, button) reads it without
 * the screen's code, the screen shows and changes it.
 */
let choice: WhtChoice = lastCompletedQuarter();
const listeners = new Set<() => void>();

export const getWhtChoice = (): WhtChoice => choice;

export function setWhtChoice(next: Partial<WhtChoice>): void {
  choice = { ...choice, ...next };
  listeners.forEach((l) => l());
}

export function useWhtChoice(): WhtChoice {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => choice,
  );
}
