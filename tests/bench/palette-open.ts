import type { Page } from 'playwright-core';
import { stats } from './browser';

/**
 * Time from the Ctrl+K keydown to the palette dialog being in the DOM with its input focused, measured
 * inside the page. Baseline: a native <dialog> with an input opened by the same key on a blank page.
 */
export async function paletteOpenTimes(page: Page, runs: number) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const start = performance.now();
          const done = () => {
            const input = document.querySelector('[role=dialog] input');
            if (input && document.activeElement === input) {
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - start));
            }
          };
          const observer = new MutationObserver(done);
          observer.observe(document.body, { childList: true, subtree: true, attributes: true });
          document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }));
          done();
        }),
    );
    samples.push(t);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role=dialog]', { state: 'detached' });
  }
  return stats(samples);
}

export async function nativeDialogTimes(page: Page, runs: number) {
  await page.setContent('<dialog><input aria-label="x"></dialog>');
  await page.evaluate('window.__name = (f) => f');
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    samples.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const dialog = document.querySelector('dialog')!;
            const start = performance.now();
            document.addEventListener('keydown', function once() {
              document.removeEventListener('keydown', once);
              dialog.showModal();
              dialog.querySelector('input')!.focus();
              requestAnimationFrame(() => resolve(performance.now() - start));
            });
            document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }));
          }),
      ),
    );
    await page.evaluate(() => document.querySelector('dialog')!.close());
  }
  return stats(samples);
}
