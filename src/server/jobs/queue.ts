import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connection.js';
import type { JobState } from './tables.js';

/** What a handler is given. At-least-once: a handler must be safe to run again. */
export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  /**
   * The progress an earlier attempt recorded (undefined on a fresh job): a handler re-run after a
   * failure or a crash continues from here instead of doing its work twice.
   */
  resumed: Progress | undefined;
  /**
   * Records progress on the job's link. Given the transaction that did the step, the step and its
   * progress commit together, so a re-run never repeats a step it sees as done.
   */
  progress(done: number, total: number, message?: string, trx?: Db): Promise<void>;
}

export interface Progress {
  done: number;
  total: number;
  message: string | null;
}

/** A job that failed for good: its name, the error it ended with, and when. */
export interface JobFailure {
  name: string;
  message: string;
  failed_at: Date;
}

/** A module's job: its worker, its retry policy and, optionally, a cron schedule (UTC). */
export interface JobDefinition<T extends object = object> {
  name: string;
  run(job: Job<T>, ctx: AppContext): Promise<void>;
  /** e.g. `{ cron: '30 3 * * *' }`: daily at 03:30 UTC. */
  schedule?: { cron: string; data?: T };
  /** pg-boss queue policy: `singleton` / `stately` make `singletonKey` hold one job per key. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** Workers of this queue per process (default 1): jobs that may run long get more, so one cannot hold up the rest. */
  workers?(config: AppContext['config']): number;
}

/** Types a definition's data for `run` while keeping the list of definitions one type. */
export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition {
  return definition as unknown as JobDefinition;
}

/** The caller's write: its transaction, and where to wake this process's workers once it committed. */
export interface InTransaction {
  trx: Db;
  afterCommit?(fn: () => Promise<void>): void;
}

export interface SendOptions {
  /** The entity the job works on: it answers `jobs_pending` until the job ends. */
  entity?: { type: string; id: number };
  /** At most one job of this name with this key, ever (ours, in `job_links`): a second send returns null. */
  key?: string;
  /** pg-boss's singleton key, for the queue's policy (one queued / active job per key). */
  singletonKey?: string;
  startAfter?: Date;
  /** pg-boss fetches higher first (default 0), then older first. */
  priority?: number;
}

