import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestUser } from '../support/api.js';
import {
  AFFILIATE_PAYMENT_HEADER,
  ASSET_SUMMARY_HEADER,
  CHANNEL_ADJUSTMENTS_HEADER,
  CLAIM_RAW_HEADER,
  claimRow,
  csv,
  DIRECT_HEADER,
  ECOMMERCE_HEADER,
  gzip,
  multipart,
  RED_LABEL_HEADER,
  type ReportRow,
  SHORTS_HEADER,
} from '../support/payout-reports.js';
import { newOrg, newSource, runThroughApi } from '../support/run-fixtures.js';
import {
  CURRENCIES,
  D,
  type Dec,
  earnedByRun,
  earningsMismatches,
  expectedEarnings,
  type ModelCase,
  type ModelRow,
  type Prng,
  prng,
  randomContracts,
  randomRates,
  type ReconciliationLine,
  reconciliationProblems,
} from '../support/run-model.js';

/**
 * The randomised end-to-end property of issue 22, through report files and the HTTP API as a third-party
 * client would drive it: each seeded case generates report files of several kinds (claim raw, shorts,
 * ecommerce, red label with Month, channel adjustments signed by Adjustment Type, the affiliate summary's
 * withheld tax in its Local Currency, a direct file in several currencies, an asset summary labelling
 * some claim rows' assets), with values of up to 12
 * decimals, some in exponent notation, comma or tab separated, some gzipped; uploads them, lets the real
 * import job read them, allocates some direct rows by hand and every type by the content owner's mapping
 * rules (asset_label, then video_id: the real allocation job), sets the payout's rates and runs the payments. Then, for the payout,
 * every revenue type and currency: imported = allocated + unallocated, allocated = paid under a contract
 * + without one, to the last decimal, and every contract vendor's payment equals the decimal.js
 * recomputation of tests/support/run-model.ts (shared with the in-process payment-run-property test).
 * IMPORT_PROPERTY_SEED and IMPORT_PROPERTY_CASES override the seed and the number of cases; a failure
 * names the seed and the case.
 */
const api = setupApi({ env: { UPLOAD_MAX_FILES: '20' } });
const SEED = Number(process.env.IMPORT_PROPERTY_SEED ?? 20261129);
const CASES = Number(process.env.IMPORT_PROPERTY_CASES ?? 20);
const MONTH = '2026-02-01';
const YM = '202602';
const DAY = `${YM}01`;
const OWNER = 'PropMusic';
const PROVIDER = 'PropDirect';

let staff: TestUser;
let clerk: TestUser;
let org = 0;

/** A value of 0-12 decimals, as the file writes it (plain or exponent notation), and what it is. */
function value(r: Prng, negative: boolean): { written: string; exact: Dec } {
  const places = r.pick([0, 2, 6, 10, 12, r.int(0, 12)]);
  const exact = new D(r.decimal(r.pick([0, 5, 500]), places)).times(negative ? -1 : 1);
  const form = r.next();
  const written = form < 0.2 ? exact.toExponential() : form < 0.3 ? exact.toExponential().toUpperCase() : exact.toFixed(places);
  return { written, exact };
}

interface Generated {
  name: string;
  content: string | Buffer;
  /** `labelled`: a claim row whose asset the asset summary labels with the case's label source. */
  rows: { channel: string; type: string; revenue: Dec; currency: string; asset?: string; labelled?: boolean }[];
}

