import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Db } from '../db/connection.js';
import '../modules/audit/tables.js';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface Jobs {
  /** Registers a queue and its worker (at most once per name). */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Sends a job that belongs to an entity, so the entity can answer `jobs_pending`. */
  send<T extends object>(name: string, data: T, entity: { type: string; id: number }): Promise<string>;
  /** Whether an entity still has unfinished jobs. */
  pending(entity: { type: string; id: number }): Promise<boolean>;
  stop(): Promise<void>;
}

/** pg-boss on the application's database. At-least-once: handlers must be idempotent. */
export async function startJobs(opts: { connectionString: string; db: Db; onError: (e: unknown) => void }): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: opts.connectionString, max: 4, schema: 'pgboss' });
  boss.on('error', opts.onError);
  await boss.start();
  const { db } = opts;
  const queues = new Set<string>();
  /** This process's workers per queue: a job sent here wakes them instead of waiting for their poll. */
  const workers = new Map<string, string[]>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  };
  return {
    async work(name, handler) {
      await ensureQueue(name);
      const finish = (id: string) => db.updateTable('job_links').set({ finished_at: new Date() }).where('job_id', '=', id).execute();
      let workerId = '';
      workerId = await boss.work(name, { includeMetadata: true }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data as never);
          } catch (error) {
            // The job stays pending while pg-boss will retry it; the last failure ends it.
            if (job.retryCount >= job.retryLimit) await finish(job.id);
            throw error;
          }
          await finish(job.id);
        }
        // pg-boss fetches one job per poll (every 2 s): after a job, look for the next one at once, so a
        // backlog is worked off without waiting a poll interval per job.
        boss.notifyWorker(workerId);
      });
      workers.set(name, [...(workers.get(name) ?? []), workerId]);
    },
    async send(name, data, entity) {
      await ensureQueue(name);
      // The link is written before the job exists: a worker may finish the job before `send` returns,
      // and its `finish` must find the link (else the entity would stay pending for ever).
      const id = randomUUID();
      await db.insertInto('job_links').values({ job_id: id, name, entity_type: entity.type, entity_id: entity.id }).execute();
      try {
        const queued = await boss.send(name, data as object, { id, retryLimit: 3, retryBackoff: true });
        if (!queued) throw new Error(`job ${name} was not queued`);
      } catch (error) {
        await db.deleteFrom('job_links').where('job_id', '=', id).execute();
        throw error;
      }
      for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      return id;
    },
    async pending(entity) {
      const row = await db
        .selectFrom('job_links')
        .select('job_id')
        .where('entity_type', '=', entity.type)
        .where('entity_id', '=', entity.id)
        .where('finished_at', 'is', null)
        .executeTakeFirst();
      return Boolean(row);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
