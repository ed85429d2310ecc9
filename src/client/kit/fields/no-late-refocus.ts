import { useEffect, type RefObject } from 'react';

/**
 * Zag's tags input focuses its input again one animation frame after it got the focus. A Tab or
 * Shift+Tab pressed within that frame (key repeat, a busy machine, a test) leaves the field and is
 * then pulled back: a keyboard trap. This refuses a focus call that arrives in the frames right
 * after the focus left the input for another element; every other focus call goes through.
 */
export function useNoLateRefocus(ref: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let justLeft = false;
    let frame = 0;
    const onBlur = (e: FocusEvent) => {
      if (!e.relatedTarget) return; // to the window or <body>: nothing to protect
      justLeft = true;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => (justLeft = false))));
    };
    const focus = el.focus.bind(el);
    el.focus = (options?: FocusOptions) => {
      if (!justLeft) focus(options);
    };
    el.addEventListener('blur', onBlur);
    return () => {
      el.removeEventListener('blur', onBlur);
      cancelAnimationFrame(frame);
      el.focus = focus;
    };
  }, [ref]);
}
