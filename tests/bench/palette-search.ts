import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { createDb } from '../../src/server/db/connection.js';
import { paletteContracts } from '../../src/server/modules/contracts/palette-lookup.js';
import { palettePayments } from '../../src/server/modules/payments/palette-lookup.js';
import { paletteVendors } from '../../src/server/modules/vendors/palette-lookup.js';
import { startApp } from './app-server';
import { launch, ms, preparePage, stats } from './browser';
import { seedVendorsAndContracts } from './palette-seed';
import { seedPayments } from './payments-list';

/**
 * `npm run bench -- --palette-search`: the palette's record search at 1,000,000 payments (`BENCH_PAYMENTS`),
 * vendors and contracts (`BENCH_PALETTE_RECORDS`), issue 27's target 100 ms from the last key to the rows.
 *   - Each kind's lookup over HTTP (`/api/{kind}/palette`, one request at a time, signed in), p50 / p95 over
 *     the texts staff type for it (id, reference or number, its start, a part, a name), beside its floor:
 *     the same functions sending the same SQL from this process through a bare `pg` pool (no HTTP, no
 *     session, no JSON).
 *   - In Chromium on the built app, signed in as an admin (every area's lookup runs, as for staff with
 *     many roles): a text typed in one go into a freshly opened palette, from the last key's keydown to
 *     the frame that shows the kind's first row; beside the same keys to the frame that shows the last
 *     one in the input (the palette's own render per key, which filters the commands).
 * With `BENCH_DATABASE_URL` the app runs on that database as it is (seeded by an earlier run) instead of a
 * fresh embedded one.
 */
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
const RECORDS = Number(process.env.BENCH_PALETTE_RECORDS ?? 1_000_000);
const ROUNDS = 10;
const BROWSER_ROUNDS = 3;
const KINDS = ['payments', 'vendors', 'contracts'] as const;
type Kind = (typeof KINDS)[number];

interface Probe {
  kind: Kind;
  text: string;
  /** The label of the kind's first row for this text: the browser waits for it. */
  first: string;
}

type Db = ReturnType<typeof createDb>['db'];

/** What staff type for each kind, taken from seeded rows spread over the tables (fixed picks: the same each run). */
async function texts(db: Db): Promise<Omit<Probe, 'first'>[]> {
  const pick = <T>(rows: T[]) => [rows[Math.floor(rows.length * 0.13)], rows[Math.floor(rows.length * 0.57)], rows[Math.floor(rows.length * 0.91)]];
  const payments = pick((await sql<{ id: string; reference: string }>`SELECT id, reference FROM payments TABLESAMPLE SYSTEM (0.1) REPEATABLE (27) ORDER BY id`.execute(db)).rows);
  const vendors = pick(
    (
      await sql<{ id: string; name: string; number: number }>`SELECT id, name, number FROM vendors TABLESAMPLE SYSTEM (0.1) REPEATABLE (27) WHERE number >= 300000 ORDER BY id`.execute(db)
    ).rows,
  );
  const contracts = pick(
    (
      await sql<{ id: string; organization: string; vendor: string }>`
        SELECT c.id, o.name AS organization, v.name AS vendor FROM contracts c TABLESAMPLE SYSTEM (0.1) REPEATABLE (27)
        JOIN organizations o ON o.id = c.organization_id JOIN contract_vendors cv ON cv.contract_id = c.id JOIN vendors v ON v.id = cv.vendor_id ORDER BY c.id`.execute(db)
    ).rows,
  );
  return [
    ...payments.flatMap((p) => [p.reference, p.reference.slice(0, 6), p.reference.slice(-5), p.reference.replace(/^P0*/, ''), String(p.id)].map((text) => ({ kind: 'payments' as const, text }))),
    ...vendors.flatMap((v) => [v.name, v.name.slice(0, 2), v.name.split(' ')[1], `${v.name.split(' ')[0]} ${v.name.split(' ')[1].slice(0, 3)}`, String(v.number)].map((text) => ({ kind: 'vendors' as const, text }))),
    ...contracts.flatMap((c) => [`#${c.id}`, c.organization.split(' ').slice(0, 2).join(' '), c.vendor].map((text) => ({ kind: 'contracts' as const, text }))),
  ];
}

