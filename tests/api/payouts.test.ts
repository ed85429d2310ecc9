import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { importPayoutFile } from '../../src/server/modules/payouts/import-job.js';
import { KNOWN_FILE_KINDS } from '../../src/shared/validation/payouts.js';
import { firstOfMonth } from '../../src/shared/validation/vendor-files.js';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';
import '../../src/server/modules/revenue-sources/tables.js';
import {
  ASSET_SUMMARY_HEADER,
  CLAIM_RAW_HEADER,
  claimRow,
  csv,
  DIRECT_HEADER,
  ECOMMERCE_HEADER,
  gzip,
  multipart,
  RED_HEADER,
  SHORTS_HEADER,
  TAX_HEADER,
  traversalZip,
  zip,
} from '../support/payout-reports.js';

const api = setupApi();
let staff: TestUser;
let outsider: TestUser;
let ownerId: number;

const today = new Date();
const month = firstOfMonth(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)));
const ym = month.slice(0, 7).replace('-', '');
const day = `${ym}01`;
const name = (kind: string, ext = 'csv') => `YouTube_NordlichtMusic_M_${day}_${kind}_v1-1.${ext}`;

interface PayoutAnswer {
  id: number;
  files: { id: number; name: string; imported_at: string | null; last_error: string | null; rows_count: number | null; can_be_deleted: boolean }[];
  reconciliation: { revenue_type: string; imported: string; allocated: string; unallocated: string; balanced: boolean }[];
  jobs_pending: boolean;
  can_be_deleted: boolean;
  can_allocate_revenues: boolean;
}

async function createPayout(types = ['adsense'], label = 'Test payout'): Promise<PayoutAnswer> {
  const res = await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month, payout_types: types, label } }, as: staff });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function upload(payoutId: number, files: { name: string; content: Buffer | string }[]) {
  const body = multipart(files);
  return api.request({ method: 'POST', url: `/api/payouts/${payoutId}/files`, payload: body.payload, headers: body.headers, as: staff });
}

