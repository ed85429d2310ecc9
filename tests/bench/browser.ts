import { chromium, type Browser, type Page } from 'playwright-core';

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1], n: s.length };
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;

/** tsx keeps function names with a `__name` helper that pages don't have; give them a no-op one. */
export async function preparePage<P extends Pick<Page, 'addInitScript'>>(page: P): Promise<P> {
  await page.addInitScript('window.__name = (f) => f');
  return page;
}
