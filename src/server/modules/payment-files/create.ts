import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { defineJob, type InTransaction, type Jobs } from '../../jobs/queue.js';
import { auditMany } from '../audit/audit.js';
import { BUCKET_ENTITY, createFilesRefusals } from '../payment-buckets/queries.js';
import { fileContent, type FileDebtor, type FilePayment, filePayments, fileRefusal, formatOf, storeFileContent } from './contents.js';
import { organizationToday } from '../organizations/today.js';
import { PaymentFileError } from './sepa.js';
import type { PaymentFileFormat } from './tables.js';

/**
 * Create payment files (DOMAIN "Buckets and payment files"), a job per bucket: one file per organization,
 * currency and format of the bucket's `payout_pending` payments, which become `exported`.
 *
 * All in one transaction on the locked bucket, so a second or concurrent run waits and then finds nothing
 * left to export, and a refusal of the whole run (no debtor account, the schema) creates nothing: the job
 * fails with the reason as its `last_error`. One payment the files cannot take (a total of zero or less,
 * the EPC rules) is kept out with its reason and never blocks the others. Every run makes new files with
 * new message ids: a file made before may have been sent to the bank, so it never takes more payments.
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

/** Each organization's debtor account per currency, with its name and address; a group without one refuses the whole run, naming both. */
export async function debtorAccounts(db: Db, groups: readonly { organization_id: number; organization_name: string; currency: string }[]): Promise<Map<string, FileDebtor>> {
  const orgIds = [...new Set(groups.map((g) => g.organization_id))];
  const rows =
    orgIds.length === 0
      ? []
      : await db
          .selectFrom('organization_debtor_accounts as d')
          .innerJoin('organizations as o', 'o.id', 'd.organization_id')
          .select(['d.organization_id', 'd.currency', 'd.iban', 'd.bic', 'd.account_holder', 'o.name', 'o.street', 'o.street_number', 'o.postal_code', 'o.city', 'o.country_code'])
          .where('d.organization_id', 'in', orgIds)
          .execute();
  const accounts = new Map(
    rows.map((r) => [
      `${r.organization_id}:${r.currency}`,
      { iban: r.iban, bic: r.bic, account_holder: r.account_holder, name: r.name, address: { street: r.street, street_number: r.street_number, postal_code: r.postal_code, city: r.city, country_code: r.country_code } },
    ]),
  );
  const missing = groups.filter((g) => !accounts.has(`${g.organization_id}:${g.currency}`));
  if (missing.length > 0) {
    const names = [...new Set(missing.map((g) => `${g.organization_name} (${g.currency})`))];
    throw new PaymentFileError(`No debtor account for ${names.join(', ')}: add it on the organization's debtor accounts tab`);
  }
  return accounts;
}

/** A message id unique per file (its id) and moment, within the EPC's 35 characters: a file made later never repeats one. */
export const messageId = (bucketId: number, fileId: number, now: Date) => `R${bucketId}-F${fileId}-${now.getTime().toString(36)}`.slice(0, 35);

/** The id the next file gets, taken before its content is written (the message id names it). */
export const nextFileId = async (db: Db) => Number((await sql<{ id: string }>`SELECT nextval(pg_get_serial_sequence('payment_files', 'id')) AS id`.execute(db)).rows[0].id);

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

/** The organization's today (DOMAIN "Dates and time zones"): the execution dates of its files. */
export type TodayOf = (organizationId: number) => string;

/**
 * Makes the bucket's files; answers how many files were written, how many payments exported and the
 * payments kept out (a total of zero or less, or refused by the EPC rules: they stay `payout_pending`,
 * the bucket lists them with the reason, and every other payment's file is made).
 */
export async function createPaymentFiles(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  bucketId: number,
  userId: number | null,
): Promise<{ files: number; payments: number; kept_out: string[] }> {
  const { db, storage } = ctx;
  const written: string[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      const none = { files: 0, payments: 0, kept_out: [] };
      // The bucket's lock serialises runs (and file updates and deletes) of one bucket.
      const bucket = await trx.selectFrom('payment_buckets').select('id').where('id', '=', bucketId).forUpdate().executeTakeFirst();
      if (!bucket) return none;
      const pending = await filePayments(trx, sql<boolean>`p.payment_bucket_id = ${bucketId} AND p.state = 'payout_pending'`, { lock: true });
      if (pending.length === 0) return none;
      // Four eyes again on the locked payments: an invoice verified by the requester after the request was accepted.
      const refusal = (await createFilesRefusals(trx, [bucketId], userId)).get(bucketId);
      if (refusal) throw new PaymentFileError(`Four eyes (${refusal}): user ${userId} published this bucket or verified one of its payments`);
      const today = await organizationToday(trx);
      const keptOut = pending.flatMap((p) => fileRefusal(p, today(p.organization_id)) ?? []);
      const groups = groupsOf(pending.filter((p) => fileRefusal(p, today(p.organization_id)) === null));
      const accounts = await debtorAccounts(trx, groups);
      const now = new Date();
      const exported: { id: number; file: number; state: string }[] = [];
      // Always new files: a file made before may have gone to the bank already, so it never takes payments added later.
      for (const group of groups) {
        const fileId = await nextFileId(trx);
        const message = messageId(bucketId, fileId, now);
        const content = fileContent(
          {
            organization_name: group.organization_name,
            currency: group.currency,
            format: group.format,
            message_id: message,
            debtor: accounts.get(`${group.organization_id}:${group.currency}`)!,
            today: today(group.organization_id),
            now,
          },
          group.payments,
        );
        const values = await storeFileContent(storage, group.format, content);
        written.push(values.storage_key);
        await trx
          .insertInto('payment_files')
          .values({ id: fileId, payment_bucket_id: bucketId, organization_id: group.organization_id, currency: group.currency, format: group.format, message_id: message, ...values })
          .execute();
        for (const p of group.payments) exported.push({ id: p.id, file: fileId, state: p.state });
      }
      if (exported.length > 0) {
        // Set-based: every exported payment in one UPDATE, each audited with the actor.
        await sql`
          UPDATE payments p SET state = 'exported', payment_file_id = x.file, lock_version = p.lock_version + 1, updated_at = now()
          FROM unnest(${exported.map((e) => e.id)}::bigint[], ${exported.map((e) => e.file)}::bigint[]) AS x(id, file)
          WHERE p.id = x.id`.execute(trx);
        await auditMany(trx, { action: 'create_payment_files', type: 'Payment', userId }, exported.map((e) => ({ id: e.id, changes: { state: [e.state, 'exported'], payment_file_id: [null, e.file] } })));
      }
      return { files: groups.length, payments: exported.length, kept_out: keptOut };
    });
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
    await job.progress(done.payments, done.payments, [`${done.files} files`, ...done.kept_out].join('; '));
  },
});
