import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { PAYOUT_FILE_KINDS, type PayoutFileKind } from '../../../shared/validation/payouts.js';
import type { AppContext } from '../../context.js';
import { poolOf } from '../../db/connection.js';
import { defineJob, type InTransaction, type Jobs } from '../../jobs/queue.js';
import { audit } from '../audit/audit.js';
import { FILE_ENTITY } from './queries.js';
import { DEFAULT_MAX_LINE_CHARS, ImportError, ReportParser, targetOf } from './report-parser.js';
import { reportSources } from './report-sources.js';

export const IMPORT_JOB = 'payouts.import';

/** What a report may expand to (gunzip, zip entries together): past it the import is refused as a bomb. */
export const DEFAULT_MAX_EXPANDED_BYTES = 8 * 1024 ** 3;

/** Attempts after the first: a failure that is not the file's fault (the database, the disk) is retried. */
const IMPORT_RETRY_LIMIT = 2;

export interface ImportOptions {
  /** Defaults: REPORT_MAX_EXPANDED_BYTES and REPORT_MAX_LINE_CHARS (config.ts). */
  maxExpandedBytes?: number;
  maxLineChars?: number;
  /** Progress in bytes of the stored file read so far. */
  onProgress?(done: number, total: number): Promise<void>;
  /** Runs inside the import's transaction after the rows are copied, before it commits (tests simulate a crash here). */
  beforeCommit?(): Promise<void>;
}

/**
 * Queues a file's import. `priority` (0 or lower) puts it behind the imports its payout already has
 * queued, so a payout that uploads many or large files does not hold up other payouts' uploads.
 */
export function sendImportJob(jobs: Jobs, w: InTransaction, fileId: number, priority = 0): Promise<string | null> {
  return jobs.send(w, IMPORT_JOB, { file_id: fileId }, { entity: { type: FILE_ENTITY, id: fileId }, priority });
}

type ImportContext = Pick<AppContext, 'db' | 'storage'> & { config?: Pick<AppContext['config'], 'reportMaxExpandedBytes' | 'reportMaxLineChars'> };

/** Writes why a file was not imported (once: a file imported meanwhile keeps its rows), audited. */
async function recordFailure(ctx: Pick<AppContext, 'db'>, fileId: number, message: string): Promise<void> {
  const text = message.slice(0, 2000);
  await ctx.db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable('payout_files')
      .set({ last_error: text, updated_at: new Date() })
      .where('id', '=', fileId)
      .where('imported_at', 'is', null)
      .where('last_error', 'is', null)
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) > 0) await audit(trx, { action: 'import_failed', type: 'PayoutFile', id: fileId, changes: { last_error: [null, text] }, userId: null });
  });
}

/** A failure that is the file's fault (its content), as opposed to the database or the disk failing. */
function dataError(error: unknown): ImportError | null {
  if (error instanceof ImportError) return error;
  const e = error as { code?: string; message?: string; where?: string };
  // zlib: a truncated or corrupt gzip stream.
  if (typeof e?.code === 'string' && e.code.startsWith('Z_')) return new ImportError(null, `the gzip stream is cut off or corrupt (${e.message})`);
  if (error instanceof TypeError && /encoded data was not valid/i.test(String(e.message))) return new ImportError(null, 'the file is not UTF-8 text');
  // PostgreSQL's data exceptions (class 22: a date out of range, a value too long) name the COPY row.
  if (typeof e?.code === 'string' && e.code.startsWith('22')) return new ImportError(null, `${e.message}${e.where ? ` (${e.where})` : ''}`);
  return null;
}

/**
 * Imports one payout file: its rows are copied (COPY FROM STDIN, streamed straight from the stored
 * file through gunzip / the zip entries and the parser) inside ONE transaction that first locks the
 * file's row and ends by setting `imported_at`. A second run (a retry, a duplicate job, a worker
 * restarted after a crash) waits for that lock and finds the file imported, so rows are never copied
 * twice; a failure rolls everything back and only `last_error` is written.
 */
