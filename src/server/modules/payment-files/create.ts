import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { defineJob, type InTransaction, type Jobs } from '../../jobs/queue.js';
import { auditMany } from '../audit/audit.js';
import { BUCKET_ENTITY } from '../payment-buckets/queries.js';
import { type DebtorAccount, fileContent, type FilePayment, filePayments, formatOf, storeFileContent } from './contents.js';
import { PaymentFileError } from './sepa.js';
import type { PaymentFileFormat } from './tables.js';

/**
 * Create payment files (DOMAIN "Buckets and payment files"), a job per bucket: one file per organization,
 * currency and format of the bucket's `payout_pending` payments, which become `exported`.
 *
 * All in one transaction on the locked bucket, so a second or concurrent run waits and then finds nothing
 * left to export, and a refusal (no debtor account, a payment the EPC rules or the schema refuse) creates
 * nothing: the job fails with the reason as its `last_error`. A group whose file exists already (payments
 * that came back through cancel_export, or were added later) rewrites that file with them.
 */

export const CREATE_FILES_JOB = 'payment_files.create';

export interface CreateFilesJobData {
  payment_bucket_id: number;
  user_id: number | null;
}

/** One queued and one running job per bucket (`stately`); sent in the request's transaction. */
export function sendCreateFilesJob(jobs: Jobs, w: InTransaction, data: CreateFilesJobData) {
  return jobs.send(w, CREATE_FILES_JOB, data, { entity: { type: BUCKET_ENTITY, id: data.payment_bucket_id }, singletonKey: String(data.payment_bucket_id) });
}

/** Each organization's debtor account per currency; a group without one refuses the whole run, naming both. */
export async function debtorAccounts(db: Db, groups: readonly { organization_id: number; organization_name: string; currency: string }[]): Promise<Map<string, DebtorAccount>> {
  const orgIds = [...new Set(groups.map((g) => g.organization_id))];
  const rows =
    orgIds.length === 0
      ? []
      : await db.selectFrom('organization_debtor_accounts').select(['organization_id', 'currency', 'iban', 'bic', 'account_holder']).where('organization_id', 'in', orgIds).execute();
  const accounts = new Map(rows.map((r) => [`${r.organization_id}:${r.currency}`, r]));
  const missing = groups.filter((g) => !accounts.has(`${g.organization_id}:${g.currency}`));
  if (missing.length > 0) {
    const names = [...new Set(missing.map((g) => `${g.organization_name} (${g.currency})`))];
    throw new PaymentFileError(`No debtor account for ${names.join(', ')}: add it on the organization's debtor accounts tab`);
  }
  return accounts;
}

/** A message id unique per written file: bucket, organization, currency and the moment, within the EPC's 35 characters. */
export const messageId = (bucketId: number, organizationId: number, currency: string, now: Date) => `R${bucketId}-${organizationId}-${currency}-${now.getTime().toString(36)}`.slice(0, 35);

interface Group {
  organization_id: number;
  organization_name: string;
  currency: string;
  format: PaymentFileFormat;
  payments: FilePayment[];
}

function groupsOf(payments: readonly FilePayment[]): Group[] {
  const groups = new Map<string, Group>();
  for (const p of payments) {
    const format = formatOf(p);
    const key = `${p.organization_id}:${p.currency}:${format}`;
    const group = groups.get(key) ?? { organization_id: p.organization_id, organization_name: p.organization_name, currency: p.currency, format, payments: [] };
    group.payments.push(p);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Makes the bucket's files; answers how many files were written and how many payments exported. */
export async function createPaymentFiles(ctx: Pick<AppContext, 'db' | 'storage'>, bucketId: number, userId: number | null): Promise<{ files: number; payments: number }> {
  const { db, storage } = ctx;
  const written: string[] = [];
  const replaced: string[] = [];
  try {
    const done = await db.transaction().execute(async (trx) => {
      // The bucket's lock serialises runs (and file updates and deletes) of one bucket.
      const bucket = await trx.selectFrom('payment_buckets').select('id').where('id', '=', bucketId).forUpdate().executeTakeFirst();
      if (!bucket) return { files: 0, payments: 0 };
      const pending = await filePayments(trx, sql<boolean>`p.payment_bucket_id = ${bucketId} AND p.state = 'payout_pending'`, { lock: true });
      if (pending.length === 0) return { files: 0, payments: 0 };
      const groups = groupsOf(pending);
      const accounts = await debtorAccounts(trx, groups);
      const existing = await trx
        .selectFrom('payment_files')
        .select(['id', 'organization_id', 'currency', 'format', 'storage_key'])
        .where('payment_bucket_id', '=', bucketId)
        .forUpdate()
        .execute();
      const now = new Date();
      const today = now.toISOString().slice(0, 10);
      const exported: { id: number; file: number; state: string }[] = [];
      for (const group of groups) {
        const file = existing.find((f) => f.organization_id === group.organization_id && f.currency === group.currency && f.format === group.format);
        // A file that exists keeps its payments and takes the new ones.
        const kept = file ? await filePayments(trx, sql<boolean>`p.payment_file_id = ${file.id}`, { lock: true }) : [];
        const payments = [...kept, ...group.payments].sort((a, b) => a.id - b.id);
        const content = fileContent(
          {
            organization_name: group.organization_name,
            currency: group.currency,
            format: group.format,
            message_id: messageId(bucketId, group.organization_id, group.currency, now),
            debtor: accounts.get(`${group.organization_id}:${group.currency}`)!,
            today,
            now,
          },
          payments,
        );
        const values = await storeFileContent(storage, group.format, content);
        written.push(values.storage_key);
        let fileId: number;
        if (file) {
          await trx
            .updateTable('payment_files')
            .set({ ...values, updated_at: new Date(), lock_version: sql`lock_version + 1` })
            .where('id', '=', file.id)
            .execute();
          replaced.push(file.storage_key);
          fileId = file.id;
        } else {
          fileId = (
            await trx
              .insertInto('payment_files')
              .values({ payment_bucket_id: bucketId, organization_id: group.organization_id, currency: group.currency, format: group.format, ...values })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        }
        for (const p of group.payments) exported.push({ id: p.id, file: fileId, state: p.state });
      }
      // Set-based: every exported payment in one UPDATE, each audited with the actor.
      await sql`
        UPDATE payments p SET state = 'exported', payment_file_id = x.file, lock_version = p.lock_version + 1, updated_at = now()
        FROM unnest(${exported.map((e) => e.id)}::bigint[], ${exported.map((e) => e.file)}::bigint[]) AS x(id, file)
        WHERE p.id = x.id`.execute(trx);
      await auditMany(trx, { action: 'create_payment_files', type: 'Payment', userId }, exported.map((e) => ({ id: e.id, changes: { state: [e.state, 'exported'], payment_file_id: [null, e.file] } })));
      return { files: groups.length, payments: exported.length };
    });
    await Promise.all(replaced.map((key) => storage.remove(key).catch(() => undefined)));
    return done;
  } catch (error) {
    await Promise.all(written.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

export const createFilesJob = defineJob<CreateFilesJobData>({
  name: CREATE_FILES_JOB,
  policy: 'stately',
  // A refusal (missing debtor account, EPC or schema) fails the same way again: one retry covers a lost connection.
  retryLimit: 1,
  expireInSeconds: 60 * 60,
  async run(job, ctx) {
    const done = await createPaymentFiles(ctx, job.data.payment_bucket_id, job.data.user_id);
    await job.progress(done.payments, done.payments, `${done.files} files`);
  },
});
