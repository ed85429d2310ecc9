import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { UNWATCHED_TABLES } from '../../src/server/db/change-triggers.js';
import { createDb, type Db } from '../../src/server/db/connection.js';
import { AnswerCache } from '../../src/server/http/answer-cache.js';
import { setupApi, type TestUser } from '../support/api.js';
import { withoutListener } from '../support/listener.js';

// A long lifetime: whatever changes an answer here can only be an emptying, never the TTL.
const api = setupApi({ env: { ANSWER_CACHE_SECONDS: '60' } });

/** A second app on the same database with its own pool and cache: another process, as far as answers go. */
let other: FastifyInstance;
let otherDb: Db;
let admin: TestUser;

beforeAll(async () => {
  otherDb = createDb(api.databaseUrl, 5).db;
  other = await buildApp({ ctx: { ...api.ctx, db: otherDb } });
  await other.ready();
  await vi.waitFor(() => expect(api.app.answerCache.isListening && other.answerCache.isListening).toBe(true), { timeout: 10_000 });
  admin = await api.user(['admin']);
});

afterAll(async () => {
  await other?.close();
  await otherDb?.destroy();
});

const LIST = '/api/banks?sort_by=name&q=answer';
const names = async (app: FastifyInstance, as = admin, url = LIST): Promise<string[]> => {
  const res = await app.inject({ method: 'GET', url, headers: as.headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return (res.json() as { entries: { name: string }[] }).entries.map((b) => b.name);
};

/**
 * Reads `url` in `app` twice: the second from its cache, with the same answer. First the notifications of
 * the writes so far are let in: those of this process's own writes too, which empty it once more on arrival.
 */
async function cachedIn(app: FastifyInstance, as = admin, url = LIST): Promise<string[]> {
  await app.answerCache.synced();
  const first = await names(app, as, url);
  const hits = app.answerCache.stats.hits;
  expect(await names(app, as, url)).toEqual(first);
  expect(app.answerCache.stats.hits).toBe(hits + 1);
  return first;
}

let counter = 0;
const bank = (name: string) => ({ name, street: 'Weg 1', postal_code: '50667', city: 'Köln', country_code: 'DE', bic: '', bank_key: String(10_000_000 + ++counter) });
const create = async (name: string) => {
  const res = await api.request({ method: 'POST', url: '/api/banks', payload: { bank: bank(name) }, as: admin });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
};

describe('the answer cache', () => {
  it("a list read again is answered from memory; this process's write through a route is seen on its next read", async () => {
    await create('Answer Bank A');
    expect(await cachedIn(api.app)).toEqual(['Answer Bank A']);
    await create('Answer Bank B');
    expect(await names(api.app)).toEqual(['Answer Bank A', 'Answer Bank B']);
  });

  it("reading a viewer's session again (and touching it) leaves the answers", async () => {
    await cachedIn(api.app);
    // The next request authenticates from the database: its statement writes the session's last use.
    api.app.sessionCache.clear();
    const hits = api.app.answerCache.stats.hits;
    await names(api.app);
    expect(api.app.answerCache.stats.hits).toBe(hits + 1);
  });

  it('Cache-Control: no-cache asks for an answer read now', async () => {
    await cachedIn(api.app);
    const hits = api.app.answerCache.stats.hits;
    const res = await api.app.inject({ method: 'GET', url: LIST, headers: { ...admin.headers, 'cache-control': 'no-cache' } });
    expect(res.statusCode).toBe(200);
    expect(api.app.answerCache.stats.hits).toBe(hits);
  });

  it('a write straight through the pool (a job, a script in the process) is seen on the next read, without waiting', async () => {
    const { id } = await create('Answer Bank C');
    expect(await cachedIn(api.app)).toContain('Answer Bank C');
    await api.db.updateTable('banks').set({ name: 'Answer Bank C2' }).where('id', '=', id).execute();
    expect(await names(api.app)).toContain('Answer Bank C2');
    // Inside a transaction too: the commit ends it.
    await api.db.transaction().execute((trx) => trx.deleteFrom('banks').where('id', '=', id).execute());
    expect(await names(api.app)).not.toContain('Answer Bank C2');
  });

  it('a write in another process, or by any other client, empties the cache once its notification arrives', async () => {
    const { id } = await create('Answer Bank D');
    expect(await cachedIn(other)).toContain('Answer Bank D');
    expect((await api.request({ method: 'PUT', url: `/api/banks/${id}`, payload: { bank: bank('Answer Bank D2') }, as: admin })).statusCode).toBe(200);
    await other.answerCache.synced();
    expect(await names(other)).toContain('Answer Bank D2');

    expect(await cachedIn(other)).toContain('Answer Bank D2');
    const psql = new pg.Client({ connectionString: api.databaseUrl });
    await psql.connect();
    try {
      await psql.query(`UPDATE banks SET name = 'Answer Bank D3' WHERE id = $1`, [id]);
      await other.answerCache.synced();
      expect(await names(other)).toContain('Answer Bank D3');
      // A table the list does not read empties it as well: no list can be missed by a wrong list of its tables.
      expect(await cachedIn(other)).toContain('Answer Bank D3');
      await psql.query(`UPDATE organizations SET name = name WHERE false`);
      await other.answerCache.synced();
      const misses = other.answerCache.stats.misses;
      await names(other);
      expect(other.answerCache.stats.misses).toBe(misses + 1);
    } finally {
      await psql.end();
    }
  });

  it('every table that answers read announces its writes', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'
        AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'remit_notify_change')
      ORDER BY 1`.execute(api.db);
    expect(rows.map((r) => r.name).sort()).toEqual([...UNWATCHED_TABLES].sort());
  });

  it('each viewer has answers of their own (roles decide flags, and some lists are per user)', async () => {
    const banker = await api.user(['admin']);
    await create('Answer Bank E');
    await cachedIn(api.app, admin);
    const misses = api.app.answerCache.stats.misses;
    await names(api.app, banker);
    expect(api.app.answerCache.stats.misses).toBe(misses + 1);
    await cachedIn(api.app, banker);
  });

  it('a read that began before the cache was emptied is not kept', async () => {
    const cache = api.app.answerCache;
    const key = AnswerCache.key({ id: admin.id, roles: ['admin'] } as never, '/api/banks?race');
    const generation = cache.generation;
    // A write ends while the read runs.
    await api.db.updateTable('banks').set({ city: 'Köln' }).where('name', '=', 'nobody').execute();
    cache.put(key, '{"stale":true}', generation);
    expect(cache.get(key)).toBeUndefined();
    cache.put(key, '{"fresh":true}', cache.generation);
    expect(cache.get(key)).toBe('{"fresh":true}');
  });

  it('without its listen connection a process reads every list from the database until it listens again', async () => {
    await create('Answer Bank F');
    await cachedIn(other);
    await withoutListener(api, other, async () => {
      expect(other.answerCache.size).toBe(0);
      const hits = other.answerCache.stats.hits;
      // Its notification goes nowhere: only reading the database shows the change.
      await api.db.updateTable('banks').set({ name: 'Answer Bank F2' }).where('name', '=', 'Answer Bank F').execute();
      expect(await names(other)).toContain('Answer Bank F2');
      await names(other);
      expect(other.answerCache.stats.hits).toBe(hits);
      expect(other.answerCache.size).toBe(0);
    });
    await cachedIn(other);
  });
});

describe('ANSWER_CACHE_SECONDS=0', () => {
  const uncached = setupApi({ env: { ANSWER_CACHE_SECONDS: '0' } });

  it('reads every list from the database', async () => {
    const u = await uncached.user(['admin']);
    for (let i = 0; i < 2; i++) expect((await uncached.request({ method: 'GET', url: LIST, as: u })).statusCode).toBe(200);
    expect(uncached.app.answerCache.stats.hits).toBe(0);
    expect(uncached.app.answerCache.size).toBe(0);
  });
});
