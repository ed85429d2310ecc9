import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, inject, vi } from 'vitest';
import { buildApp, type AppOptions } from '../../src/server/app.js';
import { readConfig, type Config } from '../../src/server/config.js';
import { createDb, type Db } from '../../src/server/db/connection.js';
import { startJobs, type Jobs } from '../../src/server/jobs/queue.js';
import { createMailer } from '../../src/server/lib/mailer.js';
import { createStorage } from '../../src/server/lib/storage.js';
import { moduleJobs } from '../../src/server/modules/index.js';
import { createSession } from '../../src/server/modules/session/service.js';
import { withDatabase } from './global-db.js';

export interface TestUser {
  id: number;
  email: string;
  headers: Record<string, string>;
}

export interface ApiHarness {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dataDir: string;
  databaseUrl: string;
  /** What the app was built with: a test can build a second app on the same pieces (e.g. with a client dir). */
  ctx: AppOptions['ctx'];
  /** Creates a user with these roles and a session; returns the headers that authenticate as them. */
  user(roles: string[], attrs?: Partial<{ email: string; first_name: string; last_name: string; disabled: boolean }>): Promise<TestUser>;
  request(opts: InjectOptions & { as?: TestUser }): Promise<LightMyRequestResponse>;
  /** The mails written to the outbox so far, as raw text. */
  outbox(): Promise<string[]>;
  /** Waits until no job is queued or running (e.g. the mail a request sent by a job). */
  settled(): Promise<void>;
}

/**
 * An app on its own database, cloned from the migrated template, for one test file.
 * `env` adjusts the configuration as environment variables would; `workers: false` leaves every queue
 * to other processes (a test that runs its jobs in a worker process of its own).
 */
export function setupApi(opts: { env?: Record<string, string>; workers?: boolean } = {}): ApiHarness {
  const harness = {} as ApiHarness;
  let admin: pg.Client;
  let dbName: string;
  let counter = 0;
  let jobs: Jobs | undefined;

  beforeAll(async () => {
    const adminUrl = inject('pgAdminUrl');
    const template = inject('pgTemplate');
    dbName = `${template}_t_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${template}`);
    const databaseUrl = withDatabase(adminUrl, dbName);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'remit-api-'));
    const config = readConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...opts.env });
    const { db } = createDb(databaseUrl, 5);
    // Real pg-boss on the file's database (its tables come with the template), with every module's workers.
    jobs = await startJobs({ connectionString: databaseUrl, db, onError: () => {} });
    const ctx: AppOptions['ctx'] = {
      config,
      db,
      jobs,
      mailer: createMailer({ from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
      storage: createStorage(path.join(dataDir, 'files')),
    };
    const app = await buildApp({ ctx });
    await app.ready();
    if (opts.workers !== false) await jobs.register(moduleJobs, { ...ctx, log: app.log });
    Object.assign(harness, {
      app,
      db,
      config,
      dataDir,
      databaseUrl,
      ctx,
      async user(roles, attrs = {}) {
        counter += 1;
        const email = attrs.email ?? `user${counter}-${randomBytes(3).toString('hex')}@test.local`;
        const row = await db
          .insertInto('users')
          .values({ email, first_name: attrs.first_name ?? 'Test', last_name: attrs.last_name ?? `User${counter}`, roles, disabled: attrs.disabled ?? false })
          .returning('id')
          .executeTakeFirstOrThrow();
        const token = await createSession(db, config, row.id, { client: 'web' });
        return { id: row.id, email, headers: { authorization: `Bearer ${token}`, uid: email, client: 'web' } };
      },
      request({ as, ...options }) {
        return app.inject({ ...options, headers: { ...(as?.headers ?? {}), ...(options.headers ?? {}) } });
      },
      async outbox() {
        const dir = path.join(dataDir, 'outbox');
        const files = (await fs.readdir(dir).catch(() => [])).sort();
        return Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
      },
      async settled() {
        await vi.waitFor(
          async () => {
            const { rows } = await sql<{ n: number }>`
              SELECT count(*)::int AS n FROM job_links l JOIN pgboss.job j ON j.name = l.name AND j.id = l.job_id
              WHERE j.state IN ('created', 'retry', 'active')`.execute(db);
            expect(rows[0].n).toBe(0);
          },
          { timeout: 20_000, interval: 25 },
        );
      },
    } satisfies ApiHarness);
  });

  afterAll(async () => {
    await harness.app?.close();
    // Workers first: a handler finishing during shutdown still writes through the pool.
    await jobs?.stop();
    await harness.db?.destroy();
    await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin?.end();
    if (harness.dataDir) await fs.rm(harness.dataDir, { recursive: true, force: true });
  });

  return harness;
}
