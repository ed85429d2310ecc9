import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { setupApi } from '../support/api.js';

const api = setupApi({ jobs: true });

const jobState = async (id: string) =>
  (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${id}::uuid`.execute(api.db)).rows[0]?.state;

describe('jobs', () => {
  it('an entity has a pending job from send until its handler finished', async () => {
    const entity = { type: 'JobTestThing', id: 1 };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: unknown[] = [];
    await api.ctx.jobs.work<{ n: number }>('test-slow', async (data) => {
      seen.push(data);
      await gate;
    });

    expect(await api.ctx.jobs.pending(entity)).toBe(false);
    const id = await api.ctx.jobs.send('test-slow', { n: 42 }, entity);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await api.ctx.jobs.pending(entity)).toBe(true);
    expect(await api.ctx.jobs.pending({ type: 'JobTestThing', id: 2 })).toBe(false);
    expect(await api.ctx.jobs.pending({ type: 'OtherThing', id: 1 })).toBe(false);

    // Running, not finished: still pending.
    await vi.waitFor(() => expect(seen).toEqual([{ n: 42 }]), { timeout: 10_000, interval: 50 });
    expect(await jobState(id)).toBe('active');
    expect(await api.ctx.jobs.pending(entity)).toBe(true);

    release();
    await vi.waitFor(async () => expect(await api.ctx.jobs.pending(entity)).toBe(false), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => expect(await jobState(id)).toBe('completed'), { timeout: 10_000, interval: 50 });
  });

  it('a backlog is worked off at once, and leaves no entity pending', async () => {
    const ids = [11, 12, 13, 14, 15];
    // Sent before any worker exists: a backlog, as after a restart.
    for (const id of ids) await api.ctx.jobs.send('test-backlog', { id }, { type: 'JobTestThing', id });
    for (const id of ids) expect(await api.ctx.jobs.pending({ type: 'JobTestThing', id })).toBe(true);
    const done: number[] = [];
    const started = Date.now();
    await api.ctx.jobs.work<{ id: number }>('test-backlog', async ({ id }) => {
      done.push(id);
    });
    await vi.waitFor(() => expect([...done].sort()).toEqual(ids), { timeout: 15_000, interval: 20 });
    // pg-boss fetches one job per poll (2 s); five jobs must not take four polls.
    expect(Date.now() - started).toBeLessThan(4000);
    await vi.waitFor(
      async () => {
        for (const id of ids) expect(await api.ctx.jobs.pending({ type: 'JobTestThing', id })).toBe(false);
      },
      { timeout: 5_000, interval: 20 },
    );
  });

  it('a job sent while its worker waits starts at once', async () => {
    let ranAt = 0;
    await api.ctx.jobs.work('test-wake', async () => {
      ranAt = Date.now();
    });
    // Let the worker's first poll find nothing, so it waits for the next one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sentAt = Date.now();
    await api.ctx.jobs.send('test-wake', {}, { type: 'JobTestThing', id: 30 });
    await vi.waitFor(() => expect(ranAt).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    expect(ranAt - sentAt).toBeLessThan(1500);
  });

  it('a failing job stays pending while it is retried, and ends when a retry succeeds', async () => {
    const entity = { type: 'JobTestThing', id: 3 };
    let attempts = 0;
    await api.ctx.jobs.work('test-flaky', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('the first attempt fails');
    });
    const id = await api.ctx.jobs.send('test-flaky', {}, entity);

    await vi.waitFor(async () => expect(await jobState(id)).toBe('retry'), { timeout: 10_000, interval: 50 });
    expect(attempts).toBe(1);
    expect(await api.ctx.jobs.pending(entity)).toBe(true);

    await vi.waitFor(async () => expect(await api.ctx.jobs.pending(entity)).toBe(false), { timeout: 20_000, interval: 100 });
    expect(attempts).toBe(2);
  });
});
