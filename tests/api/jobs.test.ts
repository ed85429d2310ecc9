import { randomUUID } from 'node:crypto';
import { type KyselyPlugin, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { defineJob, type JobDefinition, startJobs } from '../../src/server/jobs/queue.js';
import { setupApi } from '../support/api.js';

const api = setupApi();

const register = (...definitions: JobDefinition[]) => api.ctx.jobs.register(definitions, { ...api.ctx, log: api.app.log });
const jobState = async (id: string) =>
  (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${id}::uuid`.execute(api.db)).rows[0]?.state;
const linkOf = (id: string) => api.db.selectFrom('job_links').selectAll().where('job_id', '=', id).executeTakeFirst();
const pending = async (type: string, id: number) => (await api.ctx.jobs.pendingFor(type, [id])).has(id);
const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 20_000, interval: 25 });

describe('jobs', () => {
  it('an entity has a pending job from send until its handler finished', async () => {
    const entity = { type: 'JobTestThing', id: 1 };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: unknown[] = [];
    await register(
      defineJob<{ n: number }>({
        name: 'test-slow',
        async run(job) {
          seen.push(job.data);
          await gate;
        },
      }),
    );

    expect(await pending('JobTestThing', 1)).toBe(false);
    const id = (await api.ctx.jobs.send(api.db, 'test-slow', { n: 42 }, { entity }))!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await pending('JobTestThing', 1)).toBe(true);
    expect(await pending('JobTestThing', 2)).toBe(false);
    expect(await pending('OtherThing', 1)).toBe(false);

    // Running, not finished: still pending.
    await waitFor(() => expect(seen).toEqual([{ n: 42 }]));
    expect(await jobState(id)).toBe('active');
    expect((await linkOf(id))?.state).toBe('active');
    expect(await pending('JobTestThing', 1)).toBe(true);

    release();
    await waitFor(async () => expect(await pending('JobTestThing', 1)).toBe(false));
    await waitFor(async () => expect(await jobState(id)).toBe('completed'));
    expect((await linkOf(id))?.state).toBe('completed');
  });

  it('several jobs are all worked off, and leave no entity pending', async () => {
    const ids = [11, 12, 13, 14, 15];
    const done: number[] = [];
    const backlog = defineJob<{ id: number }>({
      name: 'test-backlog',
      async run({ data }) {
        done.push(data.id);
      },
    });
    await register(backlog);
    for (const id of ids) await api.ctx.jobs.send(api.db, 'test-backlog', { id }, { entity: { type: 'JobTestThing', id } });
    await waitFor(() => expect([...done].sort()).toEqual(ids));
    await waitFor(async () => expect(await api.ctx.jobs.pendingFor('JobTestThing', ids)).toEqual(new Set()));
  });

  it('a job sent in a transaction that rolls back never exists and never runs', async () => {
    let runs = 0;
    await register(defineJob({ name: 'test-rollback', run: async () => void (runs += 1) }));
    let sentId: string | null = null;
    await expect(
      api.db.transaction().execute(async (trx) => {
        sentId = await api.ctx.jobs.send({ trx }, 'test-rollback', {}, { entity: { type: 'JobTestThing', id: 40 } });
        throw new Error('the write fails after sending');
      }),
    ).rejects.toThrow('the write fails');
    expect(sentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobState(sentId!)).toBeUndefined();
    expect(await linkOf(sentId!)).toBeUndefined();
    expect(await pending('JobTestThing', 40)).toBe(false);

    // A job sent and committed after it runs; the rolled-back one still never does.
    const committed = await api.db.transaction().execute((trx) => api.ctx.jobs.send({ trx }, 'test-rollback', {}));
    await waitFor(async () => expect(await jobState(committed!)).toBe('completed'));
    expect(runs).toBe(1);
  });

  it('a job retried after its handler threw does each step once, resuming from its recorded progress', async () => {
    await api.db.schema.createTable('job_test_steps').addColumn('step', 'integer', (c) => c.primaryKey()).execute();
    const attempts: { retryCount: number; resumed: unknown }[] = [];
    await register(
      defineJob({
        name: 'test-resume',
        retryDelaySeconds: 0,
        retryBackoff: false,
        async run(job) {
          attempts.push({ retryCount: job.retryCount, resumed: job.resumed });
          for (let step = (job.resumed?.done ?? 0) + 1; step <= 3; step++) {
            // A step and its progress commit together.
            await api.db.transaction().execute(async (trx) => {
              await sql`INSERT INTO job_test_steps (step) VALUES (${step})`.execute(trx);
              await job.progress(step, 3, `step ${step}`, trx);
            });
            if (step === 2 && job.retryCount === 0) throw new Error('the worker fails after step 2');
          }
        },
      }),
    );
    const id = (await api.ctx.jobs.send(api.db, 'test-resume', {}, { entity: { type: 'JobTestThing', id: 50 } }))!;
    await waitFor(async () => expect(await jobState(id)).toBe('completed'));
    // Inserting a step twice would have failed on the primary key.
    expect((await sql<{ step: number }>`SELECT step FROM job_test_steps ORDER BY step`.execute(api.db)).rows).toEqual([{ step: 1 }, { step: 2 }, { step: 3 }]);
    expect(attempts).toEqual([
      { retryCount: 0, resumed: undefined },
      { retryCount: 1, resumed: { done: 2, total: 3, message: 'step 2' } },
    ]);
    expect(await linkOf(id)).toMatchObject({ state: 'completed', attempts: 2, progress_done: 3, progress_total: 3, progress_message: 'step 3' });
  });

  it('records the last error, keeps the entity pending between attempts and ends it when the last one fails', async () => {
    let attempts = 0;
    await register(
      defineJob({
        name: 'test-failing',
        retryLimit: 1,
        retryDelaySeconds: 0,
        retryBackoff: false,
        async run(job) {
          attempts += 1;
          await job.progress(attempts, 2);
          throw new Error(`attempt ${attempts} failed`);
        },
      }),
    );
    const id = (await api.ctx.jobs.send(api.db, 'test-failing', {}, { entity: { type: 'JobTestThing', id: 60 } }))!;
    await waitFor(async () => expect(await jobState(id)).toBe('failed'));
    expect(attempts).toBe(2);
    await waitFor(async () => expect(await linkOf(id)).toMatchObject({ state: 'failed', last_error: 'attempt 2 failed', progress_done: 2, attempts: 2 }));
    expect((await linkOf(id))?.finished_at).toBeInstanceOf(Date);
    expect(await pending('JobTestThing', 60)).toBe(false);
  });

  it('a job pg-boss failed or expired on its own (a crashed worker) leaves its entity pending no longer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await register(defineJob({ name: 'test-orphaned', run: () => gate }));
    const id = (await api.ctx.jobs.send(api.db, 'test-orphaned', {}, { entity: { type: 'JobTestThing', id: 70 } }))!;
    await waitFor(async () => expect(await jobState(id)).toBe('active'));
    expect(await pending('JobTestThing', 70)).toBe(true);
    // What pg-boss's maintenance does to a job whose worker died: our handler never hears of it.
    await sql`UPDATE pgboss.job SET state = 'failed', completed_on = now() WHERE id = ${id}::uuid`.execute(api.db);
    expect((await linkOf(id))?.state).toBe('active');
    expect(await pending('JobTestThing', 70)).toBe(false);
    release();
  });

  it('an idempotency key sends a job at most once', async () => {
    let runs = 0;
    await register(defineJob({ name: 'test-keyed', run: async () => void (runs += 1) }));
    const first = await api.ctx.jobs.send(api.db, 'test-keyed', {}, { key: 'contract-9-terminate' });
    const second = await api.ctx.jobs.send(api.db, 'test-keyed', {}, { key: 'contract-9-terminate' });
    const other = await api.ctx.jobs.send(api.db, 'test-keyed', {}, { key: 'contract-10-terminate' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBeNull();
    expect(other).toMatch(/^[0-9a-f-]{36}$/);
    await api.settled();
    // After the first one finished too, the key still holds.
    expect(await api.ctx.jobs.send(api.db, 'test-keyed', {}, { key: 'contract-9-terminate' })).toBeNull();
    expect(runs).toBe(2);
  });

  it('sendMany sends many jobs in the caller’s transaction, each key at most once, and none when it rolls back', async () => {
    const seen: number[] = [];
    await register(defineJob<{ n: number }>({ name: 'test-many', run: async ({ data }) => void seen.push(data.n) }));
    const many = (ns: number[]) => ns.map((n) => ({ data: { n }, options: { key: `many-${n}`, entity: { type: 'JobManyThing', id: n } } }));
    await expect(
      api.db.transaction().execute(async (trx) => {
        expect(await api.ctx.jobs.sendMany({ trx }, 'test-many', many([1, 2]))).toHaveLength(2);
        throw new Error('the write fails after sending');
      }),
    ).rejects.toThrow('the write fails');
    expect(await api.db.selectFrom('job_links').select('job_id').where('name', '=', 'test-many').execute()).toEqual([]);

    const first = await api.db.transaction().execute((trx) => api.ctx.jobs.sendMany({ trx }, 'test-many', many([1, 2, 3])));
    // 2 and 3 were sent before: only 4 goes.
    const second = await api.db.transaction().execute((trx) => api.ctx.jobs.sendMany({ trx }, 'test-many', many([2, 3, 4])));
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(1);
    await waitFor(() => expect([...seen].sort()).toEqual([1, 2, 3, 4]));
    await waitFor(async () => expect(await api.ctx.jobs.pendingFor('JobManyThing', [1, 2, 3, 4])).toEqual(new Set()));
    for (const id of [...first, ...second]) expect(await jobState(id)).toBe('completed');
  });

  it('a job whose worker process is gone (its row no longer touched) is retried at once, not when its expiry passes', { timeout: 60_000 }, async () => {
    let runs = 0;
    await register(defineJob({ name: 'test-orphan', run: async () => void (runs += 1) }));
    // As a process left it when it died mid-run: the job active in pg-boss, its link naming a process whose row is stale.
    const orphan = async (worker: string) => {
      const id = (await api.ctx.jobs.send(api.db, 'test-orphan', {}, { startAfter: new Date(Date.now() + 3_600_000) }))!;
      await sql`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = ${id}::uuid`.execute(api.db);
      await api.db.updateTable('job_links').set({ state: 'active', worker_id: worker }).where('job_id', '=', id).execute();
      return id;
    };
    // One died while its handler ran, one after its handler finished (its link completed) before pg-boss heard.
    const dead = randomUUID();
    await api.db.insertInto('job_workers').values({ id: dead, started_at: new Date(Date.now() - 600_000), seen_at: new Date(Date.now() - 600_000) }).execute();
    const ids = [await orphan(dead), await orphan(dead)];
    await api.db.updateTable('job_links').set({ state: 'completed', finished_at: new Date() }).where('job_id', '=', ids[1]).execute();
    await waitFor(async () => {
      for (const id of ids) expect(await jobState(id)).toBe('completed');
    });
    expect(runs).toBe(2);
    for (const id of ids) expect(await linkOf(id)).toMatchObject({ state: 'completed', attempts: 1, worker_id: expect.any(String) });
    // The dead process's row is swept once nothing of it is active.
    await waitFor(async () => expect(await api.db.selectFrom('job_workers').select('id').where('id', '=', dead).execute()).toEqual([]));
  });

  it('a job pg-boss handed out whose pick-up was never recorded (the process died in between) is retried, not left to its expiry', { timeout: 60_000 }, async () => {
    let runs = 0;
    await register(defineJob({ name: 'test-unrecorded', run: async () => void (runs += 1) }));
    // Fetched by pg-boss a day ago, its link still as the sender wrote it (queued, no worker), or naming no live process.
    const fetched = async () => {
      const id = (await api.ctx.jobs.send(api.db, 'test-unrecorded', {}, { startAfter: new Date(Date.now() + 3_600_000) }))!;
      await sql`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 day' WHERE id = ${id}::uuid`.execute(api.db);
      return id;
    };
    const ids = [await fetched(), await fetched()];
    await api.db.updateTable('job_links').set({ worker_id: randomUUID() }).where('job_id', '=', ids[1]).execute();
    // A job a live process picked up a moment ago is its own: never taken from it.
    const fresh = (await api.ctx.jobs.send(api.db, 'test-unrecorded', {}, { startAfter: new Date(Date.now() + 3_600_000) }))!;
    await sql`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = ${fresh}::uuid`.execute(api.db);
    await waitFor(async () => {
      for (const id of ids) expect(await jobState(id)).toBe('completed');
    });
    expect(runs).toBe(2);
    expect(await jobState(fresh)).toBe('active');
  });

  it('a singleton key holds one queued job per key on a queue whose policy asks for it', async () => {
    await register(defineJob({ name: 'test-short', policy: 'short', run: async () => {} }));
    const later = new Date(Date.now() + 3600_000);
    const first = await api.ctx.jobs.send(api.db, 'test-short', {}, { singletonKey: 'vendor-7', startAfter: later, entity: { type: 'ShortThing', id: 7 } });
    const second = await api.ctx.jobs.send(api.db, 'test-short', {}, { singletonKey: 'vendor-7', startAfter: later, entity: { type: 'ShortThing', id: 7 } });
    const other = await api.ctx.jobs.send(api.db, 'test-short', {}, { singletonKey: 'vendor-8', startAfter: later });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBeNull();
    expect(other).toMatch(/^[0-9a-f-]{36}$/);
    // The refused send left no link behind.
    const links = await api.db.selectFrom('job_links').select('job_id').where('name', '=', 'test-short').execute();
    expect(links.map((l) => l.job_id).sort()).toEqual([first, other].sort());
  });

  it('pendingFor answers for many entities in one query', async () => {
    await register(defineJob({ name: 'test-never', run: async () => {} }));
    // Sent with a start in the future, so they stay queued.
    const later = new Date(Date.now() + 3600_000);
    for (const id of [101, 150, 199]) await api.ctx.jobs.send(api.db, 'test-never', {}, { entity: { type: 'ManyThing', id }, startAfter: later });
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => ((queries += 1), args.node),
      transformResult: async (args) => args.result,
    };
    // Its heartbeat (a tenth of an hour) stays out of the count; starting wrote the process's job_workers row.
    const jobs = await startJobs({ connectionString: api.databaseUrl, db: api.db.withPlugin(counting), onError: () => {}, staleWorkerSeconds: 3600 });
    queries = 0;
    try {
      const ids = Array.from({ length: 500 }, (_, i) => i + 1);
      expect(await jobs.pendingFor('ManyThing', ids)).toEqual(new Set([101, 150, 199]));
      expect(queries).toBe(1);
      expect(await jobs.pendingFor('ManyThing', [])).toEqual(new Set());
      expect(queries).toBe(1);
    } finally {
      await jobs.stop();
    }
  });

  it('registers a definition’s cron schedule with pg-boss', async () => {
    await register(defineJob({ name: 'test-daily', schedule: { cron: '15 4 * * *' }, run: async () => {} }));
    const { rows } = await sql<{ cron: string; timezone: string }>`SELECT cron, timezone FROM pgboss.schedule WHERE name = 'test-daily'`.execute(api.db);
    expect(rows).toEqual([{ cron: '15 4 * * *', timezone: 'UTC' }]);
  });

  it('refuses to send a job nobody registered', async () => {
    await expect(api.ctx.jobs.send(api.db, 'test-unknown', {})).rejects.toThrow('job test-unknown is not registered');
  });
});
