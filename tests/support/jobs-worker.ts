import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { readConfig } from '../../src/server/config.js';
import { createDb } from '../../src/server/db/connection.js';
import { type InTransaction, startJobs } from '../../src/server/jobs/queue.js';
import { createMailer } from '../../src/server/lib/mailer.js';
import { createStorage } from '../../src/server/lib/storage.js';
import { creditNoteMailJob } from '../../src/server/modules/payment-buckets/credit-note-mail.js';
import { publishJob, sendCreditNoteMails, sendPublishJob } from '../../src/server/modules/payment-buckets/publish.js';
import { createFilesJob, sendCreateFilesJob } from '../../src/server/modules/payment-files/create.js';
import { invoiceVerifiedMailJob, sendInvoiceVerifiedMail } from '../../src/server/modules/payments/invoice-mail.js';
import { paymentsJob, sendPaymentsJob } from '../../src/server/modules/payments/job.js';
import { ALLOCATE_JOB, allocateJob, RELEASE_JOB, releaseJob, sendRevenueJob } from '../../src/server/modules/payouts/allocation-jobs.js';
import { importJob, sendImportJob } from '../../src/server/modules/payouts/import-job.js';
import type { WorkerJob } from './killed-worker.js';

/**
 * A jobs worker of its own, as a workers-only process runs it: the money jobs' queues on DATABASE_URL. Forked by
 * the killed-worker tests (`PAYMENT_RUN_BATCH`: contracts per transaction). Says `ready` once it works the queues;
 * `{send: kind, id, types}` sends that job for entity `id` with the module's own sender (as the routes do, in a
 * transaction), answered with `{sent: jobId}`.
 */
const databaseUrl = process.env.DATABASE_URL!;
const dataDir = process.env.DATA_DIR ?? path.join(os.tmpdir(), `remit-worker-${process.pid}`);
const config = readConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'silent',
  PAYMENT_RUN_BATCH: process.env.PAYMENT_RUN_BATCH,
  JOB_WORKER_STALE_SECONDS: process.env.JOB_WORKER_STALE_SECONDS,
});
const { db } = createDb(databaseUrl, 4);
const jobs = await startJobs({ connectionString: databaseUrl, db, onError: (e) => console.error('job queue error', e), staleWorkerSeconds: config.jobWorkerStaleSeconds });
const ctx = {
  config,
  db,
  jobs,
  mailer: createMailer({ from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
  storage: createStorage(path.join(dataDir, 'files')),
  log: pino({ level: 'silent' }),
};
await jobs.register([paymentsJob, publishJob, creditNoteMailJob, createFilesJob, importJob, allocateJob, releaseJob, invoiceVerifiedMailJob], ctx);

const senders: Record<WorkerJob, (w: InTransaction, id: number, types: string[]) => Promise<string | null>> = {
  payments: (w, id) => sendPaymentsJob(jobs, w, { payout_id: id, user_id: null }),
  publish: (w, id) => sendPublishJob(jobs, w, { payment_bucket_id: id, user_id: null }),
  files: (w, id) => sendCreateFilesJob(jobs, w, { payment_bucket_id: id, user_id: null }),
  import: (w, id) => sendImportJob(jobs, w, id),
  allocate: (w, id, types) => sendRevenueJob(jobs, w, ALLOCATE_JOB, { payout_id: id, revenue_types: types, user_id: null }),
  release: (w, id, types) => sendRevenueJob(jobs, w, RELEASE_JOB, { payout_id: id, revenue_types: types, user_id: null }),
  creditNoteMail: async (w, id) => (await sendCreditNoteMails(jobs, w, [id]))[0] ?? null,
  invoiceMail: (w, id) => sendInvoiceVerifiedMail(ctx, w, id, null),
};
/** Sends in a transaction of its own and wakes this worker once it committed, as a request's write does. */
async function send(kind: WorkerJob, id: number, types: string[]) {
  const wake: (() => Promise<void>)[] = [];
  const jobId = await db.transaction().execute((trx) => senders[kind]({ trx, afterCommit: (fn) => void wake.push(fn) }, id, types));
  await Promise.all(wake.map((fn) => fn()));
  return jobId;
}
process.on('message', (message: { send?: WorkerJob; id?: number; types?: string[] }) => {
  if (message.send === undefined || message.id === undefined) return;
  void send(message.send, message.id, message.types ?? []).then((id) => process.send!({ sent: id }));
});
process.on('SIGINT', () => {
  void jobs.stop().then(() => db.destroy()).then(() => process.exit(0));
});
process.send!('ready');
