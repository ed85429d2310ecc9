import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { allocateRows } from '../../modules/payouts/allocation.js';
import { ASSET_SUMMARY_HEADER, CLAIM_RAW_HEADER, claimRow, csv, gzip, RED_HEADER, type ReportRow } from '../../modules/payouts/report-files.js';
import type { Db } from '../connection.js';
import type { DemoEnv, DemoSeed } from './index.js';
import '../../modules/content-owners/tables.js';
import '../../modules/payouts/tables.js';

/**
 * A payout of the previous month with the two demo content owners' report files as imported: claim
 * rows that hit the demo channels and labels (by video channel, by asset label through the asset
 * summary, and the Night Owl channel override), premium (red) rows, and rows no rule places, which the
 * unallocated revenues screen shows. Allocated for adsense and red, as a finished import would be.
 * Each file is a real .csv.gz in storage, written from the same rows the seed inserts, so it downloads
 * and reads as what was imported (without storage, in some tests, the files are rows only).
 */
const CHANNELS = ['UCk3Lm9QpR2sT5vW8xY1zA4b', 'UCa7Bc2De5Fg8Hj1Kl4Mn7Pq', 'UCn0Wl8Bt3Sx6Yz9Ab2Cd5Ef', 'UCp1Xa4Rn7Gm0Vb3Tq6Ls9Wd'];
const LABELS = ['Northern Lights Records', 'Sonic Garden'];

function previousMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
}

/** A deterministic revenue with 6 decimals, as YouTube reports them; every 9th row a negative adjustment. */
const revenue = (i: number) => `${i % 9 === 0 ? '-' : ''}${(i * 37) % 40}.${String((i * 7919) % 1_000_000).padStart(6, '0')}`;

/** A report's Day: `20261001` for the row's `2026-10-01`. */
const reportDay = (day: string) => day.replaceAll('-', '');

/** The file's report text gzipped into storage; without storage a key no file has. */
async function storeReport(env: DemoEnv | undefined, rows: ReportRow[], header: string[], fallbackKey: string) {
  const data = gzip(csv(rows, { header }));
  // Its real digest either way: digests are unique across payouts (DOMAIN "Revenue import").
  if (!env?.storage) return { key: fallbackKey, size: data.length, digest: createHash('sha256').update(data).digest('hex') };
  return env.storage.put(data, 'gz');
}

export const demoPayouts: DemoSeed = {
  name: 'payouts',
  async run(db: Db, env?: DemoEnv) {
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
      const file = async (kind: string, revenueType: string | null, report: { rows: ReportRow[]; header: string[] }, name = `YouTube_${owner.report_filename_part}_M_${ym}01_${kind}_v1-1.csv.gz`) => {
        const stored = await storeReport(env, report.rows, report.header, `00000000-0000-4000-8000-${String(n * 100 + report.rows.length).padStart(12, '0')}.gz`);
        return db
          .insertInto('payout_files')
          .values({
            payout_id: payoutId,
            name,
            extension: 'gz',
            size: stored.size,
            version: '1-1',
            report_name: kind,
            revenue_type: revenueType,
            content_owner_id: owner.id,
            file_key: stored.key,
            digest: stored.digest,
            imported_at: new Date(),
            rows_count: report.rows.length,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      };
      const assetRows = LABELS.map((label, i) => ({ asset_id: `DEMO-A${n}${i}`, asset_type: 'Music Video', asset_labels: label }));
      const assets = await file('asset_summary', null, {
        header: ASSET_SUMMARY_HEADER,
        rows: assetRows.map((a) => ({ 'Asset ID': a.asset_id, 'Asset Title': `${a.asset_labels} (demo)`, 'Asset Labels': a.asset_labels, 'Asset Type': a.asset_type, 'Partner Revenue': '0' })),
      });
      await db
        .insertInto('payout_assets')
        .values(assetRows.map((a) => ({ payout_id: payoutId, payout_file_id: assets.id, content_owner_id: owner.id, ...a })))
        .execute();
      const claimRows = Array.from({ length: 24 }, (_, i) => ({
        day: `${month.slice(0, 8)}${String(1 + (i % 28)).padStart(2, '0')}`,
        country: ['DE', 'AT', 'US', 'GB'][i % 4],
        video_id: `demo${n}v${i}`,
        // Every 6th row comes from a channel no source knows: it stays unallocated.
        channel_id: i % 6 === 5 ? `UCunknownDemoChannel0000${i % 10}` : CHANNELS[i % CHANNELS.length],
        asset_id: i % 3 === 0 ? `DEMO-A${n}${i % LABELS.length}` : `DEMO-X${i}`,
        asset_type: i % 3 === 0 ? 'Music Video' : 'Web',
        revenue: revenue(i + n * 24),
      }));
      const claims = await file('claim_raw', 'adsense', {
        header: CLAIM_RAW_HEADER,
        rows: claimRows.map((r) => claimRow({ day: reportDay(r.day), country: r.country, video: r.video_id, channel: r.channel_id, asset: r.asset_id, assetType: r.asset_type, revenue: r.revenue })),
      });
      await db
        .insertInto('payout_revenues')
        .values(claimRows.map((r) => ({ payout_id: payoutId, payout_file_id: claims.id, content_owner_id: owner.id, revenue_type: 'adsense', ...r })))
        .execute();
      const redRows = Array.from({ length: 6 }, (_, i) => ({
        day: `${month.slice(0, 8)}01`,
        country: 'DE',
        video_id: `demo${n}r${i}`,
        channel_id: i === 5 ? 'UCunknownDemoChannel00009' : CHANNELS[(i + n) % CHANNELS.length],
        revenue: revenue(100 + i + n * 6).replace('-', ''),
      }));
      const red = await file(
        'red_rawdata_video',
        'red',
        {
          header: RED_HEADER,
          rows: redRows.map((r) => ({ Day: reportDay(r.day), Country: r.country, 'Video ID': r.video_id, 'Channel ID': r.channel_id, 'Content Type': 'UGC', 'Partner Revenue': r.revenue })),
        },
        `YouTube_${owner.report_filename_part}_M_${ym}01_${ym}28_red_rawdata_video_v1-1.csv.gz`,
      );
      await db
        .insertInto('payout_revenues')
        .values(redRows.map((r) => ({ payout_id: payoutId, payout_file_id: red.id, content_owner_id: owner.id, revenue_type: 'red', ...r })))
        .execute();
    }
    // As the import does: the files' channels become known to the channel search.
    await sql`INSERT INTO report_channels (channel_id, content_owner_id)
      SELECT DISTINCT channel_id, content_owner_id FROM payout_revenues WHERE payout_id = ${payoutId} AND channel_id <> '' ON CONFLICT DO NOTHING`.execute(db);
    await allocateRows(db, payoutId, ['adsense', 'red']);
    await db.updateTable('payouts').set({ allocated_revenue_types: ['adsense', 'red'] }).where('id', '=', payoutId).execute();
  },
};
