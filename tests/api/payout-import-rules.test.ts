import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_FILE_KINDS } from '../../src/shared/validation/payouts.js';
import { firstOfMonth } from '../../src/shared/validation/vendor-files.js';
import { setupApi, type TestUser } from '../support/api.js';
import {
  AFFILIATE_PAYMENT_HEADER,
  CHANNEL_ADJUSTMENTS_HEADER,
  CLAIM_RAW_HEADER,
  claimRow,
  csv,
  ECOMMERCE_CHANNEL_NAME_HEADER,
  gzip,
  lyingZip,
  multipart,
  NEWER_ASSET_SUMMARY_HEADER,
  RED_LABEL_HEADER,
  repeatedGzip,
  SHORTS_HEADER,
  VIDEO_SUMMARY_HEADER,
} from '../support/payout-reports.js';

// The rules of DOMAIN.md "Revenue import" and REPORTS.md, one per defect of issues 22 and 25. A report may
// expand to 4 MiB here (REPORT_MAX_EXPANDED_BYTES), so the 9 GiB expansion is refused at that limit.
const MAX_EXPANDED = 4 * 1024 * 1024;
const api = setupApi({ env: { REPORT_MAX_EXPANDED_BYTES: String(MAX_EXPANDED), UPLOAD_MAX_FILES: '20' } });
let staff: TestUser;

const today = new Date();
const month = firstOfMonth(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)));
const ym = month.slice(0, 7).replace('-', '');
const day = `${ym}01`;
const monthly = (kind: string, ext = 'csv', version = '1-1') => `YouTube_RuleMusic_M_${day}_${kind}_v${version}.${ext}`;
const spanning = (kind: string, ext = 'csv') => `YouTube_RuleMusic_M_${day}_${ym}28_${kind}_v1-0.${ext}`;

interface FileAnswer {
  id: number;
  name: string;
  report_name: string;
  imported_at: string | null;
  last_error: string | null;
  rows_count: number | null;
}

async function createPayout(label: string): Promise<{ id: number }> {
  const res = await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month, payout_types: ['adsense'], label } }, as: staff });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function upload(payoutId: number, files: { name: string; content: Buffer | string }[]) {
  const body = multipart(files);
  return api.request({ method: 'POST', url: `/api/payouts/${payoutId}/files`, payload: body.payload, headers: body.headers, as: staff });
}

/** Uploads, waits for the imports, and answers the payout's files by name. */
async function imported(payoutId: number, files: { name: string; content: Buffer | string }[]): Promise<Record<string, FileAnswer>> {
  const res = await upload(payoutId, files);
  expect(res.statusCode, res.body).toBe(201);
  await api.settled();
  const payout = (await api.request({ method: 'GET', url: `/api/payouts/${payoutId}`, as: staff })).json() as { files: FileAnswer[] };
  return Object.fromEntries(payout.files.map((f) => [f.name, f]));
}

async function rowsOf(fileId: number) {
  return api.db
    .selectFrom('payout_revenues')
    .select(['revenue_type', 'day', 'video_id', 'channel_id', 'channel_name', 'asset_id', 'revenue', 'currency'])
    .where('payout_file_id', '=', fileId)
    .orderBy('id')
    .execute();
}

