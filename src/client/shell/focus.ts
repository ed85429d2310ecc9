/**
 * Where the keyboard focus goes when a screen changes under it: a navigation, a delete, a closed
 * dialog. Focus must never stay on <body> (j/k, x, Enter would do nothing and the next Tab starts at
 * the top of the page), so screens and the shell hand it to the first useful place.
 */

const FIELD = 'input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), [contenteditable=true]';

/** Focus is nowhere useful: on <body>, on the page's main area, or on an element that left the page. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active.matches('main') || !active.isConnected;
}

/** A dialog or popover is open: it owns the focus, nothing underneath takes it. */
export function overlayOpen(): boolean {
  return Boolean(document.querySelector('[role=dialog], [role=alertdialog], [role=menu]'));
}

/** The first field of a container (a form, a tab panel) that can take the focus. */
export function firstField(container: ParentNode | null | undefined): HTMLElement | null {
  return container?.querySelector<HTMLElement>(FIELD) ?? null;
}

/**
 * After a navigation the new screen gets the focus while it builds (lazy screens, records loading):
 * each change of the main area that finds the focus lost hands it to the form's first field, else the
 * main area. A list's grid claims it itself once its rows are there (`DataGrid claimFocus`), on the
 * row focused when the list was last left. Watching stops after a few seconds.
 */
export function settleFocusAfterNavigation(): () => void {
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return () => undefined;
  const settle = () => {
    if (!focusIsLost() || overlayOpen()) return;
    const field = firstField(main.querySelector('form'));
    if (field) return field.focus();
    if (document.activeElement !== main) main.focus({ preventScroll: true });
  };
  // Checked a frame after a change, never in between: during a Tab the focus is briefly on <body>
  // (after the blur, before the focus) and a field's blur re-renders the form.
  let frame = requestAnimationFrame(settle);
  const observer = new MutationObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(settle);
  });
  observer.observe(main, { childList: true, subtree: true });
  const stop = setTimeout(() => observer.disconnect(), 5000);
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    clearTimeout(stop);
  };
}
