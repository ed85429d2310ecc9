import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connection.js';
import { defineJob } from '../jobs/queue.js';
import { contractFiles } from './contracts/tables.js';
import { organizationFiles } from './organizations/tables.js';
import { creditNoteFiles } from './payment-buckets/tables.js';
import { paymentFileFiles } from './payment-files/tables.js';
import { paymentFiles } from './payments/tables.js';
import { payoutFileStorage } from './payouts/tables.js';
import { vendorFiles } from './vendors/tables.js';
import { vendorFileStorage } from './vendor-files/tables.js';

/** A column that holds storage keys: a stored file no such column names is an orphan. */
export interface FileColumn {
  table: string;
  column: string;
}

/** Every column that holds a storage key. An area that stores files adds its list here. */
export const FILE_COLUMNS: readonly FileColumn[] = [...organizationFiles, ...contractFiles, ...vendorFiles, ...vendorFileStorage, ...payoutFileStorage, ...creditNoteFiles, ...paymentFiles, ...paymentFileFiles];

/**
 * How long a file may stay unreferenced before it counts as an orphan: long enough for an upload
 * still being written, or written and waiting for its transaction, in another process.
 */
export const ORPHAN_GRACE_MS = 5 * 60_000;

/** Which of these keys a record holds, in one query. */
export async function referencedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0 || FILE_COLUMNS.length === 0) return new Set();
  const selects = FILE_COLUMNS.map(
    (c) => sql`SELECT ${sql.ref(c.column)}::text AS key FROM ${sql.table(c.table)} WHERE ${sql.ref(c.column)} = ANY(${[...keys]}::text[])`,
  );
  const { rows } = await sql<{ key: string }>`${sql.join(selects, sql` UNION `)}`.execute(db);
  return new Set(rows.map((r) => r.key));
}

/** Removes those of these stored files that no record took (after a request that uploaded them). */
export async function removeUnreferenced(ctx: Pick<AppContext, 'db' | 'storage'>, keys: readonly string[]): Promise<void> {
  const kept = await referencedKeys(ctx.db, keys);
  await Promise.all(keys.filter((k) => !kept.has(k)).map((k) => ctx.storage.remove(k)));
}

/**
 * Removes stored files that no record references and that were last written before `before`: uploads
 * cut off by a crash, or stored for a write that never committed. Answers how many were removed.
 */
export async function removeOrphanFiles(ctx: Pick<AppContext, 'db' | 'storage'>, before: Date): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const kept = await referencedKeys(ctx.db, batch);
    const orphans = batch.filter((k) => !kept.has(k));
    await Promise.all(orphans.map((k) => ctx.storage.remove(k)));
    removed += orphans.length;
    batch = [];
  };
  for await (const file of ctx.storage.list()) {
    if (file.modified >= before) continue;
    batch.push(file.key);
    if (batch.length >= 500) await sweep();
  }
  await sweep();
  return removed;
}

/** Daily: orphan files go (start-up does the same once). */
export const orphanFilesJob = defineJob({
  name: 'files.orphan-cleanup',
  schedule: { cron: '30 3 * * *' },
  async run(job, ctx) {
    const removed = await removeOrphanFiles(ctx, new Date(Date.now() - ORPHAN_GRACE_MS));
    if (removed > 0) ctx.log.info({ removed }, 'orphan files removed');
    await job.progress(removed, removed, `${removed} orphan files removed`);
  },
});
