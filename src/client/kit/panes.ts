/**
 * Panes of a screen (the list and its details beside it): F6 moves the focus to the next one, the way
 * desktop applications and browsers do. Each pane remembers where the focus was in it, so coming back
 * to the list lands on the row that was focused, not on the first element of the pane.
 */
export const PANE_ATTRIBUTE = 'data-pane';

const lastFocus = new WeakMap<Element, HTMLElement>();

if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (e) => {
    const target = e.target as HTMLElement | null;
    const pane = target?.closest?.(`[${PANE_ATTRIBUTE}]`);
    if (pane) lastFocus.set(pane, target!);
  });
}

export function panes(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[${PANE_ATTRIBUTE}]`)];
}

/** Moves the focus into the next pane (or the previous one, `step` -1), wrapping around. */
export function focusNextPane(step: 1 | -1 = 1): boolean {
  const all = panes();
  if (all.length < 2) return false;
  const at = all.findIndex((p) => p.contains(document.activeElement));
  const next = all[(at + step + all.length) % all.length];
  const remembered = lastFocus.get(next);
  const target = remembered?.isConnected && next.contains(remembered) ? remembered : firstFocusable(next);
  target.focus();
  return true;
}

/** A list pane's grid row (or cell) that holds the focus, else the pane itself when it is focusable. */
function firstFocusable(pane: HTMLElement): HTMLElement {
  return pane.querySelector<HTMLElement>('[role=grid] [tabindex="0"]') ?? (pane.tabIndex >= 0 || pane.hasAttribute('tabindex') ? pane : (pane.querySelector<HTMLElement>('a, button, input, select, textarea, [tabindex]') ?? pane));
}
