import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupApi } from '../support/api.js';
import { auditTrail } from '../support/audit.js';
import { finishWithRestartedWorker, hold, killMidRun, killWorkers, startWorker, waitingIn } from '../support/killed-worker.js';

/**
 * Allocating and releasing a payout's revenue against a real crash: each job is worked by a separate worker
 * process, killed with SIGKILL while its one UPDATE of the revenue rows waits for the last row (every other row
 * placed, or released, in the uncommitted transaction), and a restarted worker finishes the same job. Every row
 * must end placed once by its rule (or released), the payout's allocated types and its audit trail written once.
 */
// No workers in this process: the forked worker must be the one that allocates and releases.
const api = setupApi({ workers: false });
const TYPES = ['adsense', 'red'];
/** Rows per type; row g is on channel g % 6, of which channels 0 to 4 are revenue sources (5 stays unallocated). */
const ROWS = 600;
let payoutId = 0;
let lastRow = 0;
/** Per channel, the revenue of its rows: what allocation must give its source. */
let byChannel: { channel_id: string; total: string; rows: number }[] = [];

beforeAll(async () => {
  const owner = await api.db
    .insertInto('content_owners')
    .values({ content_owner_id: 'CO-ALLOC', display_name: 'Absturz Alloc', report_filename_part: 'AbsturzAlloc', earnings_mapping_rules: JSON.stringify([{ asset_type: 'all', rules: ['video_id'] }]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO revenue_sources (type, reference_id) SELECT 'youtube_channel', 'UCalloc' || k FROM generate_series(0, 4) k`.execute(api.db);
  payoutId = (await api.db.insertInto('payouts').values({ month: '2026-01-01', payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow()).id;
  await sql`
    INSERT INTO payout_revenues (payout_id, payout_file_id, content_owner_id, revenue_type, video_id, channel_id, revenue)
    SELECT ${payoutId}, 0, ${owner.id}, t, 'vid' || g, 'UCalloc' || (g % 6), (g || '.0000000001')::numeric
    FROM unnest(${TYPES}::text[]) t CROSS JOIN generate_series(1, ${ROWS}) g`.execute(api.db);
  lastRow = Number((await api.db.selectFrom('payout_revenues').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
  byChannel = (
    await sql<{ channel_id: string; total: string; rows: number }>`
      SELECT channel_id, sum(revenue)::text AS total, count(*)::int AS rows FROM payout_revenues WHERE payout_id = ${payoutId} GROUP BY channel_id ORDER BY channel_id`.execute(api.db)
  ).rows;
});

afterAll(killWorkers);

/** Per channel: the sources its rows were placed on (null: unplaced), by which rule, their revenue and count. */
const placed = async () =>
  (
    await sql<{ channel_id: string; source: string | null; allocated_by: string | null; total: string; rows: number }>`
      SELECT r.channel_id, s.reference_id AS source, r.allocated_by, sum(r.revenue)::text AS total, count(*)::int AS rows
      FROM payout_revenues r LEFT JOIN revenue_sources s ON s.id = r.revenue_source_id
      WHERE r.payout_id = ${payoutId} GROUP BY 1, 2, 3 ORDER BY 1, 2`.execute(api.db)
  ).rows;
const payout = () => api.db.selectFrom('payouts').select('allocated_revenue_types').where('id', '=', payoutId).executeTakeFirstOrThrow();

/** Runs the job in a worker killed while the UPDATE of the revenue rows (`statement`, ILIKE) waits for the last row, then in a restarted one. */
async function killedAndRestarted(kind: 'allocate' | 'release', statement: string) {
  const before = await placed();
  const held = await hold(api, ['SELECT id FROM payout_revenues WHERE id = $1 FOR UPDATE', [lastRow]]);
  const worker = startWorker(api);
  await worker.ready;
  const jobId = await worker.send(kind, payoutId, TYPES);
  const waiting = await vi.waitFor(() => waitingIn(api, statement), { timeout: 60_000, interval: 50 });
  await killMidRun(api, worker, held, waiting);
  // Nothing of the killed run committed.
  expect(await placed()).toEqual(before);
  await finishWithRestartedWorker(api, jobId);
}

describe('revenue allocation in a worker process killed with SIGKILL', () => {
  it('allocate is finished by a restarted worker: each row placed once, by its rule, with the exact sums', { timeout: 120_000 }, async () => {
    await killedAndRestarted('allocate', '%UPDATE payout_revenues v SET revenue_source_id%');

    // Channels 0 to 4 on their sources with all their revenue, channel 5 unplaced.
    expect(await placed()).toEqual(
      byChannel.map((c) => ({ ...c, source: c.channel_id === 'UCalloc5' ? null : c.channel_id, allocated_by: c.channel_id === 'UCalloc5' ? null : 'video_id' })),
    );
    expect(await payout()).toEqual({ allocated_revenue_types: TYPES });
    const trail = (await auditTrail(api.db, 'Payout', payoutId)).filter((a) => a.action === 'allocate_revenues');
    expect(trail.map((a) => a.audited_changes)).toEqual([{ allocated_revenue_types: [[], TYPES], rows: [null, (ROWS * 2 * 5) / 6] }]);
  });

  it('release is finished by a restarted worker: every row released, the types allocated no more', { timeout: 120_000 }, async () => {
    await killedAndRestarted('release', '%UPDATE payout_revenues SET revenue_source_id = NULL%');

    expect(await placed()).toEqual(byChannel.map((c) => ({ ...c, source: null, allocated_by: null })));
    expect(await payout()).toEqual({ allocated_revenue_types: [] });
    const trail = (await auditTrail(api.db, 'Payout', payoutId)).filter((a) => a.action === 'delete_revenues');
    expect(trail.map((a) => a.audited_changes)).toEqual([{ allocated_revenue_types: [TYPES, []], rows: [null, (ROWS * 2 * 5) / 6] }]);
  });
});