/** One report file of a random kind with 1-5 rows on these channels. */
function reportFile(r: Prng, n: number, f: number, channels: readonly string[], direct: boolean): Generated {
  const version = `${n}-${f}`;
  const kind = direct ? 'direct' : r.pick(['claim_raw', 'shorts', 'ecommerce', 'red_label', 'channel_adjustments', 'affiliate'] as const);
  const rows: Generated['rows'] = [];
  const lines: ReportRow[] = [];
  const count = r.int(1, 5);
  for (let i = 0; i < count; i += 1) {
    const channel = r.pick(channels);
    const video = `v${n}x${f}x${i}`;
    const negative = r.next() < 0.2;
    if (kind === 'claim_raw') {
      const v = value(r, negative);
      const labelled = r.next() < 0.4;
      const asset = `AL${SEED}x${n}x${f}x${i}`;
      lines.push(claimRow({ video, channel, asset, revenue: v.written, adjustment: negative ? 'Revenue Correction' : 'None', day: `${YM}${String(r.int(1, 28)).padStart(2, '0')}` }));
      rows.push({ channel, type: 'adsense', revenue: v.exact, currency: 'USD', asset, labelled });
    } else if (kind === 'shorts') {
      const v = value(r, negative);
      lines.push({ Day: DAY, Country: 'DE', 'Video ID': video, 'Channel ID': channel, 'Net Partner Revenue (Post revshare)': v.written });
      rows.push({ channel, type: 'shorts', revenue: v.exact, currency: 'USD' });
    } else if (kind === 'ecommerce') {
      const v = value(r, negative);
      lines.push({ Day: DAY, 'Channel ID': channel, 'Video ID': video, Product: 'Merch', 'Earnings (USD)': v.written });
      rows.push({ channel, type: 'ecommerce', revenue: v.exact, currency: 'USD' });
    } else if (kind === 'red_label') {
      const v = value(r, negative);
      lines.push({ Month: YM, Country: 'DE', 'Video ID': video, 'Channel ID': channel, 'Asset ID': `A${n}x${f}x${i}`, 'Partner Revenue': v.written });
      rows.push({ channel, type: 'red', revenue: v.exact, currency: 'USD' });
    } else if (kind === 'channel_adjustments') {
      // The amount is written as it comes (either sign); its sign is the Adjustment Type's.
      const v = value(r, negative);
      const credit = r.next() < 0.4;
      lines.push({ 'Channel ID': channel, 'Adjustment Type': credit ? 'CREDIT - APPEAL' : r.pick(['MONETIZATION DISABLED', 'INVALID TRAFFIC']), 'Deduction Amount': v.written });
      rows.push({ channel, type: 'channel_adjustments', revenue: credit ? v.exact.abs() : v.exact.abs().negated(), currency: 'USD' });
    } else if (kind === 'affiliate') {
      const v = value(r, false);
      const currency = r.pick(CURRENCIES);
      lines.push({ 'AdSense Earnings Month': YM, 'Channel ID': channel, 'Local Currency': currency, 'Total Revenue': '100', 'US Sourced Revenue': '10', 'Tax Withholding Rate': '0.3', 'Tax Withheld Amount': v.written });
      rows.push({ channel, type: 'withholding_tax', revenue: v.exact.negated(), currency });
    } else {
      const v = value(r, negative);
      const currency = r.pick(CURRENCIES);
      lines.push({ Day: DAY, 'Channel ID': channel, 'Video ID': video, Revenue: v.written, Currency: currency });
      rows.push({ channel, type: 'direct', revenue: v.exact, currency });
    }
  }
  const header = {
    claim_raw: CLAIM_RAW_HEADER,
    shorts: SHORTS_HEADER,
    ecommerce: ECOMMERCE_HEADER,
    red_label: RED_LABEL_HEADER,
    channel_adjustments: CHANNEL_ADJUSTMENTS_HEADER,
    affiliate: AFFILIATE_PAYMENT_HEADER,
    direct: DIRECT_HEADER,
  }[kind];
  const separator = r.next() < 0.3 ? '\t' : ',';
  // A title line before the header (real files have them) also keeps every file's content, and so its digest, apart.
  const text = [`Property report ${SEED} ${version}`, header.join(separator), ...lines.map((l) => header.map((h) => l[h] ?? '').join(separator))].join(r.next() < 0.2 ? '\r\n' : '\n') + '\n';
  const gz = r.next() < 0.3;
  const ext = gz ? 'csv.gz' : 'csv';
  const name = {
    claim_raw: `YouTube_${OWNER}_M_${DAY}_claim_raw_v${version}.${ext}`,
    shorts: `YouTube_${OWNER}_M_${DAY}_${YM}28_youtube_shorts_ads_revenue_month_global_video_summary_v${version}.${ext}`,
    ecommerce: `YouTube_${OWNER}_Ecommerce_paid_features_M_${DAY}_${YM}28_v${version}.${ext}`,
    red_label: `YouTube_${OWNER}_M_${DAY}_${YM}28_red_label_rawdata_video_v${version}.${ext}`,
    channel_adjustments: `YouTube_${OWNER}_M_${DAY}_channel_adjustments_summary_v${version}.${ext}`,
    affiliate: `YouTube_${OWNER}_M_${YM}_affiliate_payment_summary_v${version}.${ext}`,
    direct: `${PROVIDER}_M_${DAY}_direct.${ext}`,
  }[kind];
  return { name, content: gz ? gzip(text) : text, rows };
}

