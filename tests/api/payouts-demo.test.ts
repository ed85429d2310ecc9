import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seeds } from '../../src/server/db/demo/seeds.js';
import { REVENUE_FIELDS, ReportParser } from '../../src/server/modules/payouts/report-parser.js';
import type { PayoutFileKind } from '../../src/shared/validation/payouts.js';
import { toDecimal } from '../../src/shared/money.js';
import { setupApi } from '../support/api.js';

const api = setupApi();

describe('payout demo data', () => {
  it('loads a previous-month payout whose demo report rows are allocated, some unallocated, and reconcile', async () => {
    await api.db.transaction().execute(async (trx) => {
      for (const seed of seeds) await seed.run(trx, { storage: api.ctx.storage });
    });
    const staff = await api.user(['payouts', 'unallocated_revenues']);
    const list = (await api.request({ method: 'GET', url: '/api/payouts', as: staff })).json();
    expect(list.entries).toHaveLength(1);
    const payout = (await api.request({ method: 'GET', url: `/api/payouts/${list.entries[0].id}`, as: staff })).json();
    expect(payout).toMatchObject({ label: 'Demo payout', allocated_revenue_types: ['adsense', 'red'], jobs_pending: false });
    expect(payout.files).toHaveLength(6);
    expect(payout.reconciliation.map((r: { revenue_type: string }) => r.revenue_type)).toEqual(['adsense', 'red']);
    for (const r of payout.reconciliation) {
      expect(r.balanced).toBe(true);
      expect(Number(r.allocated)).not.toBe(0);
      expect(Number(r.unallocated)).not.toBe(0);
    }
    // Each file downloads as a .csv.gz whose rows, read by the import's parser, are the file's revenue rows.
    for (const file of payout.files as { id: number; name: string; report_name: PayoutFileKind; rows_count: number }[]) {
      const download = await api.request({ method: 'GET', url: `/api/payouts/${payout.id}/files/${file.id}`, as: staff });
      expect(download.statusCode, file.name).toBe(200);
      expect(download.headers['content-disposition']).toBe(`attachment; filename="${file.name}"`);
      let copy = '';
      const parser = new ReportParser({ kind: file.report_name, prefix: '', emit: (text) => (copy += text) });
      parser.feed(gunzipSync(download.rawPayload).toString('utf8'));
      parser.end();
      expect(parser.rows).toBe(file.rows_count);
      if (parser.target !== 'revenues') continue;
      // A row is the REVENUE_FIELDS columns in order (the prefix is empty), then the revenue.
      const at = (name: (typeof REVENUE_FIELDS)[number][0]) => REVENUE_FIELDS.findIndex(([n]) => n === name);
      const read = copy.trimEnd().split('\n').map((line) => line.split('\t')).map((f) => [f[at('day')], f[at('country')], f[at('video_id')], f[at('channel_id')], f[REVENUE_FIELDS.length]]);
      const stored = await api.db.selectFrom('payout_revenues').select(['day', 'country', 'video_id', 'channel_id', 'revenue']).where('payout_file_id', '=', file.id).orderBy('id').execute();
      expect(read.map(([day, country, video, channel, revenue]) => [`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`, country, video, channel, toDecimal(revenue).toFixed(10)])).toEqual(
        stored.map((r) => [r.day, r.country, r.video_id, r.channel_id, toDecimal(r.revenue).toFixed(10)]),
      );
    }
    const unallocated = (await api.request({ method: 'GET', url: `/api/unallocated_revenues?filter[month]=${payout.month}`, as: staff })).json();
    expect(unallocated.total).toBe(10);
    // The owners' rules place rows by the Night Owl channel override, by asset label (through the summary) and by channel.
    const rules = await api.db.selectFrom('payout_revenues').select('allocated_by').distinct().where('allocated_by', 'is not', null).execute();
    expect(rules.map((r) => r.allocated_by).sort()).toEqual(['asset_label', 'channel_override', 'video_id']);
    // A channel only the demo reports carry is offered by the channel search.
    const sources = await api.user(['revenue_sources']);
    const hits = (await api.request({ method: 'GET', url: '/api/youtube_channels/search?q=UCunknownDemoChannel00009', as: sources })).json();
    expect(hits).toEqual([{ channel_id: 'UCunknownDemoChannel00009', title: null }]);
  });
});
