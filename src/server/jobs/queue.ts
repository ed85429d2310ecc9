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
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  };
  return {
    async work(name, handler) {
      await ensureQueue(name);
      const finish = (id: string) => db.updateTable('job_links').set({ finished_at: new Date() }).where('job_id', '=', id).execute();
      await boss.work(name, { includeMetadata: true }, async (jobs) => {
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
      });
    },
    async send(name, data, entity) {
      await ensureQueue(name);
      const id = await boss.send(name, data as object, { retryLimit: 3, retryBackoff: true });
      if (!id) throw new Error(`job ${name} was not queued`);
      await db.insertInto('job_links').values({ job_id: id, name, entity_type: entity.type, entity_id: entity.id }).execute();
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
