import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

/** The JavaScript a first visit downloads: the entry script and its modulepreloads, gzip-compressed. */
export function initialJsGzip(distDir: string, htmlFile = 'index.html'): number {
  const html = fs.readFileSync(path.join(distDir, htmlFile), 'utf8');
  const srcs = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1]);
  return [...new Set(srcs)].reduce((sum, src) => sum + gzipSync(fs.readFileSync(path.join(distDir, src.replace(/^\//, '')))).length, 0);
}

export async function buildBaseline(outDir: string): Promise<void> {
  await build({
    root: path.resolve('tests/bench/baseline'),
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
}

/**
 * JavaScript and CSS a page loads while `during` runs (until the network is idle), as gzip bytes:
 * each file's `.gz` beside it in the build (what the server sends a browser that takes gzip).
 */
export async function loadedGzip(page: Page, distDir: string, during: () => Promise<void>): Promise<{ bytes: number; files: string[] }> {
  const files = new Set<string>();
  const collect = (response: Response) => {
    const pathname = new URL(response.url()).pathname;
    if (/\.(js|css)$/.test(pathname)) files.add(pathname);
  };
  page.on('response', collect);
  await during();
  await page.waitForLoadState('networkidle');
  page.off('response', collect);
  const gzipBytes = (pathname: string) => {
    const file = path.join(distDir, pathname.replace(/^\//, ''));
    return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : gzipSync(fs.readFileSync(file)).length;
  };
  return { bytes: [...files].reduce((sum, f) => sum + gzipBytes(f), 0), files: [...files] };
}
