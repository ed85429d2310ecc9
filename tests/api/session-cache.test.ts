import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createDb, type Db } from '../../src/server/db/connection.js';
import { setupApi, type TestUser } from '../support/api.js';
import { withoutListener } from '../support/listener.js';

// A long cache lifetime: whatever ends an admission here can only be an eviction or a deadline, never the TTL.
const api = setupApi({ env: { SESSION_CACHE_SECONDS: '60' } });

/** A second app on the same database with its own pool and its own cache: another process, as far as sessions go. */
let other: FastifyInstance;
let otherDb: Db;

beforeAll(async () => {
  otherDb = createDb(api.databaseUrl, 5).db;
  other = await buildApp({ ctx: { ...api.ctx, db: otherDb } });
  await other.ready();
  await vi.waitFor(() => expect(api.app.sessionCache.isListening && other.sessionCache.isListening).toBe(true), { timeout: 10_000 });
});

afterAll(async () => {
  await other?.close();
  await otherDb?.destroy();
});

const ask = (app: FastifyInstance, as: TestUser, url = '/users/sessions.json') => app.inject({ method: 'GET', url, headers: as.headers });

/** Admits `u` in `app` twice: the second from its cache (no database read). */
async function cachedIn(app: FastifyInstance, u: TestUser): Promise<void> {
  expect((await ask(app, u)).statusCode).toBe(200);
  const hits = app.sessionCache.stats.hits;
  expect((await ask(app, u)).statusCode).toBe(200);
  expect(app.sessionCache.stats.hits).toBe(hits + 1);
}

describe('the session cache', () => {
  it('a sign-out in one process ends the session in the other at once', async () => {
    const u = await api.user([]);
    await cachedIn(other, u);
    expect((await api.request({ method: 'DELETE', url: '/users/sign_out.json', as: u })).statusCode).toBe(204);
    // The revoke's notification has reached the other process (its marker comes after it); nothing else evicted it.
    await other.sessionCache.synced();
    expect((await ask(other, u)).statusCode).toBe(401);
    // And in the signing-out process itself on the very next request, without waiting.
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(401);
  });

  it('a disable in one process refuses the user in the other on the next request', async () => {
    const admin = await api.user(['admin']);
    const u = await api.user(['vendors']);
    await cachedIn(other, u);
    await cachedIn(api.app, u);
    expect((await api.request({ method: 'POST', url: `/api/users/${u.id}/disable`, as: admin })).statusCode).toBe(200);
    expect((await api.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(401);
    await other.sessionCache.synced();
    expect((await ask(other, u)).statusCode).toBe(401);
  });

  it('a role change in one process applies in the other on the next request', async () => {
    const admin = await api.user(['admin']);
    const u = await api.user(['vendors']);
    await cachedIn(other, u);
    expect((await ask(other, u, '/api/banks')).statusCode).toBe(403);
    const res = await api.request({ method: 'PUT', url: `/api/users/${u.id}`, as: admin, payload: { user: { roles: ['admin'] } } });
    expect(res.statusCode, res.body).toBe(200);
    await other.sessionCache.synced();
    expect((await ask(other, u, '/api/banks')).statusCode).toBe(200);
    expect((await ask(other, u)).json()).toMatchObject({ roles: ['admin'] });
  });

  it('a password reset and a deleted user end the cached sessions everywhere', async () => {
    const admin = await api.user(['admin']);
    const deleted = await api.user([]);
    await cachedIn(other, deleted);
    expect((await api.request({ method: 'DELETE', url: `/api/users/${deleted.id}`, as: admin })).statusCode).toBe(204);
    await other.sessionCache.synced();
    expect((await ask(other, deleted)).statusCode).toBe(401);

    const reset = await api.user([]);
    await cachedIn(other, reset);
    // What the reset does to sessions (`resetPassword`), written by another process.
    await api.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', reset.id).execute();
    await other.sessionCache.synced();
    expect((await ask(other, reset)).statusCode).toBe(401);
  });

  it('a cached session still ends at its absolute expiry, counted by the database', async () => {
    const u = await api.user([]);
    await api.db.updateTable('sessions').set({ expires_at: sql<Date>`now() + interval '1 second'` }).where('user_id', '=', u.id).execute();
    await other.sessionCache.synced();
    await cachedIn(other, u);
    // No notification comes: the entry's own deadline ends it.
    await vi.waitFor(async () => expect((await ask(other, u)).statusCode).toBe(401), { timeout: 10_000, interval: 100 });
  });

  it('without its listen connection a process authenticates from the database until it listens again', async () => {
    const u = await api.user([]);
    await cachedIn(other, u);
    await withoutListener(api, other, async () => {
      expect(other.sessionCache.size).toBe(0);
      const hits = other.sessionCache.stats.hits;
      expect((await ask(other, u)).statusCode).toBe(200);
      // Its notification goes nowhere: only reading the database refuses the next request.
      await api.db.updateTable('users').set({ disabled: true }).where('id', '=', u.id).execute();
      expect((await ask(other, u)).statusCode).toBe(401);
      expect(other.sessionCache.stats.hits).toBe(hits);
      expect(other.sessionCache.size).toBe(0);
    });
    const again = await api.user([]);
    await cachedIn(other, again);
  });
});

describe('SESSION_CACHE_SECONDS=0', () => {
  const uncached = setupApi({ env: { SESSION_CACHE_SECONDS: '0' } });

  it('reads every admission from the database and does not listen for session changes', async () => {
    const u = await uncached.user([]);
    expect((await uncached.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(200);
    expect((await uncached.request({ method: 'GET', url: '/users/sessions.json', as: u })).statusCode).toBe(200);
    expect(uncached.app.sessionCache.stats.hits).toBe(0);
    expect(uncached.app.sessionCache.isListening).toBe(false);
  });
});