interface FileAnswer {
  id: number;
  name: string;
  imported_at: string | null;
  last_error: string | null;
}

/** One case: sources, contracts, files, upload, allocation, rates, run; answers the model and the problems found. */
async function runCase(r: Prng, n: number): Promise<{ problems: Record<string, unknown>; model: ModelCase }> {
  const { rates, rateRows } = randomRates(r);
  const paying: ModelCase['paying'] = new Map();
  const sourceOf = new Map<string, number>();
  const sourceCount = r.int(2, 4);
  for (let s = 0; s < sourceCount; s += 1) {
    const channel = `UCprop${SEED}c${n}s${s}`;
    const source = await newSource(api.db, org, channel, 'youtube_channel');
    sourceOf.set(channel, source);
    paying.set(source, await randomContracts(r, api.db, org, source));
  }
  // A channel no source has: its rows stay unallocated.
  const channels = [...sourceOf.keys(), `UCprop${SEED}c${n}none`];
  // A label on its own contracts: the asset summary names it on some claim rows' assets, and the owner's
  // first rule (asset_label) places those rows on it whatever their channel.
  const label = `LBL${SEED}c${n}`;
  const labelSource = await newSource(api.db, org, label, 'youtube_label');
  paying.set(labelSource, await randomContracts(r, api.db, org, labelSource));
  const files = Array.from({ length: r.int(2, 5) }, (_, f) => reportFile(r, n, f, channels, false));
  if (r.next() < 0.7) files.push(reportFile(r, n, files.length, channels, true));
  const assets = files.flatMap((f) => f.rows.filter((row) => row.asset !== undefined));
  if (assets.length > 0) {
    const summary = csv(
      assets.map((row) => ({ 'Asset ID': row.asset!, 'Asset Labels': row.labelled ? `Other;${label}` : 'Nobody', 'Asset Type': 'Web' })),
      { header: ASSET_SUMMARY_HEADER, titleLines: [`Asset Summary ${SEED} ${n}`] },
    );
    files.push({ name: `YouTube_${OWNER}_M_${DAY}_asset_summary_v${n}-${files.length}.csv`, content: summary, rows: [] });
  }

  const created = await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month: MONTH, payout_types: ['adsense', 'direct'], label: `Property ${SEED}/${n}` } }, as: staff });
  if (created.statusCode !== 201) return { problems: { create: created.body }, model: { rates, rows: [], paying } };
  const payout = (created.json() as { id: number }).id;
  const body = multipart(files.map((f) => ({ name: f.name, content: f.content })));
  const uploaded = await api.request({ method: 'POST', url: `/api/payouts/${payout}/files`, payload: body.payload, headers: body.headers, as: staff });
  if (uploaded.statusCode !== 201) return { problems: { upload: uploaded.body }, model: { rates, rows: [], paying } };
  await api.settled();
  const answer = (await api.request({ method: 'GET', url: `/api/payouts/${payout}`, as: staff })).json() as { files: FileAnswer[] };
  const failed = answer.files.filter((f) => f.imported_at === null || f.last_error !== null);
  if (failed.length > 0) return { problems: { imports: failed.map((f) => [f.name, f.last_error]) }, model: { rates, rows: [], paying } };

  // Direct rows have no content owner, so no rule places them: staff allocate those of some channels by hand.
  const byHand = new Set([...sourceOf.keys()].filter(() => r.next() < 0.6));
  const directFile = answer.files.find((f) => f.name.startsWith(`${PROVIDER}_`));
  for (const channel of byHand) {
    if (!directFile) break;
    const ids = await api.db.selectFrom('payout_revenues').select('id').where('payout_file_id', '=', directFile.id).where('channel_id', '=', channel).execute();
    if (ids.length === 0) continue;
    const res = await api.request({ method: 'POST', url: '/api/unallocated_revenues/allocate', payload: { assigned_id: channel, assigned_type: 'channel', revenue_ids: ids.map((i) => Number(i.id)) }, as: clerk });
    if (res.statusCode >= 300) return { problems: { manual: [channel, res.statusCode, res.body] }, model: { rates, rows: [], paying } };
  }
  // Every type the files brought, allocated by the owner's rules.
  const types = [...new Set(files.flatMap((f) => f.rows.map((row) => row.type)))];
  const allocated = await api.request({ method: 'POST', url: `/api/payouts/${payout}/allocate_revenues`, payload: { revenue_types: types }, as: staff });
  if (allocated.statusCode !== 202) return { problems: { allocate: [allocated.statusCode, allocated.body] }, model: { rates, rows: [], paying } };
  await api.settled();

  // The payout's rates: the prefilled pairs keep their ids, every pair gets this case's rate.
  const listed = (await api.request({ method: 'GET', url: `/api/payouts/${payout}/currency_rates`, as: staff })).json() as { currency_rates: { id: number; base_currency: string; target_currency: string }[] };
  const idOf = new Map(listed.currency_rates.map((x) => [`${x.base_currency}->${x.target_currency}`, x.id]));
  const currency_rates = rateRows.map(([base_currency, target_currency, rate]) => ({ id: idOf.get(`${base_currency}->${target_currency}`), base_currency, target_currency, rate }));
  const saved = await api.request({ method: 'POST', url: `/api/payouts/${payout}/currency_rates`, payload: { currency_rates }, as: staff });
  if (saved.statusCode !== 200) return { problems: { rates: [saved.statusCode, saved.body] }, model: { rates, rows: [], paying } };

  await runThroughApi(api, payout, staff);

  const rows: ModelRow[] = files.flatMap((f) =>
    f.rows.map((row) => {
      const source = row.labelled ? labelSource : (sourceOf.get(row.channel) ?? null);
      const placed = row.type === 'direct' ? (byHand.has(row.channel) ? source : null) : source;
      return { source: placed, type: row.type, revenue: row.revenue.toFixed(), currency: row.currency };
    }),
  );
  const model: ModelCase = { rates, rows, paying };
  const { earnings, paid } = expectedEarnings(model);
  const mismatch = earningsMismatches(earnings, await earnedByRun(api.db, payout));
  const lines = ((await api.request({ method: 'GET', url: `/api/payouts/${payout}`, as: staff })).json() as { reconciliation: ReconciliationLine[] }).reconciliation;
  const { bad, missing } = reconciliationProblems(model, paid, lines);
  const { rows: stored } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM payout_revenues WHERE payout_id = ${payout}`.execute(api.db);
  const problems: Record<string, unknown> = {};
  if (stored[0].n !== rows.length) problems.rowCount = [stored[0].n, rows.length];
  if (mismatch.length > 0) problems.mismatch = mismatch;
  if (bad.length > 0) problems.reconciliation = bad;
  if (missing.length > 0) problems.missing = missing;
  return { problems, model };
}

beforeAll(async () => {
  staff = await api.user(['payouts']);
  clerk = await api.user(['unallocated_revenues']);
  org = await newOrg(api.db);
  await api.db
    .insertInto('content_owners')
    .values({ content_owner_id: 'CO-PROP', display_name: 'Property Music', report_filename_part: OWNER, earnings_mapping_rules: JSON.stringify([{ asset_type: 'all', rules: ['asset_label', 'video_id'] }]) })
    .execute();
});

describe('import, allocation and payment run, property over generated report files', () => {
  it(`reconciles and pays every vendor as DOMAIN.md computes, to the cent (${CASES} cases, seed ${SEED})`, { timeout: 600_000 }, async () => {
    const r = prng(SEED);
    const failures: unknown[] = [];
    for (let n = 0; n < CASES && failures.length < 3; n += 1) {
      const { problems, model } = await runCase(r, n);
      if (Object.keys(problems).length > 0) failures.push({ seed: SEED, case: n, hint: `IMPORT_PROPERTY_SEED=${SEED}`, problems, rows: model.rows });
    }
    expect(failures).toEqual([]);
  });
});
