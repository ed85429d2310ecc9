import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import { createDb, poolOf } from '../../src/server/db/connection.js';
import { createStorage } from '../../src/server/lib/storage.js';
import { allocateRows } from '../../src/server/modules/payouts/allocation.js';
import { importPayoutFile } from '../../src/server/modules/payouts/import-job.js';
import { CLAIM_RAW_HEADER } from '../support/payout-reports.js';
import { startApp } from './app-server';

/**
 * The payouts part of `npm run bench` (`-- --payouts` runs only it), on one PostgreSQL in one run:
 *   - raw COPY of N claim rows, pre-parsed into COPY text before the clock starts: the floor;
 *   - Remit's import of the same rows from a .csv.gz through the job's code (gunzip, uDSV, mapping by
 *     header, exact decimal check, COPY in one transaction), and the ratio (target: at least 75%,
 *     1,000,000 rows under 6 s);
 *   - allocation of those rows by the mapping rules against a bare `UPDATE ... FROM` join on the
 *     indexed reference id (target: within twice its time).
 * N is `BENCH_IMPORT_ROWS` (default 1,000,000). The database is `BENCH_DATABASE_URL`, else the embedded
 * one of the compiled app as the server part starts it.
 */
const N = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const CHANNELS = 10_000;

const channelOf = (i: number) => `UC${String(i % (CHANNELS + 500)).padStart(22, '0')}`;

/** A revenue written at 12 decimals, as real CMS files write it (REPORTS.md). */
const revenueOf = (i: number) => `0.${String((i * 7919) % 1_000_000).padStart(6, '0')}${String((i * 104_729) % 1_000_000).padStart(6, '0')}`;

/** One claim raw line (the report's 24 columns) and the same row as COPY text of payout_revenues. */
function claimLine(i: number): string {
  const revenue = revenueOf(i);
  return [
    'None', '20261001', 'DE', `vid${i}`, channelOf(i), `A${i % 50_000}`, '', 'Web', i % 10 === 0 ? `"Custom, ${i}"` : `C${i}`,
    'UGC', 'Monetize in all countries', 'Audio', 'Audio match', '17', '0.000123', '', '', '', '0.000123', revenue, '', '', '', revenue,
  ].join(',');
}
function copyLine(payoutId: number, fileId: number, ownerId: number, i: number): string {
  const revenue = revenueOf(i);
  const custom = i % 10 === 0 ? `Custom, ${i}` : `C${i}`;
  return `${payoutId}\t${fileId}\t${ownerId}\tadsense\t20261001\tDE\tvid${i}\t${channelOf(i)}\tA${i % 50_000}\tWeb\t\\N\t\\N\t${custom}\t\\N\t${revenue}\tUSD\n`;
}

