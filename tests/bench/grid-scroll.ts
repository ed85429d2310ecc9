import type { Page } from 'playwright-core';
import { stats } from './browser';

/**
 * Frame times while scrolling the page's largest scroll container a fixed distance every frame, as a
 * fast wheel or PageDown would. Measured in the page with requestAnimationFrame.
 */
export async function scrollFrameTimes(page: Page, frames: number, step = 150) {
  const deltas = await page.evaluate(
    ({ frames, step }) =>
      new Promise<number[]>((resolve) => {
        const scroller = [...document.querySelectorAll<HTMLElement>('*')]
          .filter((el) => el.scrollHeight > el.clientHeight + 100 && getComputedStyle(el).overflowY !== 'visible')
          .sort((a, b) => b.scrollHeight - a.scrollHeight)[0] ?? document.scrollingElement!;
        const out: number[] = [];
        let last = performance.now();
        let n = 0;
        const tick = (now: number) => {
          out.push(now - last);
          last = now;
          scroller.scrollTop += step;
          if (++n < frames) requestAnimationFrame(tick);
          else resolve(out.slice(2));
        };
        requestAnimationFrame(tick);
      }),
    { frames, step },
  );
  return { ...stats(deltas), over20: deltas.filter((d) => d > 20).length };
}
