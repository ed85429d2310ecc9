import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupApi } from '../support/api.js';
import { finishWithRestartedWorker, hold, killMidRun, killWorkers, startWorker, waitingIn } from '../support/killed-worker.js';
import { CLAIM_RAW_HEADER, claimRow, csv } from '../support/payout-reports.js';

/**
 * A revenue report's import against a real crash: the file's import job is worked by a separate worker process,
 * killed with SIGKILL after its COPY wrote every row, while the same transaction waits to record the report's
 * channels, and a restarted worker finishes the same job. Every report row must be imported exactly once, with
 * the report's total, and the file marked imported.
 */
// No workers in this process: the forked worker must be the one that imports.
const api = setupApi({ workers: false });
const ROWS = 2000;
/** Ten channels; the report's rows take them in turn. */
const channel = (i: number) => `UCabsturz${i % 10}`;
let ownerId = 0;
let fileId = 0;

beforeAll(async () => {
  ownerId = (
    await api.db
      .insertInto('content_owners')
      .values({ content_owner_id: 'CO-ABSTURZ', display_name: 'Absturz Music', report_filename_part: 'AbsturzMusic', earnings_mapping_rules: JSON.stringify([]) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const payout = (await api.db.insertInto('payouts').values({ month: '2026-01-01', payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow()).id;
  // Row i earns i.0001 USD: the report's total is 1 + … + 2000 plus 2000 × 0.0001.
  const rows = Array.from({ length: ROWS }, (_, n) => claimRow({ video: `vid${String(n + 1).padStart(8, '0')}`, channel: channel(n + 1), revenue: `${n + 1}.0001` }));
  const stored = await api.ctx.storage.put(Buffer.from(csv(rows, { header: CLAIM_RAW_HEADER })), 'csv');
  fileId = (
    await api.db
      .insertInto('payout_files')
      .values({
        payout_id: payout,
        name: 'YouTube_AbsturzMusic_M_20260101_claim_raw_v1-1.csv',
        extension: 'csv',
        size: stored.size,
        report_name: 'claim_raw',
        revenue_type: 'adsense',
        content_owner_id: ownerId,
        file_key: stored.key,
        digest: stored.digest,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(killWorkers);

const imported = async () =>
  (
    await sql<{ rows: number; videos: number; total: string | null }>`
      SELECT count(*)::int AS rows, count(DISTINCT video_id)::int AS videos, sum(revenue)::text AS total FROM payout_revenues WHERE payout_file_id = ${fileId}`.execute(api.db)
  ).rows[0];
const fileState = () => api.db.selectFrom('payout_files').select(['imported_at', 'last_error', 'rows_count']).where('id', '=', fileId).executeTakeFirstOrThrow();

describe('the revenue import in a worker process killed with SIGKILL', () => {
  it('is finished by a restarted worker: every row imported exactly once, the file imported', { timeout: 120_000 }, async () => {
    // An uncommitted row with the key of one of the report's channels: the import's INSERT of its channels waits for this transaction.
    const held = await hold(api, ['INSERT INTO report_channels (channel_id, content_owner_id) VALUES ($1, $2)', [channel(1), ownerId]]);
    const worker = startWorker(api);
    await worker.ready;
    const jobId = await worker.send('import', fileId);

    // The state to kill in: the COPY done, the channels' INSERT waiting; nothing committed.
    const waiting = await vi.waitFor(() => waitingIn(api, '%INSERT INTO report_channels%'), { timeout: 60_000, interval: 50 });
    expect(await imported()).toEqual({ rows: 0, videos: 0, total: null });
    await killMidRun(api, worker, held, waiting);
    expect(await imported()).toEqual({ rows: 0, videos: 0, total: null });
    expect(await fileState()).toEqual({ imported_at: null, last_error: null, rows_count: null });

    await finishWithRestartedWorker(api, jobId);

    // Each report row once, with the report's total, and the file imported with their count.
    expect(await imported()).toEqual({ rows: ROWS, videos: ROWS, total: '2001000.2000' });
    expect(await fileState()).toEqual({ imported_at: expect.any(Date), last_error: null, rows_count: ROWS });
    const channels = await api.db.selectFrom('report_channels').select('channel_id').where('content_owner_id', '=', ownerId).orderBy('channel_id').execute();
    expect(channels.map((c) => c.channel_id)).toEqual(Array.from({ length: 10 }, (_, i) => channel(i)).sort());
  });
});