async function writeReport(file: string): Promise<void> {
  async function* lines() {
    yield `${CLAIM_RAW_HEADER.join(',')}\n`;
    let batch: string[] = [];
    for (let i = 0; i < N; i++) {
      batch.push(claimLine(i));
      if (batch.length === 10_000) {
        yield batch.join('\n') + '\n';
        batch = [];
      }
    }
    if (batch.length) yield batch.join('\n') + '\n';
  }
  await pipeline(Readable.from(lines()), createGzip({ level: 1 }), createWriteStream(file));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const perSecond = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`;

export async function payoutsBench(row: (name: string, ours: string, base: string) => void): Promise<void> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'remit-bench-payouts-'));
  const app = process.env.BENCH_DATABASE_URL ? null : await startApp(Number(process.env.BENCH_PORT ?? 3195));
  const { db } = createDb(process.env.BENCH_DATABASE_URL ?? app!.databaseUrl, 4);
  const storage = createStorage(path.join(tmp, 'files'));
  try {
    const report = path.join(tmp, 'YouTube_BenchOwner_M_20261001_claim_raw_v1-1.csv.gz');
    await writeReport(report);
    const owner = await db
      .insertInto('content_owners')
      .values({ content_owner_id: `bench-${Date.now()}`, display_name: 'Bench', report_filename_part: `BenchOwner${Date.now()}`, earnings_mapping_rules: JSON.stringify([{ asset_type: 'all', rules: ['channel_override', 'asset_label', 'custom_id_matches_video_id', 'video_id'] }]) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payout = await db.insertInto('payouts').values({ month: '2026-10-01', payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow();
    const stored = await storage.write((await import('node:fs')).createReadStream(report), { extension: 'gz' });
    const file = await db
      .insertInto('payout_files')
      .values({ payout_id: payout.id, name: path.basename(report), extension: 'gz', size: stored.size, report_name: 'claim_raw', revenue_type: 'adsense', content_owner_id: owner.id, file_key: stored.key, digest: stored.digest })
      .returning('id')
      .executeTakeFirstOrThrow();

    // 1. The floor: the same rows as COPY text, built before the clock starts, copied in one transaction (rolled back).
    const chunks: string[] = [];
    for (let i = 0; i < N; i += 10_000) {
      let text = '';
      for (let j = i; j < Math.min(N, i + 10_000); j++) text += copyLine(payout.id, file.id, owner.id, j);
      chunks.push(text);
    }
    const client = await poolOf(db).connect();
    let raw: number;
    try {
      await client.query('BEGIN');
      const t0 = performance.now();
      await pipeline(Readable.from(chunks), client.query(copyFrom('COPY payout_revenues (payout_id, payout_file_id, content_owner_id, revenue_type, day, country, video_id, channel_id, asset_id, asset_type, asset_channel_id, asset_labels, custom_id, channel_name, revenue, currency) FROM STDIN')));
      raw = performance.now() - t0;
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }

    // 1b. What the unscaled NUMERIC costs (DOMAIN "Money": revenue as written): the same COPY into two
    // scratch copies of the table, one with `revenue NUMERIC` as it is, one with NUMERIC(24,10) as it was
    // (which rounds 12 decimals to 10), each with the table's indexes; time and size side by side.
    const scratch = await poolOf(db).connect();
    try {
      const sized: Record<string, { ms: number; bytes: number }> = {};
      for (const [name, type] of [['unscaled', 'numeric'], ['scaled', 'numeric(24,10)']] as const) {
        await scratch.query(`CREATE TEMP TABLE bench_${name} (LIKE payout_revenues INCLUDING DEFAULTS INCLUDING INDEXES)`);
        await scratch.query(`ALTER TABLE bench_${name} ALTER COLUMN revenue TYPE ${type}`);
        const t = performance.now();
        await pipeline(Readable.from(chunks), scratch.query(copyFrom(`COPY bench_${name} (payout_id, payout_file_id, content_owner_id, revenue_type, day, country, video_id, channel_id, asset_id, asset_type, asset_channel_id, asset_labels, custom_id, channel_name, revenue, currency) FROM STDIN`)));
        const ms = performance.now() - t;
        const { rows: size } = await scratch.query<{ bytes: string }>(`SELECT pg_total_relation_size('bench_${name}')::text AS bytes`);
        sized[name] = { ms, bytes: Number(size[0].bytes) };
        await scratch.query(`DROP TABLE bench_${name}`);
      }
      const mib = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MiB`;
      row(
        'revenue NUMERIC as written vs NUMERIC(24,10): COPY time, table + indexes',
        `${seconds(sized.unscaled.ms)}, ${mib(sized.unscaled.bytes)}`,
        `${seconds(sized.scaled.ms)}, ${mib(sized.scaled.bytes)}`,
      );
    } finally {
      scratch.release();
    }
    chunks.length = 0;

    // 2. The import job's code on the .csv.gz.
    const t1 = performance.now();
    const result = await importPayoutFile({ db, storage }, file.id);
    const imported = performance.now() - t1;
    if (result !== 'imported') throw new Error(`import ${result}`);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM payout_revenues WHERE payout_file_id = ${file.id}`.execute(db);
    if (rows[0].n !== N) throw new Error(`imported ${rows[0].n} of ${N} rows`);
    row(`import ${N.toLocaleString('en')} claim rows (.csv.gz)`, `${seconds(imported)}, ${perSecond(N, imported)}`, `${seconds(raw)}, ${perSecond(N, raw)} raw COPY`);
    row('import / raw COPY (target >= 75%)', `${Math.round((100 * raw) / imported)}%`, '100%');

    // 3. Allocation: channels for most rows; the bare join and the rules, each in a transaction rolled back.
    await sql`
      INSERT INTO revenue_sources (type, reference_id)
      SELECT 'youtube_channel', 'UC' || lpad(g::text, 22, '0') FROM generate_series(0, ${CHANNELS - 1}) g
      ON CONFLICT DO NOTHING`.execute(db);
    await sql`ANALYZE payout_revenues`.execute(db);
    await sql`ANALYZE revenue_sources`.execute(db);
    const timed = async (fn: (trx: typeof db) => Promise<unknown>) => {
      let ms = 0;
      await db
        .transaction()
        .execute(async (trx) => {
          // Both without JIT, as allocation runs (see `withoutJit`): its compile time is not the join's.
          await sql`SET LOCAL jit = off`.execute(trx);
          const t = performance.now();
          await fn(trx);
          ms = performance.now() - t;
          throw new Error('rollback');
        })
        .catch((e: Error) => {
          if (e.message !== 'rollback') throw e;
        });
      return ms;
    };
    const bare = await timed((trx) =>
      sql`UPDATE payout_revenues v SET revenue_source_id = s.id, allocated_by = 'video_id' FROM revenue_sources s
          WHERE v.payout_id = ${payout.id} AND v.revenue_source_id IS NULL AND s.type = 'youtube_channel' AND s.reference_id = v.channel_id`.execute(trx),
    );
    const ours = await timed((trx) => allocateRows(trx, payout.id, ['adsense']));
    row('allocate (4 rules) vs bare UPDATE..FROM', `${seconds(ours)} (${(ours / bare).toFixed(2)}x)`, `${seconds(bare)} (target: within 2x)`);

    await db.deleteFrom('payout_revenues').where('payout_id', '=', payout.id).execute();
    await db.deleteFrom('payout_files').where('payout_id', '=', payout.id).execute();
    await db.deleteFrom('payouts').where('id', '=', payout.id).execute();
  } finally {
    await db.destroy();
    await app?.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}
