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

/** Its first field, else its first button or link (a list tab with no entry yet: its Add button). */
export function firstControl(container: ParentNode | null | undefined): HTMLElement | null {
  return firstField(container) ?? container?.querySelector<HTMLElement>('button:not([disabled]), a[href]') ?? null;
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

/** What a rescued focus may land on inside the container the focus was lost from. */
const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** The nearest group of controls a focused element belongs to: its next home when it goes away. */
const CONTAINER = '[role=group], [role=toolbar]';

/**
 * Focus that is lost later, outside a navigation: the element that had it was removed (a command's
 * button gone after it ran, a dialog whose trigger is gone, a cleared selection, a dismissed toast). A
 * frame after such a loss, with no overlay open, the focus goes to the first control of the group the
 * lost element was in (an amendment's next action, the alert's other button), else to the main area, so
 * that the next Tab, j/k or a screen reader continue in the screen, not at the top of the page. A list's
 * grid still claims it from there (`DataGrid claimFocus`). Watched on focus leaving to nowhere and on
 * changes of the page (a removed element fires no focus event).
 */
export function rescueLostFocus(): () => void {
  let frame = 0;
  let home: Element | null = null;
  let pointerAt = 0;
  const check = () => {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    // The window itself lost the focus (another application), or a click on the page's background took
    // it there on purpose: nothing to do.
    if (!lost || overlayOpen() || !document.hasFocus() || performance.now() - pointerAt < 500) return;
    const main = document.querySelector<HTMLElement>('main');
    // A grid claims the focus itself (from the main area), so a group in or around one is left to it.
    const inGrid = home?.closest('[role=grid]') || home?.querySelector('[role=grid]');
    const near = home?.isConnected && main?.contains(home) && !inGrid ? home.querySelector<HTMLElement>(FOCUSABLE) : null;
    (near ?? main)?.focus({ preventScroll: !near });
  };
  // Two frames: a dialog gives the focus back to its trigger in its closing effect.
  const later = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => (frame = requestAnimationFrame(check)));
  };
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as Element | null;
    if (target && target !== document.body && !target.matches('main')) home = target.parentElement?.closest(CONTAINER) ?? null;
  };
  const onFocusOut = (event: FocusEvent) => {
    // Tab and clicks on focusable elements name where the focus goes; only a loss to nowhere matters.
    if (!event.relatedTarget) later();
  };
  const onPointerDown = () => void (pointerAt = performance.now());
  document.addEventListener('pointerdown', onPointerDown, true);
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  const observer = new MutationObserver(later);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    document.removeEventListener('pointerdown', onPointerDown, true);
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
  };
}