async function rowCount(payoutId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM payout_revenues WHERE payout_id = ${payoutId}`.execute(api.db);
  return rows[0].n;
}

beforeAll(async () => {
  staff = await api.user(['payouts']);
  await api.db
    .insertInto('content_owners')
    .values({ content_owner_id: 'CO-RULE', display_name: 'Rule Music', report_filename_part: 'RuleMusic', earnings_mapping_rules: JSON.stringify([]) })
    .execute();
});

describe('revenue import (DOMAIN.md "Revenue import", REPORTS.md)', () => {
  it('stores revenue exactly as written: 12 and more decimals, exponent notation, comma or tab separated', async () => {
    const payout = await createPayout('Precision');
    const comma = csv(
      [
        claimRow({ video: 'twelve', revenue: '0.000004236151' }),
        claimRow({ video: 'fifteen', revenue: '123456789012345.123456789012345' }),
        claimRow({ video: 'exponent', revenue: '1.2E-5' }),
        claimRow({ video: 'negative_exponent', revenue: '-3.25e2' }),
      ],
      { header: CLAIM_RAW_HEADER },
    );
    const tabbed = [CLAIM_RAW_HEADER, ...[['tab1', '0.000021676471'], ['tab2', '7']].map(([video, revenue]) => CLAIM_RAW_HEADER.map((h) => claimRow({ video, revenue })[h] ?? ''))]
      .map((fields) => fields.join('\t'))
      .join('\n');
    const files = await imported(payout.id, [
      { name: monthly('claim_raw'), content: comma },
      { name: monthly('ADJ_claim_raw', 'csv.gz'), content: gzip(`Report title\n${tabbed}\n`) },
    ]);
    const claims = files[monthly('claim_raw')];
    expect(claims).toMatchObject({ last_error: null, rows_count: 4 });
    expect((await rowsOf(claims.id)).map((r) => [r.video_id, r.revenue])).toEqual([
      ['twelve', '0.000004236151'],
      ['fifteen', '123456789012345.123456789012345'],
      ['exponent', '0.000012'],
      ['negative_exponent', '-325'],
    ]);
    const tabs = files[monthly('ADJ_claim_raw', 'csv.gz')];
    expect(tabs).toMatchObject({ last_error: null, rows_count: 2 });
    expect((await rowsOf(tabs.id)).map((r) => [r.video_id, r.revenue, r.currency])).toEqual([
      ['tab1', '0.000021676471', 'USD'],
      ['tab2', '7', 'USD'],
    ]);
  });

  it('imports every layout of REPORTS.md with its revenue column, sign, currency and day', async () => {
    const payout = await createPayout('Layouts');
    const files = await imported(payout.id, [
      // Per video, no Asset ID: placed by video and channel.
      { name: monthly('video_summary'), content: csv([{ 'Video ID': 'vs1', 'Channel ID': 'UCvideo', 'Partner Revenue': '1.000000000001' }], { header: VIDEO_SUMMARY_HEADER }) },
      { name: spanning('ads_partner_revenue_month_video_summary'), content: csv([{ 'Video ID': 'ap1', 'Channel ID': 'UCads', 'Partner Revenue': '0.5' }], { header: VIDEO_SUMMARY_HEADER }) },
      // The sign comes from the adjustment type: a credit adds, a deduction subtracts.
      {
        name: monthly('channel_adjustments_summary'),
        content: csv(
          [
            { 'Channel ID': 'UCadj', 'Adjustment Type': 'MONETIZATION DISABLED', 'Deduction Amount': '5.25' },
            { 'Channel ID': 'UCadj', 'Adjustment Type': 'CREDIT - APPEAL', 'Deduction Amount': '2' },
          ],
          { header: CHANNEL_ADJUSTMENTS_HEADER },
        ),
      },
      { name: spanning('custom_month_channel_adjustments'), content: csv([{ 'Channel ID': 'UCcus', 'Adjustment Type': 'MONETIZATION DISABLED', 'Deduction Amount': '-1' }], { header: CHANNEL_ADJUSTMENTS_HEADER }) },
      // The tax withheld is a deduction, in the currency the file states.
      {
        name: `YouTube_RuleMusic_M_${ym}_affiliate_payment_summary_v1-0.csv`,
        content: csv([{ 'AdSense Earnings Month': ym, 'Channel ID': 'UCtax', 'Local Currency': 'EUR', 'Total Revenue': '100', 'US Sourced Revenue': '10', 'Tax Withholding Rate': '0.3', 'Tax Withheld Amount': '3.00' }], {
          header: AFFILIATE_PAYMENT_HEADER,
        }),
      },
      // Month becomes the row's day; an "Asset Summary" line before the header.
      {
        name: spanning('red_label_rawdata_video'),
        content: csv([{ Month: ym, 'Video ID': 'red1', 'Channel ID': 'UCred', 'Asset ID': 'A9', GRID: 'A1-2425G-ABCDEFGHIJ-M', 'Partner Revenue': '0.25' }], { header: RED_LABEL_HEADER, titleLines: ['Asset Summary'] }),
      },
      { name: spanning('red_month_subscription_video'), content: csv([{ 'Video ID': 'red2', 'Channel ID': 'UCred', 'Partner Revenue': '0.75' }], { header: VIDEO_SUMMARY_HEADER }) },
      // Newer asset summary columns and its title row: asset metadata, no revenue.
      { name: monthly('asset_summary'), content: csv([{ 'Asset ID': 'A9', 'Asset Labels': 'L1;L2', 'Partner Revenue : Pro Rata': '9' }], { header: NEWER_ASSET_SUMMARY_HEADER, titleLines: ['Asset Summary,,,'] }) },
      { name: spanning('red_music_rawdata_asset'), content: csv([{ 'Asset ID': 'A10' }], { header: NEWER_ASSET_SUMMARY_HEADER }) },
      // One metadata row, then Channel Name and Earnings (USD).
      { name: `YouTube_RuleMusic_Ecommerce_paid_features_M_${day}_${ym}28_v1-0.csv`, content: csv([{ 'Channel Name': 'Rule Channel', 'Earnings (USD)': '4.5' }], { header: ECOMMERCE_CHANNEL_NAME_HEADER, titleLines: ['Ecommerce paid features,October'] }) },
      {
        name: spanning('youtube_shorts_ads_revenue_month_global_video_summary'),
        content: csv([{ 'Video ID': 'sh1', 'Channel ID': 'UCshorts', 'Engaged Views': '10', 'Net Partner Revenue (Post revshare)': '0.125' }], { header: [...SHORTS_HEADER, 'Engaged Views'] }),
      },
    ]);
    const rows = async (name: string) => (await rowsOf(files[name].id)).map((r) => [r.revenue_type, r.video_id ?? r.channel_id, r.asset_id, r.revenue, r.currency]);
    for (const f of Object.values(files)) expect([f.name, f.last_error, f.imported_at === null]).toEqual([f.name, null, false]);
    expect(await rows(monthly('video_summary'))).toEqual([['adsense', 'vs1', null, '1.000000000001', 'USD']]);
    expect(await rows(spanning('ads_partner_revenue_month_video_summary'))).toEqual([['adsense', 'ap1', null, '0.5', 'USD']]);
    expect(await rows(monthly('channel_adjustments_summary'))).toEqual([
      ['channel_adjustments', 'UCadj', null, '-5.25', 'USD'],
      ['channel_adjustments', 'UCadj', null, '2', 'USD'],
    ]);
    expect(await rows(spanning('custom_month_channel_adjustments'))).toEqual([['channel_adjustments', 'UCcus', null, '-1', 'USD']]);
    expect(await rows(`YouTube_RuleMusic_M_${ym}_affiliate_payment_summary_v1-0.csv`)).toEqual([['withholding_tax', 'UCtax', null, '-3.00', 'EUR']]);
    const red = await rowsOf(files[spanning('red_label_rawdata_video')].id);
    expect(red.map((r) => [r.revenue_type, r.day, r.asset_id, r.revenue])).toEqual([['red', month, 'A9', '0.25']]);
    expect(await rows(spanning('red_month_subscription_video'))).toEqual([['red', 'red2', null, '0.75', 'USD']]);
    expect(await rows(`YouTube_RuleMusic_Ecommerce_paid_features_M_${day}_${ym}28_v1-0.csv`)).toEqual([['ecommerce', null, null, '4.5', 'USD']]);
    // Its channel by name, for allocation (payouts-allocation.test.ts).
    expect((await rowsOf(files[`YouTube_RuleMusic_Ecommerce_paid_features_M_${day}_${ym}28_v1-0.csv`].id)).map((r) => r.channel_name)).toEqual(['Rule Channel']);
    expect(await rows(spanning('youtube_shorts_ads_revenue_month_global_video_summary'))).toEqual([['shorts', 'sh1', null, '0.125', 'USD']]);
    const assets = await api.db.selectFrom('payout_assets').select(['asset_id', 'asset_labels']).where('payout_id', '=', payout.id).orderBy('asset_id').execute();
    expect(assets).toEqual([
      { asset_id: 'A10', asset_labels: null },
      { asset_id: 'A9', asset_labels: 'L1|L2' },
    ]);
    expect(Object.values(files).map((f) => [f.name.replace(/^YouTube_RuleMusic_/, ''), f.report_name])).toContainEqual([
      `M_${day}_${ym}28_youtube_shorts_ads_revenue_month_global_video_summary_v1-0.csv`,
      'youtube_shorts_ads_revenue_month_video_summary',
    ]);
  });

  it('refuses a layout it cannot read with the kind and the reason', async () => {
    const payout = await createPayout('Refused layouts');
    const files = await imported(payout.id, [
      { name: monthly('channel_adjustments_summary'), content: csv([{ 'Channel ID': 'UCadj', 'Deduction Amount': '5' }], { header: ['Channel ID', 'Deduction Amount'] }) },
      { name: monthly('video_summary'), content: csv([{ 'Video ID': 'v' }], { header: ['Video ID', 'Estimated Revenue'] }) },
    ]);
    expect(files[monthly('channel_adjustments_summary')].last_error).toBe(
      'line 1: a channel_adjustments_summary file needs the column Adjustment Type: it tells whether Deduction Amount is a deduction or a credit',
    );
    expect(files[monthly('video_summary')].last_error).toBe('no header row of a video_summary file found (looked for the column Partner Revenue in its first 50 lines)');
    expect(await rowCount(payout.id)).toBe(0);
  });

  it('refuses at upload a name of no known kind, listing the kinds, and a name holding a path', async () => {
    const payout = await createPayout('Names');
    const res = await upload(payout.id, [
      { name: monthly('claim_rawdata'), content: 'Partner Revenue\n1\n' },
      { name: `../${monthly('claim_raw')}`, content: 'Partner Revenue\n1\n' },
      { name: `reports/${monthly('ADJ_claim_raw')}`, content: 'Partner Revenue\n1\n' },
    ]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      files: {
        0: { name: [`error_kind_unknown: ${KNOWN_FILE_KINDS.join(', ')}`] },
        1: { name: ['error_name_path'] },
        2: { name: ['error_name_path'] },
      },
    });
    expect(KNOWN_FILE_KINDS).toEqual(expect.arrayContaining(['claim_raw', 'video_summary', 'affiliate_payment_summary', 'custom_month_channel_adjustments']));
    expect(await api.db.selectFrom('payout_files').select('id').where('payout_id', '=', payout.id).execute()).toEqual([]);
  });

  it('imports the same content once across payouts: a second upload is refused naming the payout and file that hold it', async () => {
    const first = await createPayout('First');
    const second = await createPayout('Second');
    const content = csv([claimRow({ video: 'once', revenue: '10' })], { header: CLAIM_RAW_HEADER });
    await imported(first.id, [{ name: monthly('claim_raw', 'csv', '1-1'), content }]);
    const again = await upload(second.id, [{ name: monthly('claim_raw', 'csv', '2-0'), content }]);
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().errors).toEqual({ files: { 0: { file: [`already_imported: payout ${first.id} (First, ${month.slice(0, 7)}), file ${monthly('claim_raw', 'csv', '1-1')}`] } } });
    // The same content twice in one upload: the second is refused, and so the upload.
    const twice = await upload(second.id, [
      { name: monthly('ADJ_claim_raw', 'csv', '1-0'), content: `${content}\n` },
      { name: monthly('ADJ_claim_raw', 'csv', '1-1'), content: `${content}\n` },
    ]);
    expect(twice.json().errors).toEqual({ files: { 1: { file: ['already_imported: this upload'] } } });
    expect(await rowCount(second.id)).toBe(0);
    // The database holds the rule too.
    const [held] = await api.db.selectFrom('payout_files').select(['digest', 'file_key']).where('payout_id', '=', first.id).execute();
    await expect(
      api.db.insertInto('payout_files').values({ payout_id: second.id, name: 'copy.csv', extension: 'csv', size: 1, report_name: 'claim_raw', file_key: held.file_key, digest: held.digest }).execute(),
    ).rejects.toThrow(/payout_files_digest_key/);
  });

  it('fails the whole file at a row it cannot read, naming the line, and keeps no row', async () => {
    const payout = await createPayout('Unreadable rows');
    const good = (video: string) => claimRow({ video, revenue: '1' });
    const body = (rows: string[]) => [CLAIM_RAW_HEADER.join(','), ...rows].join('\n');
    const line = (video: string) => CLAIM_RAW_HEADER.map((h) => good(video)[h] ?? '').join(',');
    const files = await imported(payout.id, [
      // A cut-off download: the last row has 6 of 24 columns and no line end.
      { name: monthly('claim_raw', 'csv', '1-0'), content: body([line('a'), line('b'), line('c').split(',').slice(0, 6).join(',')]) },
      { name: monthly('claim_raw', 'csv', '1-1'), content: body([line('d'), 'GARBAGE', line('e')]) + '\n' },
      { name: monthly('claim_raw', 'csv', '1-2'), content: body([line('f'), line('g').replace(/,1$/, ',1.5.1'), '']) },
      { name: monthly('claim_raw', 'csv', '1-3'), content: body([line('h'), `"unclosed${line('i')}`]) + '\n' },
    ]);
    expect(Object.values(files).map((f) => [f.name.slice(-7), f.last_error, f.imported_at])).toEqual([
      ['1-0.csv', 'line 4: 6 columns where the header has 24', null],
      ['1-1.csv', 'line 3: 1 column where the header has 24', null],
      ['1-2.csv', 'line 3: Partner Revenue "1.5.1" is not a number', null],
      ['1-3.csv', 'line 3: a quoted field is not closed', null],
    ]);
    expect(await rowCount(payout.id)).toBe(0);
  });

  it('ends a failed zip import with last_error: an entry longer than its header declares', async () => {
    const payout = await createPayout('Lying zip');
    const content = csv(Array.from({ length: 20 }, (_, i) => claimRow({ video: `z${i}`, revenue: '1' })), { header: CLAIM_RAW_HEADER });
    const files = await imported(payout.id, [{ name: monthly('claim_raw', 'zip'), content: await lyingZip('claims.csv', content, 100) }]);
    const file = files[monthly('claim_raw', 'zip')];
    expect(file.imported_at).toBeNull();
    expect(file.last_error).toMatch(/^claims\.csv: the zip entry is refused: too many bytes in the stream/);
    expect(await rowCount(payout.id)).toBe(0);
  });

  it('refuses a line past REPORT_MAX_LINE_CHARS, however long (a header and 1 GiB of A without a line end)', async () => {
    const payout = await createPayout('Long line');
    const block = 'A'.repeat(16 * 1024 * 1024);
    const content = repeatedGzip(`${CLAIM_RAW_HEADER.join(',')}\n`, block, 64);
    expect(content.length).toBeLessThan(2 * 1024 * 1024);
    const files = await imported(payout.id, [{ name: monthly('claim_raw', 'csv.gz'), content }]);
    expect(files[monthly('claim_raw', 'csv.gz')]).toMatchObject({
      imported_at: null,
      last_error: 'line 2: longer than 1048576 characters (a line end or a closing quote is missing)',
    });
  });

  it('refuses a report that expands past REPORT_MAX_EXPANDED_BYTES at the limit (a 9 GiB gzip of valid rows)', async () => {
    const payout = await createPayout('Expansion');
    const row = `${CLAIM_RAW_HEADER.map((h) => claimRow({ video: 'bomb', revenue: '0.01' })[h] ?? '').join(',')}\n`;
    const block = row.repeat(Math.floor((16 * 1024 * 1024) / row.length));
    const times = Math.ceil((9 * 1024 ** 3) / block.length);
    const content = repeatedGzip(`${CLAIM_RAW_HEADER.join(',')}\n`, block, times);
    expect(content.length).toBeLessThan(32 * 1024 * 1024);
    const files = await imported(payout.id, [{ name: monthly('claim_raw', 'csv.gz'), content }]);
    expect(files[monthly('claim_raw', 'csv.gz')]).toMatchObject({ imported_at: null, last_error: `the file expands past ${MAX_EXPANDED} bytes` });
    expect(await rowCount(payout.id)).toBe(0);
  });

  it("queues a payout's imports behind those it already has, so another payout's upload goes first", async () => {
    const busy = await createPayout('Busy');
    const other = await createPayout('Other');
    const file = (v: string) => csv([claimRow({ video: v, revenue: '1' })], { header: CLAIM_RAW_HEADER });
    const res = await upload(busy.id, [
      { name: monthly('claim_raw', 'csv', '3-0'), content: file('q1') },
      { name: monthly('claim_raw', 'csv', '3-1'), content: file('q2') },
      { name: monthly('claim_raw', 'csv', '3-2'), content: file('q3') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const later = await upload(other.id, [{ name: monthly('claim_raw', 'csv', '4-0'), content: file('q4') }]);
    expect(later.statusCode, later.body).toBe(201);
    const { rows } = await sql<{ name: string; priority: number }>`
      SELECT f.name, j.priority FROM payout_files f
      JOIN job_links l ON l.entity_type = 'PayoutFile' AND l.entity_id = f.id JOIN pgboss.job j ON j.id = l.job_id
      WHERE f.payout_id IN (${busy.id}, ${other.id}) ORDER BY f.id`.execute(api.db);
    expect(rows.map((r) => r.priority)).toEqual([0, -1, -2, 0]);
    await api.settled();
  });
});
