import { applyDueChanges } from '../vendors/scheduled-changes.js';
import type { AppContext } from '../../context.js';
import { type InTransaction, defineJob, type Jobs } from '../../jobs/queue.js';
import { audit } from '../audit/audit.js';
import { vendorFileCsv } from './csv.js';
import { vendorFileContent } from './queries.js';
import { writeZip } from './zip.js';

export const VENDOR_FILE_JOB = 'vendor_files.create';
/** `jobs_pending` of the list: a job is pending on its organization until it ends. */
export const PENDING_ENTITY = 'VendorFileOrganization';

export interface VendorFileJobData {
  organization_id: number;
  month: string;
  /** Who asked for it: the audit entry's actor. */
  user_id: number | null;
}

/** Sends the job of one organization's month inside the caller's transaction. */
export function sendVendorFileJob(jobs: Jobs, w: InTransaction, data: VendorFileJobData): Promise<string | null> {
  return jobs.send(w, VENDOR_FILE_JOB, data, {
    entity: { type: PENDING_ENTITY, id: data.organization_id },
    // One queued and one running job per organization and month (the `stately` policy).
    singletonKey: `${data.organization_id}:${data.month}`,
  });
}

/**
 * Writes one organization's vendor file for a month: the CSV and the zip of confirmation documents
 * into storage, then the one row of (organization, month), created or replaced. Run again (a retry,
 * a second request), it replaces the row, so there is still one file; replaced files go after commit.
 */
export async function makeVendorFile(ctx: Pick<AppContext, 'db' | 'storage'>, data: VendorFileJobData): Promise<number | null> {
  const { db, storage } = ctx;
  const organization = await db.selectFrom('organizations').select('id').where('id', '=', data.organization_id).executeTakeFirst();
  if (!organization) return null;
  // A change whose day has come is in the file of its month even when the hourly job has not run yet.
  await applyDueChanges(db);
  const { vendors, documents } = await vendorFileContent(db, data.organization_id, data.month);
  const { csv, digest } = vendorFileCsv(vendors);
  const written: string[] = [];
  try {
    const file = await storage.put(csv, 'csv');
    written.push(file.key);
    const zip = documents.length > 0 ? await writeZip(storage, documents, new Date(`${data.month}T00:00:00Z`)) : null;
    if (zip) written.push(zip.key);
    const { id, replaced } = await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('vendor_files')
        .select(['id', 'digest', 'vendor_count', 'file_key', 'confirmation_documents_key'])
        .where('organization_id', '=', data.organization_id)
        .where('month', '=', data.month)
        .forUpdate()
        .executeTakeFirst();
      const values = { digest, file_key: file.key, confirmation_documents_key: zip?.key ?? null, vendor_count: vendors.length };
      const row = await trx
        .insertInto('vendor_files')
        .values({ organization_id: data.organization_id, month: data.month, ...values })
        .onConflict((oc) => oc.constraint('vendor_files_organization_month_key').doUpdateSet({ ...values, updated_at: new Date(), lock_version: (eb) => eb('vendor_files.lock_version', '+', 1) }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, {
        action: before ? 'update' : 'create',
        type: 'VendorFile',
        id: row.id,
        changes: {
          ...(before ? {} : { organization_id: [null, data.organization_id], month: [null, data.month] }),
          digest: [before?.digest ?? null, digest],
          vendor_count: [before?.vendor_count ?? null, vendors.length],
        },
        userId: data.user_id,
      });
      return { id: row.id, replaced: before ? [before.file_key, before.confirmation_documents_key] : [] };
    });
    written.length = 0;
    await Promise.all(replaced.filter((k): k is string => !!k).map((k) => storage.remove(k)));
    return id;
  } finally {
    // A failed attempt leaves no file behind; the retry writes its own.
    await Promise.all(written.map((k) => storage.remove(k)));
  }
}

export const vendorFileJob = defineJob<VendorFileJobData>({
  name: VENDOR_FILE_JOB,
  policy: 'stately',
  async run(job, ctx) {
    await makeVendorFile(ctx, job.data);
    await job.progress(1, 1);
  },
});
