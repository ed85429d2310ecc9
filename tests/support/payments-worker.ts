import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { readConfig } from '../../src/server/config.js';
import { createDb } from '../../src/server/db/connection.js';
import { startJobs } from '../../src/server/jobs/queue.js';
import { createMailer } from '../../src/server/lib/mailer.js';
import { createStorage } from '../../src/server/lib/storage.js';
import { PAYMENTS_JOB, paymentsJob } from '../../src/server/modules/payments/job.js';

/**
 * A jobs worker of its own, as a workers-only process runs it: the payment run's queue on DATABASE_URL.
 * Forked by the killed-worker test (`PAYMENT_RUN_BATCH`: contracts per transaction). Says `ready` once it works the queue; `{send: payoutId}` sends a run
 * (as the route does), answered with `{sent: jobId}`.
 */
const databaseUrl = process.env.DATABASE_URL!;
const dataDir = process.env.DATA_DIR ?? path.join(os.tmpdir(), `remit-worker-${process.pid}`);
const config = readConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', PAYMENT_RUN_BATCH: process.env.PAYMENT_RUN_BATCH });
const { db } = createDb(databaseUrl, 4);
const jobs = await startJobs({ connectionString: databaseUrl, db, onError: (e) => console.error('job queue error', e) });
const ctx = {
  config,
  db,
  jobs,
  mailer: createMailer({ from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
  storage: createStorage(path.join(dataDir, 'files')),
  log: pino({ level: 'silent' }),
};
await jobs.register([paymentsJob], ctx);

process.on('message', (message: { send?: number }) => {
  if (message.send === undefined) return;
  void jobs
    .send(db, PAYMENTS_JOB, { payout_id: message.send, user_id: null }, { entity: { type: 'Payout', id: message.send }, singletonKey: String(message.send) })
    .then((id) => process.send!({ sent: id }));
});
process.on('SIGINT', () => {
  void jobs.stop().then(() => db.destroy()).then(() => process.exit(0));
});
process.send!('ready');
