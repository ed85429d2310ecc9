import { sql } from 'kysely';
import { allocateRows } from '../../modules/payouts/allocation.js';
import type { Db } from '../connection.js';
import type { DemoSeed } from './index.js';
import '../../modules/content-owners/tables.js';
import '../../modules/payouts/tables.js';

/**
 * A payout of the previous month with the two demo content owners' report files as imported: claim
 * rows that hit the demo channels and labels (by video channel, by asset label through the asset
 * summary, and the Night Owl channel override), premium (red) rows, and rows no rule places, which the
 * unallocated revenues screen shows. Allocated for adsense and red, as a finished import would be. The
 * seed has no file storage, so the files are rows only (their download answers 404).
 */
const CHANNELS = ['UCk3Lm9QpR2sT5vW8xY1zA4b', 'UCa7Bc2De5Fg8Hj1Kl4Mn7Pq', 'UCn0Wl8Bt3Sx6Yz9Ab2Cd5Ef', 'UCp1Xa4Rn7Gm0Vb3Tq6Ls9Wd'];
const LABELS = ['Northern Lights Records', 'Sonic Garden'];

function previousMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
}

/** A deterministic revenue with 6 decimals, as YouTube reports them; every 9th row a negative adjustment. */
const revenue = (i: number) => `${i % 9 === 0 ? '-' : ''}${(i * 37) % 40}.${String((i * 7919) % 1_000_000).padStart(6, '0')}`;

export const demoPayouts: DemoSeed = {
  name: 'payouts',
  async run(db: Db) {
    const owners = await db.selectFrom('content_owners').select(['id', 'report_filename_part']).where('report_filename_part', 'in', ['RemitMusicDemo', 'RemitEntertainmentDemo']).orderBy('id').execute();
    if (owners.length === 0) return;
    const month = previousMonth();
    const ym = month.slice(0, 7).replace('-', '');
    const { id: payoutId } = await db.insertInto('payouts').values({ month, label: 'Demo payout', payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow();
    await sql`
      INSERT INTO currency_rates (date, base_currency, target_currency, rate, payout_id)
      SELECT ${month}::date, 'USD', c.currency,
        coalesce((SELECT r.rate FROM currency_rates r WHERE r.payout_id IS NULL AND r.base_currency = 'USD' AND r.target_currency = c.currency ORDER BY r.date DESC LIMIT 1), 0),
        ${payoutId}
      FROM (SELECT DISTINCT currency FROM contracts WHERE state IN ('signed', 'terminated') AND currency <> 'USD') c`.execute(db);

    for (const [n, owner] of owners.entries()) {
      const file = (kind: string, revenueType: string | null, rows: number, name = `YouTube_${owner.report_filename_part}_M_${ym}01_${kind}_v1-1.csv.gz`) =>
        db
          .insertInto('payout_files')
          .values({
            payout_id: payoutId,
            name,
            extension: 'gz',
            size: 1024 + rows * 180,
            version: '1-1',
            report_name: kind,
            revenue_type: revenueType,
            content_owner_id: owner.id,
            // No stored file behind it (see above): a key no file has.
            file_key: `00000000-0000-4000-8000-${String(n * 10 + rows).padStart(12, '0')}.gz`,
            digest: '0'.repeat(64),
            imported_at: new Date(),
            rows_count: rows,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const assets = await file('asset_summary', null, LABELS.length);
      await db
        .insertInto('payout_assets')
        .values(LABELS.map((label, i) => ({ payout_id: payoutId, payout_file_id: assets.id, content_owner_id: owner.id, asset_id: `DEMO-A${n}${i}`, asset_type: 'Music Video', asset_labels: label })))
        .execute();
      const claims = await file('claim_raw', 'adsense', 24);
      await db
        .insertInto('payout_revenues')
        .values(
          Array.from({ length: 24 }, (_, i) => ({
            payout_id: payoutId,
            payout_file_id: claims.id,
            content_owner_id: owner.id,
            revenue_type: 'adsense',
            day: `${month.slice(0, 8)}${String(1 + (i % 28)).padStart(2, '0')}`,
            country: ['DE', 'AT', 'US', 'GB'][i % 4],
            video_id: `demo${n}v${i}`,
            // Every 6th row comes from a channel no source knows: it stays unallocated.
            channel_id: i % 6 === 5 ? `UCunknownDemoChannel0000${i % 10}` : CHANNELS[i % CHANNELS.length],
            asset_id: i % 3 === 0 ? `DEMO-A${n}${i % LABELS.length}` : `DEMO-X${i}`,
            asset_type: i % 3 === 0 ? 'Music Video' : 'Web',
            revenue: revenue(i + n * 24),
          })),
        )
        .execute();
      const red = await file('red_rawdata_video', 'red', 6, `YouTube_${owner.report_filename_part}_M_${ym}01_${ym}28_red_rawdata_video_v1-1.csv.gz`);
      await db
        .insertInto('payout_revenues')
        .values(
          Array.from({ length: 6 }, (_, i) => ({
            payout_id: payoutId,
            payout_file_id: red.id,
            content_owner_id: owner.id,
            revenue_type: 'red',
            day: `${month.slice(0, 8)}01`,
            country: 'DE',
            video_id: `demo${n}r${i}`,
            channel_id: i === 5 ? 'UCunknownDemoChannel00009' : CHANNELS[(i + n) % CHANNELS.length],
            revenue: revenue(100 + i + n * 6).replace('-', ''),
          })),
        )
        .execute();
    }
    // As the import does: the files' channels become known to the channel search.
    await sql`INSERT INTO report_channels (channel_id, content_owner_id)
      SELECT DISTINCT channel_id, content_owner_id FROM payout_revenues WHERE payout_id = ${payoutId} AND channel_id <> '' ON CONFLICT DO NOTHING`.execute(db);
    await allocateRows(db, payoutId, ['adsense', 'red']);
    await db.updateTable('payouts').set({ allocated_revenue_types: ['adsense', 'red'] }).where('id', '=', payoutId).execute();
  },
};
