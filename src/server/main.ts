import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { prepareDatabase } from './bootstrap.js';
import { ConfigError, readConfig, type Config } from './config.js';
import { createDb } from './db/connection.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import type { AppContext } from './context.js';
import { startJobs } from './jobs/queue.js';
import { createMailer } from './lib/mailer.js';
import { createStorage } from './lib/storage.js';
import { moduleJobs } from './modules/index.js';
import { ORPHAN_GRACE_MS, removeOrphanFiles } from './modules/stored-files.js';
import { ROOT } from './root.js';

// Module-level so a failed start-up can still stop the database it started.
let embedded: EmbeddedServer | undefined;

async function main() {
  let config: Config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Remit cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel });

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.info(`starting the embedded PostgreSQL server (data in ${path.join(config.dataDir, 'pg')})`);
    embedded = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'pg'),
      port: config.embeddedPgPort,
      log: (line) => log.debug({ pg: line }),
      notice: (line) => log.warn(line),
    });
    databaseUrl = embedded.url;
  }

  const { db } = createDb(databaseUrl, 20);
  const storage = createStorage(path.join(config.dataDir, 'files'));
  const { fresh, admin, demo } = await prepareDatabase(
    db,
    config,
    (created) => {
      // Printed at once: if a later start-up step fails, the generated password is not lost.
      if (created.password) console.log(`\n  First admin created: ${created.email} / ${created.password} (shown only this once)\n`);
    },
    storage,
  );
  if (demo.length) log.info(`demo data loaded: ${demo.join(', ')}`);

  const jobs = await startJobs({
    connectionString: databaseUrl,
    db,
    onError: (e) => log.error({ err: e }, 'job queue error'),
    staleWorkerSeconds: config.jobWorkerStaleSeconds,
  });
  const ctx: Omit<AppContext, 'log'> = {
    config,
    db,
    jobs,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }),
    storage,
  };
  const app = await buildApp({
    ctx,
    // CLIENT_DIR lets several builds be served side by side (parallel browser-test runs).
    clientDir: process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : path.join(ROOT, 'dist'),
    logger: { level: config.logLevel },
  });
  await jobs.register(moduleJobs, { ...ctx, log: app.log });
  // Uploads cut off by a crash, or stored for writes that never committed (the daily job does it too).
  const orphans = await removeOrphanFiles(ctx, new Date(Date.now() - ORPHAN_GRACE_MS));
  if (orphans > 0) log.info(`removed ${orphans} orphan files`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing requests and stopping`);
    // The embedded server's shutdown checkpoint writes every dirty page: on a busy disk it took over 20 s
    // (a fresh-clone CI run, where the app then gave up with 1 while PostgreSQL was still writing).
    const force = setTimeout(() => process.exit(1), 90_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await jobs.stop();
      await db.destroy();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (!config.workersOnly) await app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `  Remit is running: open ${config.publicUrl}`,
    admin
      ? admin.password
        ? `  Sign in as ${admin.email} with the password ${admin.password} (shown only this once)`
        : `  Sign in as ${admin.email} with ADMIN_PASSWORD`
      : '  Sign in with your account.',
    config.demo && fresh ? '  Demo users (finance@, contracts@, portal@, youtube@remit.local) use the password remit-demo-password' : '',
    '',
  ].filter((l) => l !== undefined);
  console.log(lines.join('\n'));
}

main().catch(async (error: unknown) => {
  // The cause in one plain line; the stack at debug level.
  const cause = error instanceof Error ? error.message : error === undefined ? 'no reason was given' : String(error);
  console.error(`Remit failed to start: ${cause}`);
  if (error instanceof Error && /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')) console.error(error.stack);
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});
