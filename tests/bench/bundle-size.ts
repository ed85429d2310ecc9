import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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
