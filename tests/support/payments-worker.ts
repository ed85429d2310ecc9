import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { readConfig } from '../../src/server/config.js';
import { createDb } from '../../src/server/db/connection.js';
import { startJobs } from '../../src/server/jobs/queue.js';
import { createMailer } from '../../src/server/lib/mailer.js';
import { createStorage } from '../../src/server/lib/storage.js';
import { creditNoteMailJob } from '../../src/server/modules/payment-buckets/credit-note-mail.js';
import { PUBLISH_JOB, publishJob } from '../../src/server/modules/payment-buckets/publish.js';
import { BUCKET_ENTITY } from '../../src/server/modules/payment-buckets/queries.js';
import { PAYMENTS_JOB, paymentsJob } from '../../src/server/modules/payments/job.js';

/**
 * A jobs worker of its own, as a workers-only process runs it: the payment run's, the bucket publish's and the
 * credit note mails' queues on DATABASE_URL. Forked by the killed-worker tests (`PAYMENT_RUN_BATCH`: contracts per
 * transaction). Says `ready` once it works the queues; `{send: 'payments' | 'publish', id}` sends a run of payout
 * `id` or a publish of bucket `id` (as the routes do), answered with `{sent: jobId}`.
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
await jobs.register([paymentsJob, publishJob, creditNoteMailJob], ctx);

const senders = {
  payments: (id: number) => jobs.send(db, PAYMENTS_JOB, { payout_id: id, user_id: null }, { entity: { type: 'Payout', id }, singletonKey: String(id) }),
  publish: (id: number) => jobs.send(db, PUBLISH_JOB, { payment_bucket_id: id, user_id: null }, { entity: { type: BUCKET_ENTITY, id }, singletonKey: String(id) }),
};
process.on('message', (message: { send?: keyof typeof senders; id?: number }) => {
  if (message.send === undefined || message.id === undefined) return;
  void senders[message.send](message.id).then((id) => process.send!({ sent: id }));
});
process.on('SIGINT', () => {
  void jobs.stop().then(() => db.destroy()).then(() => process.exit(0));
});
process.send!('ready');
