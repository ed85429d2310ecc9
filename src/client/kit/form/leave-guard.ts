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
 * Browser back/forward (popstate) cannot be cancelled; it is not guarded.
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

/** wouter `aroundNav`: navigates at once without guards, after confirmation with them. */
export function guardedAroundNav<T extends unknown[]>(navigate: (...args: T) => void, ...args: T): void {
  if (guards.size === 0) {
    navigate(...args);
    return;
  }
  void confirmLeave().then((ok) => ok && navigate(...args));
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
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      guards.delete(guard);
      guardRef.current = null;
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active]);

  return {
    release() {
      stood.current = true;
      if (guardRef.current) guards.delete(guardRef.current);
    },
  };
}
