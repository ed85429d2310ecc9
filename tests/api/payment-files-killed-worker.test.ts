import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPaymentFiles } from '../../src/server/modules/payment-files/create.js';
import { removeOrphanFiles } from '../../src/server/modules/stored-files.js';
import { setupApi } from '../support/api.js';
import { finishWithRestartedWorker, hold, killMidRun, killWorkers, startWorker, waitingIn } from '../support/killed-worker.js';
import { debtorAccount, payableParty, type PaymentParty, pendingInBucket } from '../support/payment-fixtures.js';

/**
 * Creating payment files against a real crash: the bucket's job is worked by a separate worker process, killed
 * with SIGKILL while its transaction waits to record the second organization's new file (the first's new
 * file in storage and in the uncommitted transaction; the second's written to storage only), and a restarted
 * worker finishes the same job. The first organization's earlier file is never touched: later payments go into new files. Every payment must be in exactly one file, each
 * file once in storage with exactly its payments, and nothing but what the killed run wrote left unreferenced.
 */
// No workers in this process: the forked worker must be the one that makes the files.
const api = setupApi({ workers: false });
let bucketId = 0;
let first: PaymentParty;
let second: PaymentParty;
/** The first organization's payment whose file exists before the job: the job leaves that file as it is. */
let earlier: number[] = [];
let firstIds: number[] = [];
let secondIds: number[] = [];

beforeAll(async () => {
  bucketId = (await api.db.insertInto('payment_buckets').values({ name: 'Absturz Dateien' }).returning('id').executeTakeFirstOrThrow()).id;
  first = await payableParty(api.db, { orgName: 'Absturz Eins GmbH' });
  second = await payableParty(api.db, { orgName: 'Absturz Zwei GmbH' });
  await debtorAccount(api.db, first.org);
  await debtorAccount(api.db, second.org);
  earlier = await pendingInBucket(api.db, first, bucketId, [{ amount: '5.00' }]);
  expect(await createPaymentFiles(api.ctx, bucketId, null)).toEqual({ files: 1, payments: 1, kept_out: [] });
  // In id order, as the job groups them: the first organization's new payments, then the second's.
  firstIds = await pendingInBucket(api.db, first, bucketId, [{ amount: '10.00', vat: '1.90' }, { amount: '20.00' }]);
  secondIds = await pendingInBucket(api.db, second, bucketId, [{ amount: '1.11' }, { amount: '2.22', wht: '0.22' }, { amount: '3.33' }]);
});

afterAll(killWorkers);

const filesOf = () =>
  api.db.selectFrom('payment_files').select(['id', 'organization_id', 'storage_key', 'digest', 'payments_count', 'total_amount']).where('payment_bucket_id', '=', bucketId).orderBy('id').execute();
const stored = async () => {
  const keys: string[] = [];
  for await (const file of api.ctx.storage.list()) keys.push(file.key);
  return keys.sort();
};
const paymentsOf = (ids: number[]) => api.db.selectFrom('payments').select(['id', 'reference', 'state', 'payment_file_id', 'total_amount']).where('id', 'in', ids).orderBy('id').execute();

describe('creating payment files in a worker process killed with SIGKILL', () => {
  it('is finished by a restarted worker: each payment in exactly one file, each file once in storage', { timeout: 120_000 }, async () => {
    const [existing] = await filesOf();
    expect(await stored()).toEqual([existing.storage_key]);

    // Hold the second organization's row: the INSERT of its new file waits for it (the foreign key check), after its content was stored.
    const held = await hold(api, ['SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [second.org]]);
    const worker = startWorker(api);
    await worker.ready;
    const jobId = await worker.send('files', bucketId);

    // The state to kill in: both new contents in storage, nothing of them recorded.
    let waiting = 0;
    await vi.waitFor(
      async () => {
        waiting = await waitingIn(api, '%insert into "payment_files"%');
        expect(await stored()).toHaveLength(3);
      },
      { timeout: 60_000, interval: 50 },
    );
    const written = (await stored()).filter((key) => key !== existing.storage_key);
    await killMidRun(api, worker, held, waiting);
    expect(await filesOf()).toEqual([existing]);
    expect((await paymentsOf([...firstIds, ...secondIds])).map((p) => [p.state, p.payment_file_id])).toEqual([...firstIds, ...secondIds].map(() => ['payout_pending', null]));

    await finishWithRestartedWorker(api, jobId);

    // Three files: the existing one as it was, and a new one per organization with the payments added later.
    const files = await filesOf();
    expect(files.map((f) => [f.id === existing.id, f.organization_id, f.payments_count])).toEqual([
      [true, first.org, 1],
      [false, first.org, 2],
      [false, second.org, 3],
    ]);
    expect(files[0]).toEqual(existing);
    const groups = [
      { file: files[0], ids: earlier },
      { file: files[1], ids: firstIds },
      { file: files[2], ids: secondIds },
    ];
    for (const { file, ids } of groups) {
      const payments = await paymentsOf(ids);
      expect(payments.map((p) => [p.state, p.payment_file_id])).toEqual(ids.map(() => ['exported', file.id]));
      // Its content: the stored bytes of its digest, each of its payments exactly once, the control sum its total.
      const content = await api.ctx.storage.read(file.storage_key);
      expect(createHash('sha256').update(content).digest('hex')).toBe(file.digest);
      const xml = content.toString();
      expect([...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1])).toEqual(payments.map((p) => p.reference));
      expect(xml.match(/<CtrlSum>([\d.]+)<\/CtrlSum>/)![1]).toBe(file.total_amount);
    }
    expect(files.map((f) => f.total_amount)).toEqual(['5.00', '31.90', '6.44']);
    // One export audit entry per payment.
    const audits = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM audit_logs WHERE auditable_type = 'Payment' AND action = 'create_payment_files' AND auditable_id = ANY(${[...earlier, ...firstIds, ...secondIds]}::bigint[])
      GROUP BY auditable_id`.execute(api.db);
    expect(audits.rows).toEqual([...earlier, ...firstIds, ...secondIds].map(() => ({ n: 1 })));

    // In storage: the three files and what the killed run wrote, which the orphan sweep takes.
    expect(await stored()).toEqual([...files.map((f) => f.storage_key), ...written].sort());
    expect(await removeOrphanFiles(api.ctx, new Date(Date.now() + 60_000))).toBe(written.length);
    expect(await stored()).toEqual(files.map((f) => f.storage_key).sort());
  });
});
