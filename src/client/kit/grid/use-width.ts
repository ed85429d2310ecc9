import { type RefObject, useLayoutEffect, useState } from 'react';

/** The element's width in px, followed as it resizes (a split pane dragged); undefined until measured or when not `enabled`. */
export function useWidth(ref: RefObject<HTMLElement | null>, enabled: boolean): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof ResizeObserver === 'undefined') return;
    // Whole pixels: sub-pixel jitter must not re-render every row.
    const measure = () => setWidth(Math.floor(el.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return enabled ? width : undefined;
}
