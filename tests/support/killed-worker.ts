import { type ChildProcess, fork } from 'node:child_process';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { expect, vi } from 'vitest';
import type { ApiHarness } from './api.js';

/**
 * For the killed-worker tests: a jobs worker in a process of its own (`payments-worker.ts`) on the test's
 * database and data directory, and the restart after its SIGKILL.
 */
export interface Worker {
  child: ChildProcess;
  ready: Promise<void>;
  exited: Promise<void>;
  /** Sends a payment run of payout `id` or a publish of bucket `id` through the worker; answers the job's id. */
  send(kind: 'payments' | 'publish', id: number): Promise<string>;
}

const children: ChildProcess[] = [];

export function startWorker(api: ApiHarness, env: Record<string, string> = {}): Worker {
  const child = fork('tests/support/payments-worker.ts', [], {
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
  const send = (kind: 'payments' | 'publish', id: number) => {
    const sent = new Promise<string>((resolve) => child.on('message', (m: { sent?: string }) => m.sent && resolve(m.sent)));
    child.send({ send: kind, id });
    return sent;
  };
  return { child, ready, exited, send };
}

/** Kills what a failed test left running (afterAll). */
export function killWorkers(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * After the first worker's SIGKILL: nobody completes its job, so pg-boss keeps it active until its expiry and
 * then retries it. The expiry is made to have passed, a supervisor expires it as any running instance's
 * maintenance would, and a restarted worker finishes it (its `job_links` row completed, and `until` holds: what
 * the job sent on, done by the same worker).
 */
export async function finishWithRestartedWorker(api: ApiHarness, jobId: string, opts: { env?: Record<string, string>; until?: () => Promise<void> } = {}): Promise<void> {
  const job = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${jobId}`.execute(api.db);
  expect(job.rows).toEqual([{ state: 'active' }]);
  await sql`UPDATE pgboss.job SET started_on = now() - expire_in - interval '1 second' WHERE id = ${jobId}`.execute(api.db);
  const supervisor = new PgBoss({ connectionString: api.databaseUrl, schema: 'pgboss', max: 1, schedule: false, maintenanceIntervalSeconds: 1 });
  supervisor.on('error', () => {});
  await supervisor.start();
  const second = startWorker(api, opts.env);
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
    await supervisor.stop({ graceful: false, wait: true });
    second.child.kill('SIGINT');
    await second.exited;
  }
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