export async function importPayoutFile(ctx: ImportContext, fileId: number, opts: ImportOptions = {}): Promise<'imported' | 'failed' | 'skipped'> {
  const client = await poolOf(ctx.db).connect();
  let release: Error | undefined;
  // A checked-out client has no pool listener: without this, a server-side disconnect (the database
  // restarted, the backend killed) would be an uncaught 'error' event; the pending query fails anyway.
  const onError = (e: Error) => (release = e);
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const found = await client.query<{
      payout_id: string;
      report_name: string;
      revenue_type: string | null;
      content_owner_id: string | null;
      extension: string;
      file_key: string;
      size: string;
      imported_at: Date | null;
      last_error: string | null;
    }>('SELECT payout_id, report_name, revenue_type, content_owner_id, extension, file_key, size, imported_at, last_error FROM payout_files WHERE id = $1 FOR UPDATE', [fileId]);
    const file = found.rows[0];
    if (!file || file.imported_at || file.last_error) {
      await client.query('ROLLBACK');
      return 'skipped';
    }
    const kind = file.report_name as PayoutFileKind;
    const target = targetOf(kind);
    const owner = file.content_owner_id ?? '\\N';
    const prefix =
      target === 'assets'
        ? `${file.payout_id}\t${fileId}\t${owner}\t`
        : `${file.payout_id}\t${fileId}\t${owner}\t${PAYOUT_FILE_KINDS[kind].revenue_type ?? ''}\t`;
    const statement =
      target === 'assets'
        ? 'COPY payout_assets (payout_id, payout_file_id, content_owner_id, asset_id, asset_type, asset_channel_id, asset_labels, custom_id) FROM STDIN'
        : 'COPY payout_revenues (payout_id, payout_file_id, content_owner_id, revenue_type, day, country, video_id, channel_id, asset_id, asset_type, asset_channel_id, asset_labels, custom_id, channel_name, revenue, currency) FROM STDIN';

    const total = Number(file.size);
    let read = 0;
    let reported = Date.now();
    let rows = 0;
    const max = opts.maxExpandedBytes ?? ctx.config?.reportMaxExpandedBytes ?? DEFAULT_MAX_EXPANDED_BYTES;
    const maxLineChars = opts.maxLineChars ?? ctx.config?.reportMaxLineChars ?? DEFAULT_MAX_LINE_CHARS;
    const path = ctx.storage.pathOf(file.file_key);

    async function* copyText(): AsyncGenerator<string> {
      for await (const source of reportSources(path, file.extension, max, (n) => (read += n))) {
        let pending: string[] = [];
        const parser = new ReportParser({ kind, prefix, maxLineChars, emit: (text) => pending.push(text) });
        const decoder = new TextDecoder('utf-8', { fatal: true });
        try {
          for await (const chunk of source.stream as AsyncIterable<Buffer>) {
            parser.feed(decoder.decode(chunk, { stream: true }));
            if (pending.length > 0) {
              yield pending.join('');
              pending = [];
            }
            if (opts.onProgress && Date.now() - reported > 1000) {
              reported = Date.now();
              await opts.onProgress(read, total);
            }
          }
          parser.feed(decoder.decode());
          parser.end();
        } catch (error) {
          const known = dataError(error);
          if (known && source.entry) throw new ImportError(known.line, `${source.entry}: ${known.reason}`);
          throw error;
        }
        if (pending.length > 0) yield pending.join('');
        rows += target === 'none' ? 0 : parser.rows;
      }
    }

    const copy = client.query(copyFrom(statement));
    await pipeline(Readable.from(copyText(), { objectMode: false }), copy);
    // The channels the file carried, for the channel search (one set-based statement per file).
    if (target !== 'none') {
      const [table, column] = target === 'assets' ? ['payout_assets', 'asset_channel_id'] : ['payout_revenues', 'channel_id'];
      await client.query(
        `INSERT INTO report_channels (channel_id, content_owner_id) SELECT DISTINCT ${column}, content_owner_id FROM ${table} WHERE payout_file_id = $1 AND ${column} <> '' ON CONFLICT DO NOTHING`,
        [fileId],
      );
    }
    await client.query('UPDATE payout_files SET imported_at = now(), last_error = NULL, rows_count = $2, updated_at = now() WHERE id = $1', [fileId, rows]);
    await opts.beforeCommit?.();
    await client.query('COMMIT');
    await opts.onProgress?.(total, total);
    return 'imported';
  } catch (error) {
    await client.query('ROLLBACK').catch((e: Error) => (release = e));
    const known = dataError(error);
    if (!known) throw error;
    await recordFailure(ctx, fileId, known.message);
    return 'failed';
  } finally {
    // A connection whose ROLLBACK failed is broken: the pool must not hand it out again.
    client.off('error', onError);
    client.release(release);
  }
}

/**
 * The import job. Its last attempt never ends in silence: whatever failed it (a file's fault is written
 * at once; the database or the disk failing three times) is the file's `last_error`.
 */
export const importJob = defineJob<{ file_id: number }>({
  name: IMPORT_JOB,
  retryLimit: IMPORT_RETRY_LIMIT,
  expireInSeconds: 60 * 60,
  workers: (config) => config.importWorkers,
  async run(job, ctx) {
    try {
      await importPayoutFile(ctx, job.data.file_id, { onProgress: (done, total) => job.progress(done, total, 'bytes') });
    } catch (error) {
      if (job.retryCount >= IMPORT_RETRY_LIMIT) {
        await recordFailure(ctx, job.data.file_id, `the import failed ${IMPORT_RETRY_LIMIT + 1} times: ${error instanceof Error ? error.message : String(error)}`);
      }
      throw error;
    }
  },
});