export interface Jobs {
  /** Creates the queues, starts the workers and registers the schedules of these definitions (once per name). */
  register(definitions: readonly JobDefinition[], ctx: AppContext): Promise<void>;
  /**
   * Sends a job inside the caller's transaction: the job and its link exist exactly when that
   * transaction commits. Answers the job id, or null when `key` was sent before. Given the pool
   * instead, it sends in a transaction of its own.
   */
  send<T extends object>(w: InTransaction | Db, name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Sends many jobs of one name inside the caller's transaction in two statements, however many there
   * are (the links, then pg-boss's batch insert). Without singleton keys, so only `key` can refuse one:
   * answers the ids of those sent.
   */
  sendMany<T extends object>(w: InTransaction, name: string, jobs: readonly { data: T; options?: Pick<SendOptions, 'entity' | 'key'> }[]): Promise<string[]>;
  /** Which of these entities still have unfinished jobs, in one query. */
  pendingFor(type: string, ids: readonly number[]): Promise<Set<number>>;
  /** Per entity, its newest job when that one failed for good: what a screen says went wrong (a later job clears it). */
  lastFailures(type: string, ids: readonly number[]): Promise<Map<number, JobFailure>>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  connectionString: string;
  db: Db;
  onError: (e: unknown) => void;
  /**
   * A process that has not touched its `job_workers` row for this long is gone: its active jobs go back
   * to pg-boss for their retry (default 60 s; it touches the row every tenth of that).
   */
  staleWorkerSeconds?: number;
}

const SCHEMA = 'pgboss';
const bossOptions = (connectionString: string, max: number) => ({ connectionString, max, schema: SCHEMA });

/** Creates pg-boss's tables on a database (tests do it once on their template database). */
export async function installJobSchema(connectionString: string): Promise<void> {
  const boss = new PgBoss({ ...bossOptions(connectionString, 1), supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}

/** pg-boss as it reads and writes through a Kysely transaction. */
const through = (trx: Db) => ({
  executeSql: async (text: string, values?: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])),
});

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}

/** pg-boss on the application's database, with `job_links` beside it. */
export async function startJobs(opts: JobsOptions): Promise<Jobs> {
  const boss = new PgBoss(bossOptions(opts.connectionString, 4));
  boss.on('error', opts.onError);
  await boss.start();
  const { db } = opts;
  const known = new Set<string>();
  /** This process's workers per queue: a job sent here wakes them instead of waiting for their poll. */
  const workers = new Map<string, string[]>();

  const link = (id: string) => db.updateTable('job_links').where('job_id', '=', id);
  const self = randomUUID();
  const stale = opts.staleWorkerSeconds ?? 60;
  await db.insertInto('job_workers').values({ id: self }).execute();
  const heartbeat = setInterval(() => void alive().catch(opts.onError), (stale * 1000) / 10);
  heartbeat.unref();

  /** Touches this process's row (made again if a sweep took it), then hands back the jobs of processes gone. */
  async function alive() {
    await db.insertInto('job_workers').values({ id: self }).onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: sql`now()` })).execute();
    await recover();
  }

  /**
   * The jobs pg-boss still has active for processes that stopped touching their row (or stopped): pg-boss
   * fails each, so its retry follows as after a thrown error, and an active link is queued again. pg-boss's
   * state decides, not the link's: a process may die after its handler finished and before pg-boss heard.
   * A job that ended meanwhile is no longer active, so two processes sweeping at once fail it once.
   */
  async function recover() {
    const goneWorkers = sql`SELECT id FROM job_workers WHERE seen_at < now() - make_interval(secs => ${stale}) AND id <> ${self}`;
    const liveWorkers = sql`SELECT id FROM job_workers WHERE seen_at >= now() - make_interval(secs => ${stale}) OR id = ${self}`;
    // Also a job pg-boss handed out whose pick-up was never recorded (the process died between pg-boss's fetch
    // and the link's update): active for longer than a live worker takes to record it, and no live worker's.
    const gone = await sql<{ job_id: string; name: string }>`
      SELECT j.id AS job_id, j.name FROM ${sql.table(`${SCHEMA}.job`)} j
      LEFT JOIN job_links l ON l.name = j.name AND l.job_id = j.id
      WHERE j.state = 'active' AND j.name = ANY(${[...known]}::text[])
        AND (l.worker_id IN (${goneWorkers})
          OR (j.started_on < now() - make_interval(secs => ${stale}) AND (l.worker_id IS NULL OR l.worker_id NOT IN (${liveWorkers}))))`.execute(db);
    for (const job of gone.rows) {
      await boss.fail(job.name, job.job_id, { message: 'its worker process stopped' });
      await link(job.job_id).where('state', '=', 'active').set({ state: 'queued', last_error: 'its worker process stopped', updated_at: new Date() }).execute();
    }
    // A gone process's row goes once pg-boss has none of its jobs active.
    await sql`DELETE FROM job_workers w WHERE w.id IN (${goneWorkers}) AND NOT EXISTS (
      SELECT 1 FROM job_links l JOIN ${sql.table(`${SCHEMA}.job`)} j ON j.name = l.name AND j.id = l.job_id
      WHERE l.worker_id = w.id AND j.state = 'active')`.execute(db);
  }

  async function startWorker(definition: JobDefinition, ctx: AppContext) {
    const ids: string[] = [];
    for (let n = definition.workers?.(ctx.config) ?? 1; n > 0; n--) ids.push(await startOneWorker(definition, ctx));
    workers.set(definition.name, ids);
  }

  async function startOneWorker(definition: JobDefinition, ctx: AppContext): Promise<string> {
    let workerId = '';
    workerId = await boss.work(definition.name, { includeMetadata: true, batchSize: 1 }, async ([job]) => {
      // A scheduled job has no link yet; a sent one has, and a re-run keeps its progress.
      const row = await db
        .insertInto('job_links')
        .values({ job_id: job.id, name: job.name, state: 'active', attempts: 1, worker_id: self })
        .onConflict((oc) =>
          oc.column('job_id').doUpdateSet({ state: 'active', attempts: sql`job_links.attempts + 1`, worker_id: self, updated_at: new Date() }),
        )
        .returning(['progress_done', 'progress_total', 'progress_message'])
        .executeTakeFirstOrThrow();
      const resumed =
        row.progress_done === null ? undefined : { done: row.progress_done, total: row.progress_total ?? 0, message: row.progress_message };
      try {
        await definition.run(
          {
            id: job.id,
            name: job.name,
            data: job.data as object,
            retryCount: job.retryCount,
            resumed,
            async progress(done, total, message, trx) {
              await (trx ?? db)
                .updateTable('job_links')
                .set({ progress_done: done, progress_total: total, progress_message: message ?? null, updated_at: new Date() })
                .where('job_id', '=', job.id)
                .execute();
            },
          },
          ctx,
        );
      } catch (error) {
        // pg-boss retries it unless this was the last attempt: until then the entity stays pending.
        const last = job.retryCount >= job.retryLimit;
        await link(job.id)
          .set({ state: last ? 'failed' : 'queued', last_error: errorText(error), finished_at: last ? new Date() : null, updated_at: new Date() })
          .execute();
        throw error;
      }
      await link(job.id).set({ state: 'completed', finished_at: new Date(), updated_at: new Date() }).execute();
      // pg-boss fetches one batch per poll: after a job, look for the next one at once, so a backlog
      // is worked off without waiting a poll interval per job.
      boss.notifyWorker(workerId);
    });
    return workerId;
  }

  function mustKnow(name: string) {
    if (!known.has(name)) throw new Error(`job ${name} is not registered`);
  }

  /** Once the sending transaction commits, this process's worker of `name` looks for it at once instead of at its next poll. */
  function wakeAfterCommit(w: InTransaction, name: string) {
    const ids = workers.get(name);
    if (ids) w.afterCommit?.(async () => ids.forEach((id) => boss.notifyWorker(id)));
  }

  async function sendIn(w: InTransaction, name: string, data: object, options: SendOptions): Promise<string | null> {
    mustKnow(name);
    const id = randomUUID();
    // The link first, in the same transaction: a second send with the same key stops here.
    const linked = await w.trx
      .insertInto('job_links')
      .values({ job_id: id, name, entity_type: options.entity?.type ?? null, entity_id: options.entity?.id ?? null, idempotency_key: options.key ?? null })
      .onConflict((oc) => oc.columns(['name', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
      .returning('job_id')
      .executeTakeFirst();
    if (!linked) return null;
    const queued = await boss.send(name, data, {
      id,
      db: through(w.trx),
      singletonKey: options.singletonKey,
      startAfter: options.startAfter,
      // pg-boss refuses a `priority` key that is not an integer, undefined included.
      ...(options.priority === undefined ? {} : { priority: options.priority }),
    });
    if (!queued) {
      // A singleton policy refused it: no job, so no link either.
      await w.trx.deleteFrom('job_links').where('job_id', '=', id).execute();
      return null;
    }
    wakeAfterCommit(w, name);
    return id;
  }

  async function sendManyIn(w: InTransaction, name: string, jobs: readonly { data: object; options?: Pick<SendOptions, 'entity' | 'key'> }[]): Promise<string[]> {
    mustKnow(name);
    if (jobs.length === 0) return [];
    const ids = jobs.map(() => randomUUID());
    const linked = await sql<{ job_id: string }>`
      INSERT INTO job_links (job_id, name, entity_type, entity_id, idempotency_key)
      SELECT j.id, ${name}, j.entity_type, j.entity_id, j.key
      FROM unnest(${ids}::uuid[], ${jobs.map((j) => j.options?.entity?.type ?? null)}::text[], ${jobs.map((j) => j.options?.entity?.id ?? null)}::bigint[],
                  ${jobs.map((j) => j.options?.key ?? null)}::text[]) AS j(id, entity_type, entity_id, key)
      ON CONFLICT (name, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
      RETURNING job_id`.execute(w.trx);
    const sent = new Set(linked.rows.map((r) => r.job_id));
    const inserts = jobs.flatMap((j, i) => (sent.has(ids[i]) ? [{ id: ids[i], name, data: j.data }] : []));
    if (inserts.length > 0) {
      await boss.insert(inserts, { db: through(w.trx) });
      wakeAfterCommit(w, name);
    }
    return inserts.map((j) => j.id);
  }

  return {
    async register(definitions, ctx) {
      for (const definition of definitions) {
        if (known.has(definition.name)) continue;
        known.add(definition.name);
        await boss.createQueue(definition.name, {
          name: definition.name,
          policy: definition.policy ?? 'standard',
          retryLimit: definition.retryLimit ?? 3,
          retryDelay: definition.retryDelaySeconds ?? 5,
          retryBackoff: definition.retryBackoff ?? true,
          expireInSeconds: definition.expireInSeconds ?? 15 * 60,
        });
        if (definition.schedule) await boss.schedule(definition.name, definition.schedule.cron, definition.schedule.data ?? {}, { tz: 'UTC' });
        await startWorker(definition, ctx);
      }
    },

    async send(target, name, data, options = {}) {
      if ('trx' in target) return sendIn(target, name, data, options);
      let wake: (() => Promise<void>) | undefined;
      const id = await target.transaction().execute((trx) => sendIn({ trx, afterCommit: (fn) => (wake = fn) }, name, data, options));
      await wake?.();
      return id;
    },

    sendMany: (w, name, jobs) => sendManyIn(w, name, jobs),

    async pendingFor(type, ids) {
      if (ids.length === 0) return new Set();
      // pg-boss's own state decides, so a job it expired or failed (a crashed worker) ends being pending.
      const rows = await sql<{ entity_id: number }>`
        SELECT DISTINCT l.entity_id FROM job_links l
        JOIN ${sql.table(`${SCHEMA}.job`)} j ON j.name = l.name AND j.id = l.job_id
        WHERE l.entity_type = ${type} AND l.entity_id = ANY(${[...ids]}::bigint[])
          AND l.state IN ('queued', 'active') AND j.state IN ('created', 'retry', 'active')`.execute(db);
      return new Set(rows.rows.map((r) => Number(r.entity_id)));
    },

    async lastFailures(type, ids) {
      if (ids.length === 0) return new Map();
      const rows = await sql<{ entity_id: number; name: string; state: JobState; last_error: string | null; updated_at: Date }>`
        SELECT DISTINCT ON (entity_id) entity_id, name, state, last_error, updated_at FROM job_links
        WHERE entity_type = ${type} AND entity_id = ANY(${[...ids]}::bigint[])
        ORDER BY entity_id, created_at DESC, job_id DESC`.execute(db);
      return new Map(
        rows.rows.filter((r) => r.state === 'failed').map((r) => [Number(r.entity_id), { name: r.name, message: r.last_error ?? '', failed_at: r.updated_at }]),
      );
    },

    async stop() {
      clearInterval(heartbeat);
      await boss.stop({ graceful: true, timeout: 10_000 });
      // Gone: what it still had active (a stop that timed out) is retried by the next process's sweep.
      await db.updateTable('job_workers').set({ seen_at: new Date(0) }).where('id', '=', self).execute().catch(() => undefined);
    },
  };
}
