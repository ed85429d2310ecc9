import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectPidFile } from '../../src/server/db/embedded-recovery.js';

/**
 * The real app on its own embedded PostgreSQL, started as `npm start` would, killed with SIGKILL and
 * started again. Slow (a PostgreSQL cluster is created), so one file covers every left-over case.
 */

let dataDir: string;
const started: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface App {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(port: number, pgPort: number): App {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DEMO: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves when the app answers, rejects when it exits first. */
async function serving(app: App, port: number): Promise<void> {
  let gone = false;
  void app.exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`the app exited: ${app.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/config/locales/en.json`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(app: App): Promise<void> {
  app.child.kill('SIGINT');
  const code = await app.exited;
  expect(code, app.output()).toBe(0);
}

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  await Promise.all(started.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.on('exit', r)) : undefined)));
  // A server some failed step left behind: stop it before removing its directory.
  const left = dataDir ? await inspectPidFile(path.join(dataDir, 'pg')) : { kind: 'none' as const };
  if (left.kind === 'orphan') {
    process.kill(left.pid, 'SIGINT');
    // Removing its directory while it still writes its shutdown checkpoint fails with ENOTEMPTY.
    while ((await inspectPidFile(path.join(dataDir, 'pg'))).kind === 'orphan') await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}, 120_000);

describe('start-up after a crash', () => {
  it('recovers from kill -9, refuses to share a running data directory, and clears a stale pid file', { timeout: 240_000 }, async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'remit-crash-'));
    await fs.chmod(dataDir, 0o755);
    const [port, pgPort, otherPort] = [await freePort(), await freePort(), await freePort()];
    const pgDir = path.join(dataDir, 'pg');

    const first = start(port, pgPort);
    await serving(first, port);
    first.child.kill('SIGKILL');
    await first.exited;
    // The database outlives the app.
    expect((await inspectPidFile(pgDir)).kind).toBe('orphan');

    const second = start(port, pgPort);
    await serving(second, port);

    // A second start on the same data directory while one runs names the reason, and stops nothing.
    const intruder = start(otherPort, pgPort);
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toMatch(/Remit failed to start: the data directory .* is in use by another running Remit \(process \d+\)/);
    expect(intruder.output()).not.toContain('unknown error');
    expect((await fetch(`http://127.0.0.1:${port}/config/locales/en.json`)).status).toBe(200);
    await stop(second);
    expect((await inspectPidFile(pgDir)).kind).toBe('none');

    // A pid file naming a live process that is not this directory's server (a pid reused after a reboot).
    await fs.writeFile(path.join(pgDir, 'postmaster.pid'), `${process.pid}\n${pgDir}\n`);
    expect((await inspectPidFile(pgDir)).kind).toBe('stale');
    const third = start(port, pgPort);
    await serving(third, port);
    await stop(third);
  });
});
