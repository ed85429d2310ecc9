import { useEffect, useRef } from 'react';

/**
 * Leave guard: a form with unsaved changes registers a guard; every in-app navigation asks the guards
 * first. Three ways in:
 * - `guardedAroundNav` is wouter's `aroundNav` option. `<ResourceForm>` wraps its own subtree with it;
 *   the shell should put it on the app's root `<Router aroundNav={guardedAroundNav}>` so programmatic
 *   navigations (palette, hotkeys, `ctx.navigate`) are guarded as well.
 * - `useLeaveGuard` also intercepts clicks on in-app links anywhere on the page (capture phase, before
 *   wouter's `<Link>` sees them) and sets `beforeunload` for closing or reloading the tab.
 * - `confirmLeave()` for anything else that leaves (sign out, switching a split pane's record).
 * - Browser Back cannot be cancelled, so a dirty form keeps a guard entry (same address, marked in
 *   `history.state`) on top of its own: Back only steps off the guard entry, the prompt asks, and the
 *   entry is pushed again when the user stays or the real step back is taken when they leave. A
 *   navigation from the guard entry replaces it, so the history holds no duplicate of the form.
 */
type Guard = () => Promise<boolean>;
const guards = new Set<Guard>();

/** Asks every active guard in turn; true when the user may leave (no guard or all confirmed). */
export async function confirmLeave(): Promise<boolean> {
  for (const guard of [...guards]) if (!(await guard())) return false;
  return true;
}

export function hasLeaveGuard(): boolean {
  return guards.size > 0;
}

const GUARD_MARK = 'remitLeaveGuard';

/**
 * A step back the guard takes itself (dropping its entry) must not read as the user's Back. The
 * module's own listener, added before any form's, tells the forms' listeners which kind each one was.
 */
let ownBackPending = false;
let lastPopWasOwn = false;
let popWatcher = false;
function watchPops() {
  if (popWatcher || typeof window === 'undefined') return;
  popWatcher = true;
  window.addEventListener('popstate', () => {
    lastPopWasOwn = ownBackPending;
    ownBackPending = false;
    // The entry below may hold an older #tab: keep the address the user was on (read before hashchange).
    if (lastPopWasOwn && ownBackHref && window.location.href !== ownBackHref) history.replaceState(history.state, '', ownBackHref);
  });
}
let ownBackHref = '';
function dropGuardEntry() {
  ownBackPending = true;
  ownBackHref = window.location.href;
  history.back();
}

function onGuardEntry(): boolean {
  const state: unknown = typeof history === 'undefined' ? null : history.state;
  return Boolean(state && typeof state === 'object' && GUARD_MARK in state);
}

/** wouter `aroundNav`: navigates at once without guards, after confirmation with them. */
export function guardedAroundNav<T extends unknown[]>(navigate: (...args: T) => void, ...args: T): void {
  const go = () => {
    // Leaving from the guard entry takes its place: the form's own entry stays below it, once.
    if (onGuardEntry() && typeof args[0] === 'string') {
      const options = (args[1] ?? {}) as Record<string, unknown>;
      (navigate as unknown as (to: string, options: Record<string, unknown>) => void)(args[0], { ...options, replace: true });
    } else navigate(...args);
  };
  if (guards.size === 0) {
    go();
    return;
  }
  void confirmLeave().then((ok) => ok && go());
}

function inAppAnchor(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // A link to another part of the same page (a tab's hash) is not leaving.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return null;
  return anchor;
}

/**
 * Registers a guard while `active`. `ask()` shows the confirmation (the kit's confirm dialog); once the
 * user agreed to leave, the guard stands down until `active` turns true again. `release()` stands it
 * down at once (after a save, before navigating away).
 */
export function useLeaveGuard(active: boolean, ask: () => Promise<boolean>) {
  const askRef = useRef(ask);
  askRef.current = ask;
  const stood = useRef(false);
  const guardRef = useRef<Guard | null>(null);

  useEffect(() => {
    stood.current = false;
    if (!active) return;
    const guard: Guard = async () => {
      if (stood.current) return true;
      const ok = await askRef.current();
      if (ok) {
        stood.current = true;
        guards.delete(guard);
      }
      return ok;
    };
    guardRef.current = guard;
    guards.add(guard);

    const onClick = (event: MouseEvent) => {
      if (stood.current) return;
      const anchor = inAppAnchor(event);
      if (!anchor) return;
      event.preventDefault();
      event.stopPropagation();
      void guard().then((ok) => ok && anchor.click());
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (stood.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    watchPops();
    const pushGuardEntry = () => history.pushState({ ...(history.state ?? {}), [GUARD_MARK]: true }, '', window.location.href);
    if (!onGuardEntry()) pushGuardEntry();
    const onPopState = () => {
      if (stood.current || onGuardEntry()) return;
      if (lastPopWasOwn) {
        // The previous guard's entry was dropped while this one was set up: put it back.
        pushGuardEntry();
        return;
      }
      // Back stepped off the guard entry: the form is still shown, so ask before the real step back.
      void guard().then((ok) => (ok ? history.back() : pushGuardEntry()));
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    return () => {
      guards.delete(guard);
      guardRef.current = null;
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
      // Clean again (edits undone, saved and staying): drop the guard entry so Back leaves at once.
      if (onGuardEntry()) dropGuardEntry();
    };
  }, [active]);

  return {
    release() {
      stood.current = true;
      if (guardRef.current) guards.delete(guardRef.current);
    },
  };
}
