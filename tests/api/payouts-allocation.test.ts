import { sql } from 'kysely';
import { inferSchema, initParser } from 'udsv';
import { beforeAll, describe, expect, it } from 'vitest';
import { placements, withoutJit } from '../../src/server/modules/payouts/allocation.js';
import { runRevenueJob } from '../../src/server/modules/payouts/allocation-jobs.js';
import { firstOfMonth } from '../../src/shared/validation/vendor-files.js';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';
import { ASSET_SUMMARY_HEADER, CLAIM_RAW_HEADER, claimRow, csv, multipart, RED_HEADER } from '../support/payout-reports.js';
import { organizationValues } from '../support/records.js';

const api = setupApi();
let staff: TestUser;
let clerk: TestUser;
let ownerId: number;
const source: Record<string, number> = {};

const today = new Date();
const month = firstOfMonth(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)));
const ym = month.slice(0, 7).replace('-', '');
const day = `${ym}01`;

async function addSource(key: string, type: 'youtube_channel' | 'youtube_label', reference_id: string, extra: Record<string, unknown> = {}) {
  const row = await api.db.insertInto('revenue_sources').values({ type, reference_id, ...extra }).returning('id').executeTakeFirstOrThrow();
  source[key] = row.id;
}

async function setRules(rules: { asset_type: string; rules: string[] }[]) {
  await api.db.updateTable('content_owners').set({ earnings_mapping_rules: JSON.stringify(rules) }).where('id', '=', ownerId).execute();
}

