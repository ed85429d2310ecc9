import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';

/**
 * Code that a screen shows but nobody needs at first paint (react-aria's menus, popovers, toolbars and
 * dialogs): loaded at the first key or pointer press, 3 s after the screen mounted, or when it is wanted,
 * whichever comes first. A deep link then downloads only what it paints.
 */
export interface Deferred<M> {
  load(): Promise<M>;
  readonly current: M | undefined;
}

export function deferred<M>(importer: () => Promise<M>): Deferred<M> {
  let promise: Promise<M> | undefined;
  let current: M | undefined;
  return {
    load: () => (promise ??= importer().then((m) => (current = m))),
    get current() {
      return current;
    },
  };
}

const SETTLE_MS = 3000;

/** The module once loaded (re-renders then); `now` loads it at once instead of waiting. */
export function useDeferred<M>(module: Deferred<M>, now = false): M | undefined {
  const [loaded, setLoaded] = useState(() => module.current);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    const load = () => void module.load().then((m) => live && setLoaded(() => m));
    if (now) load();
    const timer = setTimeout(load, SETTLE_MS);
    document.addEventListener('keydown', load, { capture: true, once: true });
    document.addEventListener('pointerdown', load, { capture: true, once: true });
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('keydown', load, { capture: true });
      document.removeEventListener('pointerdown', load, { capture: true });
    };
  }, [module, loaded, now]);
  return loaded;
}

interface DeferredButtonProps<M> {
  module: Deferred<M>;
  /**
   * A plain `<button>` with the real one's name and look, shown until the module is there. `activate`
   * goes on its onClick: the real button then takes the click (and the focus, if the placeholder had it).
   */
  placeholder(activate: () => void): ReactElement;
  children(module: M): ReactNode;
  /** Load at once (e.g. the widget is to be open from the start). */
  now?: boolean;
}

/**
 * A button-triggered widget whose code comes later: focus on the placeholder moves to the real button
 * when it arrives, and a press on the placeholder is replayed on it, so keyboard and screen-reader users
 * notice nothing but a moment's delay on the very first press.
 */
export function DeferredButton<M>({ module, placeholder, children, now = false }: DeferredButtonProps<M>) {
  const [wanted, setWanted] = useState(false);
  const loaded = useDeferred(module, now || wanted);
  const box = useRef<HTMLSpanElement>(null);
  const handoff = useRef<{ focus: boolean; click: boolean }>({ focus: false, click: false });
  useEffect(() => {
    if (!loaded) return;
    const { focus, click } = handoff.current;
    handoff.current = { focus: false, click: false };
    const real = box.current?.querySelector('button');
    // The real button takes the focus only from its placeholder: a press from elsewhere (the palette's
    // command clicks it) leaves the focus where the user was, so the popover closes back there, as it
    // does once the code is loaded.
    if (focus) real?.focus();
    if (click) real?.click();
  }, [loaded]);
  // Read before the commit replaces the placeholder: a focused element that leaves the DOM takes the
  // focus to <body> without a blur event.
  if (loaded && box.current?.dataset.placeholder !== undefined && box.current.contains(document.activeElement)) handoff.current.focus = true;
  if (loaded)
    return (
      <span ref={box} style={{ display: 'contents' }}>
        {children(loaded)}
      </span>
    );
  return (
    <span
      ref={box}
      style={{ display: 'contents' }}
      data-placeholder=""
      onFocus={() => setWanted(true)}
      onPointerEnter={() => setWanted(true)}
    >
      {placeholder(() => {
        handoff.current.click = true;
        setWanted(true);
      })}
    </span>
  );
}
