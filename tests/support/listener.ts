import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { expect, inject, vi } from 'vitest';
import type { ApiHarness } from './api.js';

/**
 * Runs `meanwhile` while `app`'s change listener (`db/listener.ts`) has lost its connection and cannot
 * open another: its backend is terminated and the database takes no new connections (said from another
 * database) until `meanwhile` ends. Then waits until the listener listens again.
 */
export async function withoutListener(api: ApiHarness, app: FastifyInstance, meanwhile: () => Promise<void>): Promise<void> {
  const database = new URL(api.databaseUrl).pathname.slice(1);
  const pid = app.sessionCache.listenerPid;
  expect(pid).toBeTypeOf('number');
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  const allowConnections = (allow: boolean) => admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS ${allow}`);
  await allowConnections(false);
  try {
    await sql`SELECT pg_terminate_backend(${pid}::int)`.execute(api.db);
    await vi.waitFor(() => expect(app.sessionCache.isListening).toBe(false), { timeout: 10_000 });
    await meanwhile();
  } finally {
    await allowConnections(true);
    await admin.end();
  }
  await vi.waitFor(() => expect(app.sessionCache.isListening).toBe(true), { timeout: 15_000 });
}