async function read(payoutId: number): Promise<PayoutAnswer> {
  const res = await api.request({ method: 'GET', url: `/api/payouts/${payoutId}`, as: staff });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function rowsOf(fileId: number) {
  return api.db.selectFrom('payout_revenues').selectAll().where('payout_file_id', '=', fileId).orderBy('id').execute();
}

async function totalOf(fileId: number): Promise<string> {
  const { rows } = await sql<{ total: string | null }>`SELECT sum(revenue)::text AS total FROM payout_revenues WHERE payout_file_id = ${fileId}`.execute(api.db);
  return rows[0].total ?? '0';
}

beforeAll(async () => {
  staff = await api.user(['payouts']);
  outsider = await api.user(['vendors']);
  const owner = await api.db
    .insertInto('content_owners')
    .values({ content_owner_id: 'CO-NORD', display_name: 'Nordlicht Music', report_filename_part: 'NordlichtMusic', earnings_mapping_rules: JSON.stringify([]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  ownerId = owner.id;
});

describe('payouts', () => {
  it('creates with the rules of 5.2, answers flags, and lists', async () => {
    const bad = await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month: `${month.slice(0, 8)}02`, payout_types: [] } }, as: staff });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ month: ['invalid'], payout_types: ['too_few'] });
    const future = await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month: '2999-01-01', payout_types: ['adsense'] } }, as: staff });
    expect(future.json().errors).toEqual({ month: ['in_future'] });
    expect((await api.request({ method: 'GET', url: '/api/payouts', as: outsider })).statusCode).toBe(403);

    const payout = await createPayout(['adsense', 'direct']);
    expect(payout).toMatchObject({ jobs_pending: false, can_be_deleted: true, can_allocate_revenues: false, files: [] });
    const list = await api.request({ method: 'GET', url: '/api/payouts?sort_by=month', as: staff });
    expect(list.json().entries.map((p: { id: number }) => p.id)).toContain(payout.id);
    expect((await auditTrail(api.db, 'Payout', payout.id))[0].action).toBe('create');
  });

  it('saves currency rates as a whole, prefilled from the newest admin rate of each contract currency', async () => {
    const payout = await createPayout();
    const url = `/api/payouts/${payout.id}/currency_rates`;
    expect((await api.request({ method: 'GET', url, as: staff })).json()).toEqual({ currency_rates: [] });
    const saved = await api.request({
      method: 'POST',
      url,
      payload: { currency_rates: [{ base_currency: 'USD', target_currency: 'EUR', rate: '0.9234567891' }, { base_currency: 'USD', target_currency: 'GBP', rate: '0' }] },
      as: staff,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rates = saved.json().currency_rates as { id: number; target_currency: string; rate: string }[];
    expect(rates.map((r) => [r.target_currency, r.rate])).toEqual([['EUR', '0.9234567891'], ['GBP', '0.0000000000']]);
    // The whole list: GBP left out goes, EUR keeps its id with the new rate.
    const again = await api.request({ method: 'POST', url, payload: { currency_rates: [{ id: rates[0].id, base_currency: 'USD', target_currency: 'EUR', rate: '0.95' }] }, as: staff });
    expect(again.json().currency_rates).toEqual([{ id: rates[0].id, base_currency: 'USD', target_currency: 'EUR', rate: '0.9500000000' }]);
    const invalid = await api.request({ method: 'POST', url, payload: { currency_rates: [{ base_currency: 'USD', target_currency: 'EUR', rate: 'abc' }] }, as: staff });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ currency_rates: { 0: { rate: ['invalid'] } } });
  });

  it("answers the content owners' file-name parts to payouts staff only", async () => {
    const parts = await api.request({ method: 'GET', url: '/api/payouts/report_filename_parts', as: staff });
    expect(parts.statusCode).toBe(200);
    expect(parts.json()).toContain('NordlichtMusic');
    expect((await api.request({ method: 'GET', url: '/api/payouts/report_filename_parts', as: outsider })).statusCode).toBe(403);
  });

  it('refuses file names by the rules of 5.3 and keeps no file', async () => {
    const payout = await createPayout();
    const res = await upload(payout.id, [
      { name: 'report.xlsx', content: 'a,b\n' },
      { name: `YouTube_NordlichtMusic_M_20000101_claim_raw_v1-1.csv`, content: 'a\n' },
      { name: `YouTube_Unknown_M_${day}_claim_raw_v1-1.csv`, content: 'a\n' },
      { name: `YouTube_NordlichtMusic_M_${day}_whatever_v1-1.csv`, content: 'a\n' },
      { name: `Believe_M_${day}_direct.csv`, content: 'a\n' },
    ]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      files: {
        0: { name: ['error_extension_invalid'] },
        1: { name: ['error_month_invalid'] },
        2: { name: ['error_content_owner_invalid'] },
        3: { name: [`error_kind_unknown: ${KNOWN_FILE_KINDS.join(', ')}`] },
        4: { name: ['error_name_invalid'] },
      },
    });
    expect((await read(payout.id)).files).toEqual([]);
    // A .gz name whose content is plain text is refused too.
    const mismatch = await upload(payout.id, [{ name: name('claim_raw', 'csv.gz'), content: 'Partner Revenue\n1\n' }]);
    expect(mismatch.json().errors).toEqual({ files: { 0: { file: ['invalid'] } } });
  });

  it('imports every kind with its quirks, exactly as written', async () => {
    const payout = await createPayout();
    const claims = csv(
      [
        claimRow({ video: 'v1', channel: 'UCchannel0000000000000001', asset: 'A1', revenue: '0.000183' }),
        claimRow({ video: 'v2', channel: 'UCchannel0000000000000002', asset: 'A2', revenue: '12.3456789012', customId: 'Custom, with "comma"' }),
        claimRow({ video: 'v3', asset: 'A3', revenue: '-0.5', adjustment: 'Spam Adjustment' }),
      ],
      // Reordered columns and one a newer version added.
      { header: ['Monetized Views', ...CLAIM_RAW_HEADER].reverse(), bom: true, crlf: true },
    );
    const assets = csv(
      [{ 'Asset ID': 'A1', 'Asset Labels': 'Label One|Label Two', 'Asset Type': 'Music Video', 'Asset Channel ID': 'UCchannel0000000000000001', 'Partner Revenue': '99' }],
      { header: ASSET_SUMMARY_HEADER, titleLines: ['Asset Summary,,', 'Period: October'] },
    );
    const red = csv([{ 'Channel ID': 'UCred', 'Video ID': 'r1', 'Asset ID': 'A1', 'Partner Revenue': '1.25' }], {
      header: RED_HEADER,
      titleLines: ['YouTube Premium', 'Revenue report'],
    });
    const shorts = csv([{ 'Channel ID': 'UCs', 'Net Partner Revenue (Post revshare)': '2.5' }], { header: SHORTS_HEADER });
    const ecommerce = csv([{ 'Channel ID': 'UCe', 'Earnings (USD)': '3.75' }, { 'Channel ID': 'UCe', 'Earnings (USD)': '-0.75' }], { header: ECOMMERCE_HEADER });
    const tax = csv([{ 'Channel ID': 'UCt', 'Tax Withheld Amount': '0.3' }], { header: TAX_HEADER });
    const res = await upload(payout.id, [
      { name: name('claim_raw', 'csv.gz'), content: gzip(claims) },
      { name: name('asset_summary', 'zip'), content: await zip({ 'assets/part1.csv': assets }) },
      { name: `YouTube_NordlichtMusic_M_${day}_${ym}31_red_rawdata_video_v1-1.csv`, content: red },
      { name: `YouTube_NordlichtMusic_M_${day}_${ym}31_monthly_shorts_non_music_ads_video_summary_v1-0.csv`, content: shorts },
      { name: `YouTube_NordlichtMusic_Ecommerce_paid_features_M_${day}_${ym}31_v1-0.csv`, content: ecommerce },
      { name: `YouTube_NordlichtMusic_M_${ym}_affiliate_payment_summary_v1-0.csv`, content: tax },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    await api.settled();
    const after = await read(payout.id);
    expect(after.files.map((f) => [f.last_error, f.rows_count])).toEqual([
      [null, 3],
      [null, 1],
      [null, 1],
      [null, 1],
      [null, 2],
      [null, 1],
    ]);
    expect(after.files.every((f) => f.imported_at !== null)).toBe(true);
    const [claimFile, assetFile] = after.files;
    expect(await totalOf(claimFile.id)).toBe('11.8458619012');
    const claimRows = await rowsOf(claimFile.id);
    expect(claimRows.map((r) => [r.video_id, r.revenue, r.custom_id, r.content_owner_id, r.revenue_type])).toEqual([
      ['v1', '0.000183', null, ownerId, 'adsense'],
      ['v2', '12.3456789012', 'Custom, with "comma"', ownerId, 'adsense'],
      ['v3', '-0.5', null, ownerId, 'adsense'],
    ]);
    const assetRows = await api.db.selectFrom('payout_assets').selectAll().where('payout_file_id', '=', assetFile.id).execute();
    expect(assetRows.map((a) => [a.asset_id, a.asset_labels, a.asset_type])).toEqual([['A1', 'Label One|Label Two', 'Music Video']]);
    // The asset summary's revenue is not counted again.
    expect(after.reconciliation.map((r) => [r.revenue_type, r.imported, r.unallocated, r.balanced])).toEqual([
      ['adsense', '11.8458619012', '11.8458619012', true],
      ['ecommerce', '3.00', '3.00', true],
      ['red', '1.25', '1.25', true],
      ['shorts', '2.5', '2.5', true],
      // The tax withheld is a deduction.
      ['withholding_tax', '-0.3', '-0.3', true],
    ]);
    // Each file's channels are known to the channel search, once per owner (the claim file's v3 row has none).
    const seen = await api.db.selectFrom('report_channels').select(['channel_id', 'content_owner_id']).where('channel_id', 'in', ['UCchannel0000000000000001', 'UCchannel0000000000000002', 'UCred', 'UCs', 'UCe', 'UCt']).orderBy('channel_id').execute();
    expect(seen).toEqual(['UCchannel0000000000000001', 'UCchannel0000000000000002', 'UCe', 'UCred', 'UCs', 'UCt'].map((channel_id) => ({ channel_id, content_owner_id: ownerId })));
    const dup = await upload(payout.id, [{ name: name('claim_raw', 'csv.gz'), content: gzip(claims) }]);
    expect(dup.json().errors).toEqual({ files: { 0: { name: ['already_used'] } } });
  });

  it('imports direct files on a direct payout', async () => {
    const payout = await createPayout(['direct']);
    const res = await upload(payout.id, [
      { name: `Believe_M_${day}_direct.csv`, content: csv([{ 'Channel ID': 'UCd', Revenue: '10.10', Currency: 'EUR' }], { header: DIRECT_HEADER }) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    await api.settled();
    const [file] = (await read(payout.id)).files;
    expect((await rowsOf(file.id)).map((r) => [r.revenue, r.currency, r.revenue_type, r.content_owner_id])).toEqual([['10.10', 'EUR', 'direct', null]]);
  });

  it('refuses bad files with a reason and leaves no rows behind', async () => {
    const payout = await createPayout();
    const rows = Array.from({ length: 8 }, (_, i) => claimRow({ video: `v${i}`, revenue: i === 5 ? 'n/a' : '1.5' }));
    // Header on line 1: the sixth data row is line 7.
    const nonNumeric = csv(rows, { header: CLAIM_RAW_HEADER });
    const truncated = gzip(csv([claimRow({ revenue: '1' }), claimRow({ revenue: '2' })], { header: CLAIM_RAW_HEADER })).subarray(0, 60);
    const res = await upload(payout.id, [
      { name: name('claim_raw'), content: nonNumeric },
      { name: name('ADJ_claim_raw', 'csv.gz'), content: truncated },
      { name: `YouTube_NordlichtMusic_Audio_Tier_M_${day}_v1-0.zip`, content: await traversalZip('evil.csv', 'Partner Revenue\n1\n') },
      { name: `YouTube_NordlichtMusic_M_${day}_${ym}31_red_music_rawdata_video_v1-1.csv`, content: 'no header here\n1,2,3\n' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    await api.settled();
    const files = (await read(payout.id)).files;
    expect(files.map((f) => f.imported_at)).toEqual([null, null, null, null]);
    expect(files[0].last_error).toBe('line 7: Partner Revenue "n/a" is not a number');
    expect(files[1].last_error).toMatch(/gzip stream is cut off or corrupt/);
    expect(files[2].last_error).toMatch(/zip archive refused: invalid relative path: \.\.\/evil\.csv/);
    expect(files[3].last_error).toBe('no header row of a red_music_rawdata_video file found (looked for the column Partner Revenue in its first 50 lines)');
    const { rows: left } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM payout_revenues WHERE payout_id = ${payout.id}`.execute(api.db);
    expect(left[0].n).toBe(0);
    // A failed file can be deleted and uploaded again.
    expect(files.every((f) => f.can_be_deleted)).toBe(true);
    const del = await api.request({ method: 'DELETE', url: `/api/payouts/${payout.id}/files/${files[0].id}`, as: staff });
    expect(del.statusCode).toBe(204);
  });

  it('refuses a zip bomb by its declared size and a gzip that expands past the limit', async () => {
    const payout = await createPayout();
    const big = csv(Array.from({ length: 200 }, () => claimRow({ revenue: '1' })), { header: CLAIM_RAW_HEADER });
    const res = await upload(payout.id, [
      { name: name('claim_raw', 'zip'), content: await zip({ 'a.csv': big }) },
      { name: name('ADJ_claim_raw', 'csv.gz'), content: gzip(big) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    await api.settled();
    // The jobs ran with the default limit; the same files again with a small one:
    const files = (await read(payout.id)).files;
    await api.db.updateTable('payout_files').set({ imported_at: null, rows_count: null }).where('payout_id', '=', payout.id).execute();
    await api.db.deleteFrom('payout_revenues').where('payout_id', '=', payout.id).execute();
    for (const f of files) expect(await importPayoutFile(api.ctx, f.id, { maxExpandedBytes: 10_000 })).toBe('failed');
    const after = (await read(payout.id)).files;
    expect(after[0].last_error).toMatch(/the archive expands past 10000 bytes/);
    expect(after[1].last_error).toMatch(/the file expands past 10000 bytes/);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM payout_revenues WHERE payout_id = ${payout.id}`.execute(api.db);
    expect(rows[0].n).toBe(0);
  });

  it('a crashed import leaves no rows, and the re-run and a concurrent run import exactly once', async () => {
    const payout = await createPayout();
    const content = csv(Array.from({ length: 50 }, (_, i) => claimRow({ video: `v${i}`, revenue: '0.01' })), { header: CLAIM_RAW_HEADER });
    // Stored without a job: the test runs the import itself.
    const res = await upload(payout.id, [{ name: name('claim_raw'), content }]);
    expect(res.statusCode).toBe(201);
    await api.settled();
    const [file] = (await read(payout.id)).files;
    await api.db.deleteFrom('payout_revenues').where('payout_file_id', '=', file.id).execute();
    await api.db.updateTable('payout_files').set({ imported_at: null, rows_count: null }).where('id', '=', file.id).execute();

    // The worker dies after copying every row, before commit: the transaction is gone and its rows with it.
    await expect(
      importPayoutFile(api.ctx, file.id, {
        beforeCommit: async () => {
          throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    expect(await rowsOf(file.id)).toHaveLength(0);
    expect((await read(payout.id)).files[0]).toMatchObject({ imported_at: null, last_error: null });

    // The database side dies instead: the import's connection is terminated before its commit.
    await expect(
      importPayoutFile(api.ctx, file.id, {
        beforeCommit: async () => {
          await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = current_database() AND state = 'idle in transaction' AND query LIKE 'UPDATE payout_files SET imported_at%'`.execute(api.db);
        },
      }),
    ).rejects.toThrow();
    expect(await rowsOf(file.id)).toHaveLength(0);

    // Retried twice at once (pg-boss may hand a job to a second worker after expiry): one imports, one skips.
    const results = await Promise.all([importPayoutFile(api.ctx, file.id), importPayoutFile(api.ctx, file.id)]);
    expect(results.sort()).toEqual(['imported', 'skipped']);
    expect(await rowsOf(file.id)).toHaveLength(50);
    expect(await totalOf(file.id)).toBe('0.50');
    expect(await importPayoutFile(api.ctx, file.id)).toBe('skipped');
  });

  it('deletes a file with its rows, and a payout with everything', async () => {
    const payout = await createPayout();
    await upload(payout.id, [{ name: name('claim_raw'), content: csv([claimRow({ revenue: '4' })], { header: CLAIM_RAW_HEADER }) }]);
    await api.settled();
    const [file] = (await read(payout.id)).files;
    expect(await rowsOf(file.id)).toHaveLength(1);
    const del = await api.request({ method: 'DELETE', url: `/api/payouts/${payout.id}/files/${file.id}`, as: staff });
    expect(del.statusCode).toBe(204);
    expect(await rowsOf(file.id)).toHaveLength(0);

    await upload(payout.id, [{ name: name('claim_raw'), content: csv([claimRow({ revenue: '4' })], { header: CLAIM_RAW_HEADER }) }]);
    await api.settled();
    const gone = await api.request({ method: 'DELETE', url: `/api/payouts/${payout.id}`, as: staff });
    expect(gone.statusCode, gone.body).toBe(204);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM payout_revenues WHERE payout_id = ${payout.id}`.execute(api.db);
    expect(rows[0].n).toBe(0);
    expect((await api.request({ method: 'GET', url: `/api/payouts/${payout.id}`, as: staff })).statusCode).toBe(404);
  });

  it("answers its jobs' status cheaply: what runs while it runs, nothing once done (issue 24, item 6)", async () => {
    const payout = await createPayout();
    // A job the worker has not taken yet: an import link on a file of the payout, as an upload sends it.
    const res = await upload(payout.id, [{ name: name('claim_raw'), content: csv([claimRow({ video: 'v1', asset: 'A1', revenue: '1' })], { header: CLAIM_RAW_HEADER }) }]);
    expect(res.statusCode, res.body).toBe(201);
    const status = async (as = staff) => api.request({ method: 'GET', url: `/api/payouts/${payout.id}/jobs`, as });
    const during = (await status()).json() as { jobs_pending: boolean; pending_jobs: string[] };
    // Either still running (then it names the import) or already done: never pending without a name.
    expect(during.jobs_pending ? during.pending_jobs : []).toEqual(during.jobs_pending ? ['import'] : []);
    await api.settled();
    expect((await status()).json()).toEqual({ jobs_pending: false, pending_jobs: [] });
    expect((await read(payout.id)).jobs_pending).toBe(false);
    expect((await status(outsider)).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: '/api/payouts/999999/jobs', as: staff })).statusCode).toBe(404);
  });
});