beforeAll(async () => {
  staff = await api.user(['payouts']);
  clerk = await api.user(['unallocated_revenues']);
  const owner = await api.db
    .insertInto('content_owners')
    .values({ content_owner_id: 'CO-NORD', display_name: 'Nordlicht Music', report_filename_part: 'NordlichtMusic', earnings_mapping_rules: JSON.stringify([]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  ownerId = owner.id;
  const org = await api.db
    .insertInto('organizations')
    .values(organizationValues({ name: 'Nordlicht GmbH', number: '501', vendor_source_prefix_external: '100', vendor_source_prefix_internal: '200', vendor_source_prefix_network: '300' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await addSource('labelOne', 'youtube_label', 'Label One', { organization_id: org.id });
  await addSource('channelOverride', 'youtube_label', 'Channel Override Label', { overridden_channel_id: 'UCover' });
  await addSource('override', 'youtube_label', 'Override Label', { is_override: true });
  await addSource('chan1', 'youtube_channel', 'UCchan1', { name: 'Nordlicht Channel' });
  // Two channels of one name: a row naming it is placed by neither.
  await addSource('twinA', 'youtube_channel', 'UCtwinA', { name: 'Twin Channel' });
  await addSource('twinB', 'youtube_channel', 'UCtwinB', { name: 'Twin Channel' });
  await addSource('assetChannel', 'youtube_channel', 'UCassetch');
  await addSource('custom', 'youtube_label', 'CUSTOM-1');
  // A signed contract covering the month for Label One only.
  const contract = await api.db
    .insertInto('contracts')
    .values({ organization_id: org.id, contract_type: 'adsense', currency: 'EUR', start_date: '2020-01-01', state: 'signed', credit_note_type: 'short' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.db.insertInto('contract_revenue_sources').values({ contract_id: contract.id, revenue_source_id: source.labelOne } as never).execute();
  // Revenue of a type the contract has no share for is without contract (DOMAIN "Allocation"): it has the `all` share.
  await api.db.insertInto('contract_revenue_shares').values({ contract_id: contract.id, type: 'all', formula: 'rev_share', rev_share: '50', baseline: '0' } as never).execute();
  await api.db.insertInto('currency_rates').values({ date: '2020-01-01', base_currency: 'USD', target_currency: 'EUR', rate: '0.9' }).execute();
  await api.db.insertInto('currency_rates').values({ date: '2021-01-01', base_currency: 'USD', target_currency: 'EUR', rate: '0.8765' }).execute();
});

describe('mapping rules (DOMAIN "Allocation")', () => {
  let payoutId: number;
  beforeAll(async () => {
    const p = await api.db.insertInto('payouts').values({ month, payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow();
    payoutId = p.id;
    await api.db
      .insertInto('payout_assets')
      .values({ payout_id: payoutId, payout_file_id: 0, content_owner_id: ownerId, asset_id: 'A-SUM', asset_type: 'Music Video', asset_labels: 'Label One' })
      .execute();
  });

  /** Where the rules place one row with these columns. */
  async function place(row: Partial<Record<'channel_id' | 'channel_name' | 'video_id' | 'asset_id' | 'asset_type' | 'asset_channel_id' | 'asset_labels' | 'custom_id', string>>) {
    const target = sql`SELECT 1::bigint AS id, ${ownerId}::bigint AS content_owner_id, ${row.channel_id ?? null}::text AS channel_id, ${row.channel_name ?? null}::text AS channel_name,
      ${row.video_id ?? null}::text AS video_id, ${row.asset_id ?? null}::text AS asset_id, ${row.asset_type ?? null}::text AS asset_type,
      ${row.asset_channel_id ?? null}::text AS asset_channel_id, ${row.asset_labels ?? null}::text AS asset_labels, ${row.custom_id ?? null}::text AS custom_id`;
    // As allocation runs it: without JIT, which compiles for seconds on a busy 2-core machine.
    const { rows } = await api.db.transaction().execute(async (trx) => {
      await withoutJit(trx);
      return sql<{ source_id: number; rule: string }>`${placements(payoutId, target)}`.execute(trx);
    });
    return rows[0] ? [Number(rows[0].source_id), rows[0].rule] : null;
  }

  it.each([
    ['channel_override', { channel_id: 'UCover' }, 'channelOverride'],
    ['asset_label_override', { asset_labels: 'Label One|Override Label' }, 'override'],
    ['ma_label', { asset_labels: 'Label One' }, 'labelOne'],
    ['asset_label', { asset_labels: 'Label One' }, 'labelOne'],
    ['label_to_channel', { asset_labels: 'UCchan1' }, 'chan1'],
    ['custom_id', { custom_id: 'CUSTOM-1' }, 'custom'],
    ['custom_id_matches_video_id', { custom_id: 'vid9', video_id: 'vid9', channel_id: 'UCchan1' }, 'chan1'],
    ['asset_channel_id', { asset_channel_id: 'UCassetch' }, 'assetChannel'],
    ['video_id', { channel_id: 'UCchan1' }, 'chan1'],
  ] as const)('%s places its row', async (rule, row, expected) => {
    await setRules([{ asset_type: 'all', rules: [rule] }]);
    expect(await place(row)).toEqual([source[expected], rule]);
  });

  it('places a row that names its channel but gives no id (ecommerce paid features) by the one channel of that name', async () => {
    await setRules([{ asset_type: 'all', rules: ['video_id'] }]);
    expect(await place({ channel_name: 'Nordlicht Channel' })).toEqual([source.chan1, 'video_id']);
    // The id wins over the name; a name two channels share, or none has, places nothing.
    expect(await place({ channel_id: 'UCtwinA', channel_name: 'Nordlicht Channel' })).toEqual([source.twinA, 'video_id']);
    expect(await place({ channel_name: 'Twin Channel' })).toBeNull();
    expect(await place({ channel_name: 'Nobody' })).toBeNull();
  });

  it('asset_label_override takes only labels whose override flag is set', async () => {
    await setRules([{ asset_type: 'all', rules: ['asset_label_override'] }]);
    expect(await place({ asset_labels: 'Label One' })).toBeNull();
  });

  it('places nothing when no rule names an existing source', async () => {
    await setRules([{ asset_type: 'all', rules: ['custom_id_matches_video_id', 'video_id', 'asset_label'] }]);
    expect(await place({ custom_id: 'x', video_id: 'y', channel_id: 'UCunknown', asset_labels: 'Nobody' })).toBeNull();
  });

  it('tries the rules in order, the asset type before all, with labels from the asset summary', async () => {
    await setRules([
      { asset_type: 'all', rules: ['video_id', 'asset_label'] },
      { asset_type: 'music_video', rules: ['asset_label', 'video_id'] },
    ]);
    expect(await place({ channel_id: 'UCchan1', asset_labels: 'Label One', asset_type: 'Web' })).toEqual([source.chan1, 'video_id']);
    expect(await place({ channel_id: 'UCchan1', asset_labels: 'Label One', asset_type: 'Music Video' })).toEqual([source.labelOne, 'asset_label']);
    // Claim rows carry no labels: the summary's asset A-SUM (a music video labelled Label One) gives them.
    expect(await place({ channel_id: 'UCchan1', asset_id: 'A-SUM' })).toEqual([source.labelOne, 'asset_label']);
  });
});

describe('allocation, reconciliation and unallocated revenues', () => {
  let payoutId: number;
  let claimFileId: number;

  interface Totals {
    revenue_type: string;
    imported: string;
    allocated: string;
    unallocated: string;
    with_contract: string;
    without_contract: string;
    balanced: boolean;
  }
  async function payout() {
    const res = await api.request({ method: 'GET', url: `/api/payouts/${payoutId}`, as: staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { reconciliation: Totals[]; allocated_revenue_types: string[]; can_allocate_revenues: boolean; can_delete_revenues: boolean; files: { id: number }[] };
  }
  /** The equations of DOMAIN "Payouts", checked on every type to the last decimal. */
  async function reconciled(): Promise<Record<string, [string, string, string, string]>> {
    const totals = (await payout()).reconciliation;
    for (const t of totals) expect(t.balanced, JSON.stringify(t)).toBe(true);
    return Object.fromEntries(totals.map((t) => [t.revenue_type, [t.imported, t.unallocated, t.with_contract, t.without_contract]]));
  }

  beforeAll(async () => {
    await setRules([{ asset_type: 'all', rules: ['asset_label', 'video_id'] }]);
    const created = await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month, payout_types: ['adsense'] } }, as: staff });
    expect(created.statusCode, created.body).toBe(201);
    payoutId = created.json().id;
    const claims = csv(
      [
        claimRow({ video: 'v1', channel: 'UCother', asset: 'A1', revenue: '10.0000000001' }), // label via the summary: contract
        claimRow({ video: 'v2', channel: 'UCchan1', asset: 'A2', revenue: '5.25' }), // channel: no contract
        claimRow({ video: 'v3', channel: 'UCnobody', asset: 'A3', revenue: '1.125' }), // stays unallocated
        claimRow({ video: 'v4', channel: 'UCnobody', asset: 'A3', revenue: '-0.125', adjustment: 'Revenue Correction' }),
      ],
      { header: CLAIM_RAW_HEADER },
    );
    const assets = csv(
      [
        { 'Asset ID': 'A1', 'Asset Labels': 'Label One', 'Asset Type': 'Web' },
        // Labels no source has: the unallocated rows of A3 show them from here (claim rows carry none).
        { 'Asset ID': 'A3', 'Asset Labels': 'Nobody Label|Second', 'Asset Type': 'Web' },
      ],
      { header: ASSET_SUMMARY_HEADER, titleLines: ['Asset Summary'] },
    );
    const red = csv([{ 'Channel ID': 'UCchan1', 'Video ID': 'r1', 'Partner Revenue': '2' }], { header: RED_HEADER });
    const body = multipart([
      { name: `YouTube_NordlichtMusic_M_${day}_claim_raw_v1-1.csv`, content: claims },
      { name: `YouTube_NordlichtMusic_M_${day}_asset_summary_v1-1.csv`, content: assets },
      { name: `YouTube_NordlichtMusic_M_${day}_${ym}31_red_rawdata_video_v1-1.csv`, content: red },
    ]);
    const res = await api.request({ method: 'POST', url: `/api/payouts/${payoutId}/files`, payload: body.payload, headers: body.headers, as: staff });
    expect(res.statusCode, res.body).toBe(201);
    await api.settled();
    claimFileId = (await payout()).files[0].id;
  });

  it('prefilled the new payout with USD to each contract currency at the newest admin rate', async () => {
    const res = await api.request({ method: 'GET', url: `/api/payouts/${payoutId}/currency_rates`, as: staff });
    expect(res.json().currency_rates).toEqual([{ id: expect.any(Number), base_currency: 'USD', target_currency: 'EUR', rate: '0.8765000000' }]);
  });

  it('reconciles after import, previews a file, and allocates one type once when sent twice at once', async () => {
    expect(await reconciled()).toEqual({
      adsense: ['16.2500000001', '16.2500000001', '0', '0'],
      red: ['2', '2', '0', '0'],
    });
    const preview = await api.request({ method: 'GET', url: `/api/payouts/${payoutId}/files/${claimFileId}/preview_revenues`, as: staff });
    expect(preview.json()).toEqual({
      entries: [
        { organization_name: 'Nordlicht GmbH', organization_number: '501', wbs_code: null, revenue_source_reference_ids: ['Label One'], contract_present: true, total_revenue: '10.0000000001', currency: 'USD' },
        { organization_name: null, organization_number: null, wbs_code: null, revenue_source_reference_ids: ['UCchan1'], contract_present: false, total_revenue: '6.250', currency: 'USD' },
      ],
      totals: [{ currency: 'USD', total_revenue: '16.2500000001' }],
    });

    const send = () => api.request({ method: 'POST', url: `/api/payouts/${payoutId}/allocate_revenues`, payload: { revenue_types: ['adsense'] }, as: staff });
    const answers = await Promise.all([send(), send()]);
    // The second waits for the payout's lock: it finds the first's job running (409) or, done, the type allocated (422).
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(202);
    expect([409, 422]).toContain(codes[1]);
    await api.settled();
    // The job itself is safe twice too: a second run finds the type allocated and changes nothing.
    expect(await runRevenueJob(api.ctx, 'allocate', { payout_id: payoutId, revenue_types: ['adsense'], user_id: null })).toBeNull();
    expect((await auditTrail(api.db, 'Payout', payoutId)).filter((e) => e.action === 'allocate_revenues')).toHaveLength(1);
    expect((await payout()).allocated_revenue_types).toEqual(['adsense']);
    expect(await reconciled()).toEqual({
      adsense: ['16.2500000001', '1.000', '10.0000000001', '5.25'],
      red: ['2', '2', '0', '0'],
    });
    const again = await send();
    expect(again.statusCode).toBe(422);

    const revenues = await api.request({ method: 'GET', url: `/api/payouts/${payoutId}/revenues`, as: staff });
    expect(revenues.json().entries).toEqual([
      { content_owner_id: ownerId, content_owner_name: 'Nordlicht Music', revenue_type: 'adsense', currency: 'USD', revenue_allocated: '15.2500000001', revenue_unallocated: '1.000' },
      { content_owner_id: ownerId, content_owner_name: 'Nordlicht Music', revenue_type: 'red', currency: 'USD', revenue_allocated: '0', revenue_unallocated: '2' },
    ]);
    const without = await api.request({ method: 'GET', url: `/api/payouts/${payoutId}/revenues_without_contracts`, as: staff });
    expect(without.json().entries).toEqual([{ assigned_id: 'UCchan1', assigned_type: 'channel', revenue_source_id: source.chan1, revenue_types: ['adsense'], revenue: '5.25', currency: 'USD', reason: 'no_contract', contract_id: null }]);
    // An allocated source is in use.
    const del = await api.request({ method: 'DELETE', url: `/api/revenue_sources/${source.chan1}`, as: await api.user(['admin']) });
    expect(del.json()).toMatchObject({ errors: { base: ['in_use'] }, used_by: ['payouts'] });
  });

  it('lists, exports and allocates unallocated rows by hand, once when sent twice at once', async () => {
    expect((await api.request({ method: 'GET', url: '/api/unallocated_revenues', as: staff })).statusCode).toBe(403);
    // A row that named a channel no rule could place by name (a name two channels share) shows that name.
    await api.db.updateTable('payout_revenues').set({ channel_name: 'Twin Channel' }).where('payout_id', '=', payoutId).where('video_id', '=', 'v3').execute();
    const list = await api.request({ method: 'GET', url: `/api/unallocated_revenues?filter[month]=${month}&filter[revenue_type]=adsense&sort_by=revenue&sort_direction=desc`, as: clerk });
    expect(list.statusCode, list.body).toBe(200);
    const entries = list.json().entries as { id: number; revenue: string; claimed_video_id: string; claimed_channel_name: string | null; content_owner_name: string; content_owner_reference: string; claimed_asset_labels: string[]; claimed_asset_type: string }[];
    expect(entries.map((e) => e.claimed_channel_name)).toEqual(['Twin Channel', null]);
    expect(entries.map((e) => [e.claimed_video_id, e.revenue, e.content_owner_name, e.content_owner_reference, e.claimed_asset_labels, e.claimed_asset_type])).toEqual([
      ['v3', '1.125', 'Nordlicht Music', 'CO-NORD', ['Nobody Label', 'Second'], 'Web'],
      ['v4', '-0.125', 'Nordlicht Music', 'CO-NORD', ['Nobody Label', 'Second'], 'Web'],
    ]);
    const bad = await api.request({ method: 'GET', url: '/api/unallocated_revenues?sort_by=channel_id', as: clerk });
    expect(bad.statusCode).toBe(422);

    const exported = await api.request({ method: 'POST', url: '/api/unallocated_revenues/export', payload: { month, revenue_type: 'adsense', content_owner_id: ownerId }, as: clerk });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    const lines = exported.body.trim().split('\n');
    expect(lines[0]).toBe('id,content_owner_name,content_owner_id,revenue_type,revenue,currency,claimed_asset_id,claimed_asset_type,claimed_asset_labels,claimed_asset_custom_id,claimed_channel_id,claimed_video_id,month');
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual(['1.125', '-0.125']);
    expect(lines.slice(1).map((l) => l.split(',').slice(6, 9))).toEqual([
      ['A3', 'Web', 'Nobody Label;Second'],
      ['A3', 'Web', 'Nobody Label;Second'],
    ]);
    // Text cells are guarded against spreadsheet formulas (a leading '); the negative revenue stays a number.
    const formula = '=HYPERLINK("http://evil.example","x")';
    await api.db.updateTable('content_owners').set({ display_name: formula }).where('id', '=', ownerId).execute();
    await api.db.updateTable('payout_revenues').set({ video_id: '@v4' }).where('id', '=', entries[1].id).execute();
    const guarded = await api.request({ method: 'POST', url: '/api/unallocated_revenues/export', payload: { month, revenue_type: 'adsense', content_owner_id: ownerId }, as: clerk });
    await api.db.updateTable('content_owners').set({ display_name: 'Nordlicht Music' }).where('id', '=', ownerId).execute();
    await api.db.updateTable('payout_revenues').set({ video_id: 'v4' }).where('id', '=', entries[1].id).execute();
    const schema = inferSchema(guarded.body);
    const cells = initParser(schema).stringArrs(guarded.body).map((r) => Object.fromEntries(schema.cols.map((c, i) => [c.name, r[i]])));
    expect(cells.map((c) => [c.content_owner_name, c.content_owner_id, c.revenue, c.claimed_video_id])).toEqual([
      [`'${formula}`, 'CO-NORD', '1.125', 'v3'],
      [`'${formula}`, 'CO-NORD', '-0.125', "'@v4"],
    ]);
    const badExport = await api.request({ method: 'POST', url: '/api/unallocated_revenues/export', payload: { revenue_type: "x'; DROP TABLE payouts; --" }, as: clerk });
    expect(badExport.statusCode).toBe(422);

    const ids = entries.map((e) => e.id);
    const unknown = await api.request({ method: 'POST', url: '/api/unallocated_revenues/allocate', payload: { assigned_id: 'UCnope', assigned_type: 'channel', revenue_ids: ids }, as: clerk });
    expect(unknown.json().errors).toEqual({ assigned_id: ['invalid'] });
    const allocate = () => api.request({ method: 'POST', url: '/api/unallocated_revenues/allocate', payload: { assigned_id: 'Label One', assigned_type: 'label', revenue_ids: ids }, as: clerk });
    const answers = await Promise.all([allocate(), allocate()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.statusCode === 422)!.json()).toMatchObject({ errors: { ids: ['ineligible'] }, ineligible_ids: ids });
    expect(await reconciled()).toEqual({
      adsense: ['16.2500000001', '0', '11.0000000001', '5.25'],
      red: ['2', '2', '0', '0'],
    });
  });

  it('undoes the allocation of a type and reconciles again', async () => {
    const res = await api.request({ method: 'DELETE', url: `/api/payouts/${payoutId}/revenues`, payload: { revenue_types: ['adsense'] }, as: staff });
    expect(res.statusCode, res.body).toBe(202);
    await api.settled();
    expect((await payout()).allocated_revenue_types).toEqual([]);
    expect(await reconciled()).toEqual({
      adsense: ['16.2500000001', '16.2500000001', '0', '0'],
      red: ['2', '2', '0', '0'],
    });
    const none = await api.request({ method: 'DELETE', url: `/api/payouts/${payoutId}/revenues`, payload: { revenue_types: [] }, as: staff });
    expect(none.json().errors).toEqual({ revenue_types: ['too_few'] });
    const wrong = await api.request({ method: 'POST', url: `/api/payouts/${payoutId}/allocate_revenues`, payload: { revenue_types: ['direct'] }, as: staff });
    expect(wrong.statusCode).toBe(422);
  });
});
