import { type ChildProcess, fork } from 'node:child_process';
import { sql } from 'kysely';
import pg from 'pg';
import { expect, vi } from 'vitest';
import type { ApiHarness } from './api.js';

/**
 * For the killed-worker tests: a jobs worker in a process of its own (`jobs-worker.ts`) on the test's
 * database and data directory, and the restart after its SIGKILL.
 */
/** The jobs the worker sends: a payment run or revenue job of a payout, a publish or files of a bucket, an import of a payout file, a payment's mail. */
export type WorkerJob = 'payments' | 'publish' | 'files' | 'import' | 'allocate' | 'release' | 'creditNoteMail' | 'invoiceMail';

export interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
  exited: Promise<void>;
  /** Sends that job for entity `id` through the worker (`types`: the revenue types to allocate or release); answers the job's id. */
  send(kind: WorkerJob, id: number, types?: string[]): Promise<string>;
}

const children: ChildProcess[] = [];

export function startWorker(api: ApiHarness, env: Record<string, string> = {}): Worker {
  const child = fork('tests/support/jobs-worker.ts', [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: api.databaseUrl, DATA_DIR: api.dataDir, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (m) => m === 'ready' && resolve());
    child.on('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready`)));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const send = (kind: WorkerJob, id: number, types?: string[]) => {
    const sent = new Promise<string>((resolve) => child.on('message', (m: { sent?: string }) => m.sent && resolve(m.sent)));
    child.send({ send: kind, id, types });
    return sent;
  };
  return { child, ready, exited, send };
}

/** Kills what a failed test left running (afterAll). */
export function killWorkers(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * After the first worker's SIGKILL: nobody completes its job, and pg-boss keeps it active. The restarted worker
 * finds the killed process's `job_workers` row untouched (`JOB_WORKER_STALE_SECONDS` 2 here, 60 by default),
 * hands the job back to pg-boss and works its retry: its `job_links` row completes and `until` holds (what the
 * job sent on, done by the same worker). No expiry is faked: this is the recovery a real restart gets.
 */
export async function finishWithRestartedWorker(api: ApiHarness, jobId: string, opts: { env?: Record<string, string>; until?: () => Promise<void> } = {}): Promise<void> {
  const job = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${jobId}`.execute(api.db);
  expect(job.rows).toEqual([{ state: 'active' }]);
  const second = startWorker(api, { JOB_WORKER_STALE_SECONDS: '2', ...opts.env });
  try {
    await second.ready;
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ state: string }>`SELECT state FROM job_links WHERE job_id = ${jobId}`.execute(api.db);
        expect(rows).toEqual([{ state: 'completed' }]);
        await opts.until?.();
      },
      { timeout: 90_000, interval: 100 },
    );
  } finally {
    second.child.kill('SIGINT');
    await second.exited;
  }
}

/** A transaction of the test's own, holding what its statements locked (a row the job needs) until `release`. */
export async function hold(api: ApiHarness, ...statements: [text: string, values: unknown[]][]): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: api.databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  for (const [text, values] of statements) await client.query(text, values);
  return {
    async release() {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

/** The backend waiting for a lock in a statement like `pattern` (ILIKE): the job is there, in the middle of its work. Expects exactly one. */
export async function waitingIn(api: ApiHarness, pattern: string): Promise<number> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ${pattern}`.execute(api.db);
  expect(rows).toHaveLength(1);
  return rows[0].pid;
}

/** SIGKILLs the worker while its backend `pid` waits, lets the held lock go and waits until that backend is gone (its transaction rolled back). */
export async function killMidRun(api: ApiHarness, worker: Worker, held: { release(): Promise<void> }, pid: number): Promise<void> {
  worker.child.kill('SIGKILL');
  await worker.exited;
  await held.release();
  await backendGone(api, pid);
}

/** Waits until the worker's backend of a killed worker is gone (it ends when it reads its closed connection: its transaction rolls back). */
export async function backendGone(api: ApiHarness, pid: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await sql`SELECT 1 FROM pg_stat_activity WHERE pid = ${pid}`.execute(api.db);
      expect(rows).toEqual([]);
    },
    { timeout: 30_000, interval: 50 },
  );
}