/** Sequential scans so far of the tables the lookups read at a million rows (the plans' check: each step reads an index). */
async function seqScans(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT sum(seq_scan) AS n FROM pg_stat_user_tables WHERE relname IN ('payments', 'vendors', 'contracts', 'contract_vendors')`.execute(db);
  return Number(rows[0].n);
}

const labelOf = (kind: Kind, row: Record<string, unknown>) => String(kind === 'payments' ? row.reference : kind === 'vendors' ? row.name : row.label);

async function signIn(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/users/sign_in.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email: 'bench@remit.test', password: 'bench-password-123' } }),
  });
  const { api_token: token } = (await res.json()) as { api_token: string };
  return { authorization: `Bearer ${token}`, uid: 'bench@remit.test', accept: 'application/json' };
}

/**
 * Opens the palette, types `text` in one go, and answers the time from its last keydown to the frame (a
 * requestAnimationFrame checking each frame) showing the record `option`, or with no option the frame
 * showing the text in the input: the palette's own render for the key, which filters the commands.
 */
async function keyToPaint(page: Page, text: string, option?: string): Promise<number> {
  await page.keyboard.press('Control+k');
  await page.locator('[role=dialog] input').waitFor();
  const painted = page.evaluate(
    ({ text, option }) =>
      new Promise<number>((resolve) => {
        const w = window as unknown as { __lastKey: number };
        const check = () => {
          const typed = (document.querySelector('[role=dialog] input') as HTMLInputElement | null)?.value === text;
          const shown = option === undefined || [...document.querySelectorAll('[cmdk-item]')].some((o) => o.getAttribute('data-value')?.startsWith('record:') && o.textContent?.includes(option));
          if (typed && shown) resolve(performance.now() - w.__lastKey);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { text, option },
  );
  await page.keyboard.type(text);
  const t = await painted;
  await page.keyboard.press('Escape');
  await page.locator('[role=dialog]').waitFor({ state: 'detached' });
  return t;
}

export async function paletteSearchBench(row: (name: string, ours: string, base: string) => void): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'remit-bench-palette-'));
  const clientDir = path.join(tmp, 'app');
  await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'silent', build: { outDir: clientDir, emptyOutDir: true, sourcemap: false } });
  const given = process.env.BENCH_DATABASE_URL;
  const app = await startApp(Number(process.env.BENCH_PORT ?? 3198), clientDir, given ? { DATABASE_URL: given } : {});
  const { db } = createDb(given ?? app.databaseUrl, 2);
  try {
    if (!given) {
      const t0 = performance.now();
      await seedPayments(app.databaseUrl);
      await seedVendorsAndContracts(app.databaseUrl, RECORDS);
      console.log(`  (seeded ${PAYMENTS.toLocaleString('en')} payments, ${RECORDS.toLocaleString('en')} vendors and contracts in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
    const headers = await signIn(app.url);
    const probes: Probe[] = [];
    for (const p of await texts(db)) {
      const res = await fetch(`${app.url}/api/${p.kind}/palette?q=${encodeURIComponent(p.text)}`, { headers });
      const rows = (await res.json()) as Record<string, unknown>[];
      if (!res.ok || rows.length === 0) throw new Error(`${p.kind} ${p.text}: ${res.status}, ${rows.length} rows`);
      probes.push({ ...p, first: labelOf(p.kind, rows[0]) });
    }

    const scans = await seqScans(db);
    // The lookups over HTTP, one at a time, against the same functions over a bare pool, interleaved.
    const bare: Record<Kind, (q: string) => Promise<unknown>> = { payments: (q) => palettePayments(db, q), vendors: (q) => paletteVendors(db, q), contracts: (q) => paletteContracts(db, q) };
    const http: Record<Kind, number[]> = { payments: [], vendors: [], contracts: [] };
    const floor: Record<Kind, number[]> = { payments: [], vendors: [], contracts: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const p of probes) {
        let t = performance.now();
        await bare[p.kind](p.text);
        floor[p.kind].push(performance.now() - t);
        t = performance.now();
        const res = await fetch(`${app.url}/api/${p.kind}/palette?q=${encodeURIComponent(p.text)}`, { headers });
        await res.arrayBuffer();
        http[p.kind].push(performance.now() - t);
      }
    }
    for (const kind of KINDS) {
      const o = stats(http[kind]);
      const f = stats(floor[kind]);
      row(`palette ${kind} lookup p50 / p95`, `${ms(o.p50)} / ${ms(o.p95)}`, `${ms(f.p50)} / ${ms(f.p95)} (bare pg)`);
    }
    const all = stats(Object.values(http).flat());
    row('palette lookups, max of all', ms(all.max), ms(stats(Object.values(floor).flat()).max));

    // Key press to painted in Chromium.
    const browser = await launch();
    try {
      const page = await preparePage(await browser.newPage());
      await page.goto(`${app.url}/users/sign-in`);
      await page.getByLabel('E-mail').fill('bench@remit.test');
      await page.getByLabel('Password').fill('bench-password-123');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${app.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.evaluate(() => window.addEventListener('keydown', (e) => ((window as unknown as { __lastKey: number }).__lastKey = e.timeStamp), true));
      // Warm: the palette's code loaded, the connections open.
      await keyToPaint(page, probes[0].text, probes[0].first);
      const painted: Record<Kind, number[]> = { payments: [], vendors: [], contracts: [] };
      const commands: number[] = [];
      for (let round = 0; round < BROWSER_ROUNDS; round++) {
        for (const p of probes) {
          painted[p.kind].push(await keyToPaint(page, p.text, p.first));
          commands.push(await keyToPaint(page, p.text));
        }
      }
      const c = stats(commands);
      for (const kind of KINDS) {
        const o = stats(painted[kind]);
        row(`palette ${kind}: key to painted p50 / p95`, `${ms(o.p50)} / ${ms(o.p95)}`, `${ms(c.p50)} / ${ms(c.p95)} (key echoed)`);
      }
    } finally {
      await browser.close();
    }
    // Backends report their counters within PostgreSQL's stats interval (10 s when idle).
    await new Promise((r) => setTimeout(r, 11_000));
    row('sequential scans during the lookups', String((await seqScans(db)) - scans), '0 (every step from an index)');
  } finally {
    await db.destroy();
    await app.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
