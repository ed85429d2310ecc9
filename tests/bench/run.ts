/**
 * `npm run bench`: each number beside a baseline measured in the same run, on this machine.
 *   1. JavaScript + CSS (gzip) the sign-in page and a list deep link load, against a plain React + router
 *      page (targets: 150 and 200 KiB);
 *   2. palette open time (Ctrl+K to focused input) against a native <dialog> opened by the same key;
 *   3. scroll frame times of the 100,000-row grid against a plain DOM table of the same rows;
 *   4. the server (`server.ts`): requests per second and p99 against a bare Fastify route;
 *   5. payouts (`payouts.ts`): report import against raw COPY, allocation against a bare UPDATE .. FROM;
 *   6. the payment run (`payments-run.ts`) against one INSERT .. SELECT summing the same rows;
 *   7. the payments list (`payments-list.ts`) over 1,000,000 payments against a bare Fastify route;
 *   8. the rich-text normaliser over a long body (`rich-text.ts`) against sanitize-html alone;
 *   9. the palette's record search at 1,000,000 payments, vendors and contracts (`palette-search.ts`): each
 *      kind's lookup against the same SQL over a bare pool, and key press to painted in Chromium.
 * `npm run bench -- --server` runs only the server part, `-- --payouts` only the payouts part, `-- --payments-run` only the
 * payment run, `-- --payments-list` only the payments list, `-- --bytes` only the first (with the files a deep link loads listed),
 * `-- --palette` the first two, `-- --rich-text` the eighth, `-- --palette-search` the ninth.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { startApp } from './app-server';
import { launch, ms, preparePage } from './browser';
import { buildBaseline, initialJsGzip, loadedGzip } from './bundle-size';
import { scrollFrameTimes } from './grid-scroll';
import { nativeDialogTimes, paletteOpenTimes } from './palette-open';
import { paletteSearchBench } from './palette-search';
import { paymentsListBench } from './payments-list';
import { paymentsRunBench } from './payments-run';
import { payoutsBench } from './payouts';
import { richTextBench } from './rich-text';
import { serverBench } from './server';
import { serveDir } from './static-server';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const row = (name: string, ours: string, base: string) => console.log(`${name.padEnd(34)} ${ours.padStart(22)}   ${base.padStart(22)}`);

async function main() {
  console.log(`${''.padEnd(34)} ${'Remit'.padStart(22)}   ${'baseline'.padStart(22)}`);
  if (process.argv.includes('--server')) return serverBench(row);
  if (process.argv.includes('--payouts')) return payoutsBench(row);
  if (process.argv.includes('--payments-run')) return paymentsRunBench(row);
  if (process.argv.includes('--payments-list')) return paymentsListBench(row);
  if (process.argv.includes('--rich-text')) return richTextBench(row);
  if (process.argv.includes('--palette-search')) return paletteSearchBench(row);
  // After the parts that return early: they left this directory behind.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'remit-bench-'));

  // 1. Bundle size
  const appDist = path.join(tmp, 'app');
  await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'silent', build: { outDir: appDist, emptyOutDir: true, sourcemap: false } });
  const baseDist = path.join(tmp, 'baseline');
  await buildBaseline(baseDist);
  const baseline = kb(initialJsGzip(baseDist));

  const browser = await launch();
  try {
    // 2. Palette open time, on the real app signed in.
    const app = await startApp(Number(process.env.BENCH_PORT ?? 3191), appDist);
    try {
      const context = await browser.newContext();
      const page = await preparePage(await context.newPage());
      const signInPage = await loadedGzip(page, appDist, async () => {
        await page.goto(`${app.url}/users/sign-in`);
        await page.getByLabel('E-mail').waitFor();
      });
      row('sign-in page JS + CSS, gzip', kb(signInPage.bytes), baseline);
      await page.getByLabel('E-mail').fill('bench@remit.test');
      await page.getByLabel('Password').fill('bench-password-123');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${app.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // A list opened from a link (new tab, signed in): the workbench, the grid and the screen.
      const listPage = await preparePage(await context.newPage());
      const deepLink = await loadedGzip(listPage, appDist, async () => {
        await listPage.goto(`${app.url}/admin/organizations`);
        await listPage.locator('[role=grid] [data-row-index="0"]').waitFor();
      });
      await listPage.close();
      row('list deep link JS + CSS, gzip', kb(deepLink.bytes), baseline);
      if (process.argv.includes('--bytes')) {
        for (const file of deepLink.files) console.log(`  ${file}`);
        return;
      }

      // First open loads the palette's code; measure that and the warm opens separately.
      const first = await paletteOpenTimes(page, 1);
      const warm = await paletteOpenTimes(page, 20);
      const nativePage = await preparePage(await browser.newPage());
      const nativeFirst = await nativeDialogTimes(nativePage, 1);
      const native = await nativeDialogTimes(nativePage, 20);
      row('palette open, first', ms(first.p50), ms(nativeFirst.p50));
      row('palette open, p50 / p95', `${ms(warm.p50)} / ${ms(warm.p95)}`, `${ms(native.p50)} / ${ms(native.p95)}`);
      if (process.argv.includes('--palette')) return;
    } finally {
      await app.stop();
    }

    // 3. Grid scrolling, 100,000 rows.
    const benchDist = path.join(tmp, 'grid');
    await build({
      root: path.resolve('src/client'),
      logLevel: 'silent',
      plugins: [react()],
      resolve: { alias: { 'styled-system': path.resolve('styled-system') } },
      build: { outDir: benchDist, emptyOutDir: true, rolldownOptions: { input: path.resolve('src/client/bench.html') } },
    });
    const server = await serveDir(benchDist);
    try {
      const results: Record<string, Awaited<ReturnType<typeof scrollFrameTimes>>> = {};
      for (const which of ['kit', 'plain']) {
        const page = await preparePage(await browser.newPage({ viewport: { width: 1360, height: 800 } }));
        const t0 = Date.now();
        await page.goto(`${server.url}/bench.html?grid=${which}`);
        await page.waitForSelector('table, [role=grid]', { timeout: 120_000 });
        const load = Date.now() - t0;
        results[which] = { ...(await scrollFrameTimes(page, 240)), load } as never;
        await page.close();
      }
      const k = results.kit as typeof results.kit & { load: number };
      const p = results.plain as typeof results.plain & { load: number };
      row('grid 100k rows: first render', `${k.load} ms`, `${p.load} ms`);
      row('grid scroll frame p50 / p95', `${ms(k.p50)} / ${ms(k.p95)}`, `${ms(p.p50)} / ${ms(p.p95)}`);
      row('grid scroll frames over 20 ms', `${k.over20} of ${k.n}`, `${p.over20} of ${p.n}`);
    } finally {
      server.close();
    }
  } finally {
    await browser.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  // 4. The server, with the browser closed so it does not compete for the CPU.
  await serverBench(row);
  // 5. Payout import and allocation.
  await payoutsBench(row);
  // 6. The payment run.
  await paymentsRunBench(row);
  // 7. The payments list.
  await paymentsListBench(row);
  // 8. The rich-text normaliser.
  richTextBench(row);
  // 9. The palette's record search.
  await paletteSearchBench(row);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
