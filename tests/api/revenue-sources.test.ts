import { beforeAll, describe, expect, it } from 'vitest';
import { demoPortal } from '../../src/server/db/demo/portal.js';
import { demoReferenceData } from '../../src/server/db/demo/reference.js';
import { demoRevenueSources } from '../../src/server/db/demo/revenue-sources.js';
import { registerRevenueSourceUsage } from '../../src/server/modules/revenue-sources/queries.js';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';
import '../../src/server/modules/content-owners/tables.js';

const api = setupApi();
let admin: TestUser;
let staff: TestUser;
let vendors: TestUser;
let own: number;
let partner: number;

const BASE = '/api/revenue_sources';
let serial = 0;
/** A fresh channel id: `UC` + 22 characters. */
const channelId = () => `UC${String(++serial).padStart(4, '0')}${'x'.repeat(18)}`;

type Ratings = [number, number, number, number, number, number];
const assessment = (r: Ratings, audit_date = '2026-01-10', extra: Record<string, unknown> = {}) => ({
  audit_date,
  reason: 'onboarding',
  usage_of_content_without_commentary: r[0],
  usage_of_unlicensed_commercial_music: r[1],
  controversial_topics_or_bad_language: r[2],
  shocking_images_or_footage: r[3],
  usage_of_misleading_thumbnails: r[4],
  clickbait_video_titles: r[5],
  ...extra,
});
const channel = (over: Record<string, unknown> = {}) => ({
  type: 'youtube_channel',
  reference_id: channelId(),
  name: 'Gaming Central',
  registrations: [{ content_owner_id: own, preferred_execution_on: '2026-02-01', count_subscribers_on_switch: 1200 }],
  risk_assessments: [assessment([0, 0, 0, 0, 0, 0])],
  ...over,
});
const create = (revenue_source: Record<string, unknown>, as = staff) => api.request({ method: 'POST', url: BASE, payload: { revenue_source }, as });
const update = (id: number, revenue_source: Record<string, unknown>, as = staff) => api.request({ method: 'PUT', url: `${BASE}/${id}`, payload: { revenue_source }, as });
const read = (id: number, as = staff) => api.request({ method: 'GET', url: `${BASE}/${id}`, as });
const errorsOf = async (body: Record<string, unknown>) => (await create(body)).json().errors;

beforeAll(async () => {
  admin = await api.user(['admin']);
  staff = await api.user(['revenue_sources']);
  vendors = await api.user(['vendors', 'youtube_whitelisted_channels', 'unallocated_revenues']);
  const owners = await api.db
    .insertInto('content_owners')
    .values([
      { content_owner_id: 'rsOwn000000000000000A', display_name: 'Own CMS', report_filename_part: 'OwnCms', own: true },
      { content_owner_id: 'rsPartner000000000000B', display_name: 'Partner CMS', report_filename_part: 'PartnerCms', own: false },
    ])
    .returning('id')
    .execute();
  [own, partner] = owners.map((o) => o.id);
});

describe('revenue sources', () => {
  it('creates a channel with a registration, an assessment and a whitelisted group, reads it and audits every part', async () => {
    const reference_id = channelId();
    const whitelisted = channelId();
    const res = await create(
      channel({
        reference_id,
        match_policy: 'monetize',
        midrolls_enabled: true,
        whitelisted_channels: [{ content_owner_id: own, channel_id: whitelisted, title: 'Friends of GC' }],
      }),
    );
    expect(res.statusCode).toBe(201);
    const source = res.json();
    expect(source).toMatchObject({
      type: 'youtube_channel',
      reference_id,
      name: 'Gaming Central',
      match_policy: 'monetize',
      midrolls_enabled: true,
      prerolls_enabled: false,
      risk_rating: 'low',
      contract_ids: [],
      lock_version: 0,
      registrations: [{ id: expect.any(Number), content_owner_id: own, preferred_execution_on: '2026-02-01', count_subscribers_on_switch: 1200, entered_cms_at: null }],
      risk_assessments: [{ id: expect.any(Number), audit_date: '2026-01-10', reason: 'onboarding', risk_rating: 'low', comment: null }],
      whitelisted_channels: [{ id: expect.any(Number), content_owner_id: own, channel_id: whitelisted, title: 'Friends of GC' }],
      whitelisted_groups: [{ content_owner_id: own, whitelisted_channels: [{ channel_id: whitelisted, title: 'Friends of GC' }] }],
    });
    expect((await read(source.id)).json()).toEqual(source);

    const trail = await auditTrail(api.db, 'RevenueSource', source.id);
    expect(trail).toMatchObject([{ action: 'create', user_id: staff.id, audited_changes: { reference_id: [null, reference_id], risk_rating: [null, 'low'] } }]);
    expect(await auditTrail(api.db, 'RevenueSourceRegistration', source.registrations[0].id)).toMatchObject([{ action: 'create', user_id: staff.id }]);
    expect(await auditTrail(api.db, 'RevenueSourceRiskAssessment', source.risk_assessments[0].id)).toMatchObject([{ action: 'create' }]);
    expect(await auditTrail(api.db, 'YoutubeWhitelistedChannel', source.whitelisted_channels[0].id)).toMatchObject([{ action: 'create' }]);

    // The whitelisted channels list of spec 1, 2.15 names the source.
    const listed = await api.request({ method: 'GET', url: `/api/youtube_whitelisted_channels?q=${whitelisted}`, as: vendors });
    expect(listed.json().entries).toMatchObject([{ channel_id: whitelisted, revenue_source: { id: source.id, reference_id, type: 'youtube_channel', name: 'Gaming Central' } }]);
  });

  it('edits a channel: adds an assessment, deletes the first, and refuses to delete the last one', async () => {
    const source = (await create(channel())).json();
    const first = source.risk_assessments[0];
    const added = await update(source.id, { lock_version: 0, risk_assessments: [first, assessment([2, 2, 2, 1, 0, 0], '2026-03-01', { reason: 'copyright_strike', comment: 'three strikes' })] });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ risk_rating: 'high', lock_version: 1, risk_assessments: [{ id: first.id }, { reason: 'copyright_strike', risk_rating: 'high', comment: 'three strikes' }] });
    const second = added.json().risk_assessments[1];
    const removed = await update(source.id, { risk_assessments: [second] });
    expect(removed.json()).toMatchObject({ risk_rating: 'high', risk_assessments: [{ id: second.id }] });
    expect(await auditTrail(api.db, 'RevenueSourceRiskAssessment', first.id)).toMatchObject([{ action: 'create' }, { action: 'destroy', user_id: staff.id }]);
    const last = await update(source.id, { risk_assessments: [] });
    expect(last.statusCode).toBe(422);
    expect(last.json()).toEqual({ errors: { risk_assessments: ['too_few'] } });
    // An assessment of another source cannot be taken over.
    const other = (await create(channel())).json();
    const stolen = await update(source.id, { risk_assessments: [other.risk_assessments[0]] });
    expect(stolen.json()).toEqual({ errors: { risk_assessments: { 0: { id: ['invalid'] } } } });
    const trail = await auditTrail(api.db, 'RevenueSource', source.id);
    expect(trail.map((t) => t.action)).toEqual(['create', 'update', 'update']);
    expect(trail[1].audited_changes).toMatchObject({ risk_rating: ['low', 'high'] });
  });

  it('bands the risk rating of the newest assessment at its edges: 0 low, 1 and 6 medium, 7 high, none no', async () => {
    const cases: [Ratings, string][] = [
      [[0, 0, 0, 0, 0, 0], 'low'],
      [[0, 0, 0, 0, 0, 1], 'medium'],
      [[1, 1, 1, 1, 1, 1], 'medium'],
      [[2, 2, 2, 1, 0, 0], 'high'],
    ];
    const ids: Record<string, number[]> = { low: [], medium: [], high: [], no: [] };
    for (const [ratings, band] of cases) {
      const res = await create(channel({ risk_assessments: [assessment(ratings)] }));
      expect([ratings, res.json().risk_rating]).toEqual([ratings, band]);
      ids[band].push(res.json().id);
    }
    const label = await create({ type: 'youtube_label', reference_id: 'Band Edge Records' });
    expect(label.json()).toMatchObject({ risk_rating: 'no', registrations: [], risk_assessments: [] });
    ids.no.push(label.json().id);

    // The newest by audit date counts, whatever the order sent; on the same date the later entry.
    const mixed = await create(channel({ risk_assessments: [assessment([2, 2, 2, 2, 0, 0], '2026-05-01'), assessment([0, 0, 0, 0, 0, 0], '2026-01-01')] }));
    expect(mixed.json().risk_rating).toBe('high');
    const tie = await create(channel({ risk_assessments: [assessment([2, 2, 2, 2, 0, 0], '2026-05-01'), assessment([0, 0, 0, 0, 0, 0], '2026-05-01')] }));
    expect(tie.json().risk_rating).toBe('low');

    const filtered = async (query: string) => (await api.request({ method: 'GET', url: `${BASE}?${query}&s=100`, as: staff })).json().entries.map((e: { id: number }) => e.id);
    const high = await filtered('type=youtube_channel&filter[risk_rating]=high');
    expect(high).toEqual(expect.arrayContaining([...ids.high, mixed.json().id]));
    expect(high).not.toContain(tie.json().id);
    expect(await filtered('filter[risk_rating]=no')).toEqual(expect.arrayContaining(ids.no));
    expect(await filtered('type=youtube_channel&filter[risk_rating]=no')).toEqual([]);
    expect(await filtered('type=youtube_label')).toEqual(expect.arrayContaining(ids.no));
    expect(await filtered('type=youtube_label')).not.toContain(ids.low[0]);
    const bad = await api.request({ method: 'GET', url: `${BASE}?filter[risk_rating]=extreme`, as: staff });
    expect([bad.statusCode, bad.json()]).toEqual([422, { errors: { 'filter[risk_rating]': ['invalid'] } }]);
    expect((await api.request({ method: 'GET', url: `${BASE}?type=youtube_video`, as: staff })).json()).toEqual({ errors: { type: ['invalid'] } });
  });

  it('lists by created_at range, sorts and pages', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const page = await api.request({ method: 'GET', url: `${BASE}?type=youtube_channel&filter[created_at][gteq]=${today}&filter[created_at][lteq]=${today}&sort=reference_id&s=2`, as: staff });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.entries).toHaveLength(2);
    expect(body.total).toBeGreaterThan(2);
    expect(body.entries[0].reference_id < body.entries[1].reference_id).toBe(true);
    const past = await api.request({ method: 'GET', url: `${BASE}?filter[created_at][lteq]=2000-01-01`, as: staff });
    expect(past.json()).toMatchObject({ entries: [], total: 0 });
    expect((await api.request({ method: 'GET', url: `${BASE}?sort=comments`, as: staff })).statusCode).toBe(422);
  });

  it('holds every channel rule of 5.4 with its message key', async () => {
    expect(await errorsOf(channel({ reference_id: 'UC123', name: '' }))).toEqual({ reference_id: ['invalid'], name: ['blank'] });
    expect(await errorsOf(channel({ reference_id: 'XY' + 'a'.repeat(22) }))).toEqual({ reference_id: ['invalid'] });
    expect(await errorsOf(channel({ registrations: [], risk_assessments: [] }))).toEqual({ registrations: ['too_few'], risk_assessments: ['too_few'] });
    expect(await errorsOf(channel({ registrations: [{ content_owner_id: '', preferred_execution_on: '', count_subscribers_on_switch: 'lots' }] }))).toEqual({
      registrations: { 0: { content_owner_id: ['blank'], preferred_execution_on: ['blank'], count_subscribers_on_switch: ['invalid'] } },
    });
    expect(await errorsOf(channel({ risk_assessments: [{ ...assessment([0, 0, 0, 0, 0, 3]), audit_date: '', reason: '', shocking_images_or_footage: '' }] }))).toEqual({
      risk_assessments: { 0: { audit_date: ['blank'], reason: ['blank'], shocking_images_or_footage: ['blank'], clickbait_video_titles: ['invalid'] } },
    });
    expect(await errorsOf(channel({ risk_assessments: [assessment([0, 0, 0, 0, 0, -1])] }))).toEqual({ risk_assessments: { 0: { clickbait_video_titles: ['invalid'] } } });
    // The comment is the one optional field of an assessment; the subscriber count defaults to 0.
    const minimal = await create(channel({ registrations: [{ content_owner_id: own, preferred_execution_on: '2026-02-01' }] }));
    expect(minimal.json()).toMatchObject({ registrations: [{ count_subscribers_on_switch: 0 }], risk_assessments: [{ comment: null }] });
    // A content owner must exist.
    expect(await errorsOf(channel({ registrations: [{ content_owner_id: 999999, preferred_execution_on: '2026-02-01' }] }))).toEqual({
      registrations: { 0: { content_owner_id: ['invalid'] } },
    });
    // The reference id is unique per type.
    const taken = minimal.json().reference_id;
    expect(await errorsOf(channel({ reference_id: taken }))).toEqual({ reference_id: ['already_used'] });
    expect((await create({ type: 'youtube_label', reference_id: taken })).statusCode).toBe(201);
    expect(await errorsOf({ ...channel(), type: '' })).toEqual({ type: ['blank'] });
    expect(await errorsOf({ ...channel(), type: 'youtube_video' })).toEqual({ type: ['invalid'] });
  });

  it('holds the whitelisted group and label rules of 5.4', async () => {
    const a = channelId();
    expect(
      await errorsOf({
        type: 'youtube_label',
        reference_id: 'Group Rules',
        whitelisted_groups: [
          { content_owner_id: own, whitelisted_channels: [{ channel_id: a }, { channel_id: a }] },
          { content_owner_id: own, whitelisted_channels: [] },
          { content_owner_id: '', whitelisted_channels: [{ channel_id: 'UC1' }] },
        ],
      }),
    ).toEqual({
      whitelisted_groups: {
        0: { whitelisted_channels: { 1: { channel_id: ['already_used'] } } },
        1: { content_owner_id: ['already_used'], whitelisted_channels: ['too_few'] },
        2: { content_owner_id: ['blank'], whitelisted_channels: { 0: { channel_id: ['invalid'] } } },
      },
    });
    expect(await errorsOf({ type: 'youtube_label', reference_id: '  ' })).toEqual({ reference_id: ['blank'] });
    expect(await errorsOf({ type: 'youtube_label', reference_id: 'Override', is_override: true, overridden_channel_id: a })).toEqual({
      is_override: ['exclusive'],
      overridden_channel_id: ['exclusive'],
    });
    const label = await create({ type: 'youtube_label', reference_id: 'Override Label', is_override: true, whitelisted_groups: [{ content_owner_id: partner, whitelisted_channels: [{ channel_id: a, title: 'A' }] }] });
    expect(label.statusCode).toBe(201);
    expect(label.json()).toMatchObject({ is_override: true, overridden_channel_id: null, whitelisted_channels: [{ content_owner_id: partner, channel_id: a }] });
    // A content owner whitelists a channel once: another source cannot claim it.
    expect(await errorsOf(channel({ whitelisted_groups: [{ content_owner_id: partner, whitelisted_channels: [{ channel_id: a }] }] }))).toEqual({
      whitelisted_groups: { 0: { whitelisted_channels: { 0: { channel_id: ['already_used'] } } } },
    });
    // Sent flat (spec 7.4), the channels replace the stored groups; unchanged ids keep their rows.
    const stored = label.json().whitelisted_channels[0];
    const b = channelId();
    const flat = await update(label.json().id, { whitelisted_channels: [stored, { content_owner_id: own, channel_id: b, title: null }] });
    expect(flat.json().whitelisted_groups).toEqual([
      { content_owner_id: partner, whitelisted_channels: [{ id: stored.id, channel_id: a, title: 'A' }] },
      { content_owner_id: own, whitelisted_channels: [{ id: expect.any(Number), channel_id: b, title: null }] },
    ]);
    // Switching the override flag off frees the channel id field.
    const switched = await update(label.json().id, { is_override: false, overridden_channel_id: a });
    expect(switched.json()).toMatchObject({ is_override: false, overridden_channel_id: a });
  });

  it('deletes a source with its parts, and refuses while something uses it', async () => {
    const source = (await create(channel({ whitelisted_groups: [{ content_owner_id: own, whitelisted_channels: [{ channel_id: channelId() }] }] }))).json();
    const used = new Set<number>([source.id]);
    registerRevenueSourceUsage('contracts', async (_db, id) => used.has(id));
    const refused = await api.request({ method: 'DELETE', url: `${BASE}/${source.id}`, as: staff });
    expect([refused.statusCode, refused.json()]).toEqual([422, { errors: { base: ['in_use'] }, used_by: ['contracts'] }]);
    expect((await read(source.id)).statusCode).toBe(200);
    used.clear();
    const deleted = await api.request({ method: 'DELETE', url: `${BASE}/${source.id}`, as: staff });
    expect(deleted.statusCode).toBe(204);
    expect((await read(source.id)).statusCode).toBe(404);
    const left = await api.db.selectFrom('youtube_whitelisted_channels').select('id').where('revenue_source_id', '=', source.id).execute();
    expect(left).toEqual([]);
    expect((await auditTrail(api.db, 'RevenueSource', source.id)).map((t) => t.action)).toEqual(['create', 'destroy']);
  });

  it('answers one of two updates from the same version and 409s the other', async () => {
    const source = (await create(channel())).json();
    const [a, b] = await Promise.all([update(source.id, { lock_version: 0, name: 'First' }), update(source.id, { lock_version: 0, name: 'Second' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winner = a.statusCode === 200 ? a : b;
    expect(loser.json()).toMatchObject({ id: source.id, lock_version: 1, name: winner.json().name });
    expect((await read(source.id)).json()).toMatchObject({ lock_version: 1, name: winner.json().name });
  });

  it('looks sources up by reference id and name, and searches the channels Remit knows', async () => {
    const ref = channelId();
    const channelSource = (await create(channel({ reference_id: ref, name: 'Lookup Kitchen' }))).json();
    const labelSource = (await create({ type: 'youtube_label', reference_id: 'Lookup Kitchen Records' })).json();
    const byName = await api.request({ method: 'GET', url: `${BASE}/lookup?q=lookup%20kitchen`, as: vendors });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual(
      expect.arrayContaining([
        { id: channelSource.id, type: 'youtube_channel', reference_id: ref, name: 'Lookup Kitchen' },
        { id: labelSource.id, type: 'youtube_label', reference_id: 'Lookup Kitchen Records', name: null },
      ]),
    );
    expect((await api.request({ method: 'GET', url: `${BASE}/lookup?q=${ref}`, as: staff })).json()[0]).toMatchObject({ id: channelSource.id });

    // A partner's whitelisted channel is known, but not to own_only.
    const partnerChannel = channelId();
    await create({ type: 'youtube_label', reference_id: 'Search Label', whitelisted_groups: [{ content_owner_id: partner, whitelisted_channels: [{ channel_id: partnerChannel, title: 'Lookup Kitchen Partner' }] }] });
    const search = async (query: string, as = staff) => api.request({ method: 'GET', url: `/api/youtube_channels/search?${query}`, as });
    const all = (await search('q=lookup%20kitchen')).json();
    expect(all).toEqual(expect.arrayContaining([{ channel_id: ref, title: 'Lookup Kitchen' }, { channel_id: partnerChannel, title: 'Lookup Kitchen Partner' }]));
    expect(all.every((hit: { title: string }) => /lookup kitchen/i.test(hit.title))).toBe(true);
    const owned = (await search('q=lookup%20kitchen&own_only=true')).json();
    expect(owned).toEqual([{ channel_id: ref, title: 'Lookup Kitchen' }]);
    expect((await search(`q=${partnerChannel}`)).json()).toEqual([{ channel_id: partnerChannel, title: 'Lookup Kitchen Partner' }]);
    // Channels seen only in imported reports are found by id, and by own_only when their owner is own.
    const reported = [channelId(), channelId()];
    await api.db.insertInto('report_channels').values([{ channel_id: reported[0], content_owner_id: own }, { channel_id: reported[1], content_owner_id: partner }]).execute();
    expect((await search(`q=${reported[0]}`)).json()).toEqual([{ channel_id: reported[0], title: null }]);
    expect((await search(`q=${reported[1]}&own_only=true`)).json()).toEqual([]);
    expect((await search(`q=${reported[1]}`)).json()).toEqual([{ channel_id: reported[1], title: null }]);
    expect((await search('own_only=maybe')).statusCode).toBe(422);
    expect((await search('q=kitchen', vendors)).statusCode).toBe(403);
  });

  it('is for the revenue_sources role and admins; others get 403', async () => {
    const source = (await create(channel(), admin)).json();
    expect(source.id).toEqual(expect.any(Number));
    expect((await read(source.id, admin)).statusCode).toBe(200);
    expect((await update(source.id, { name: 'By admin' }, admin)).statusCode).toBe(200);
    const calls = [
      { method: 'GET', url: BASE },
      { method: 'GET', url: `${BASE}/${source.id}` },
      { method: 'POST', url: BASE, payload: { revenue_source: channel() } },
      { method: 'PUT', url: `${BASE}/${source.id}`, payload: { revenue_source: { name: 'Nope' } } },
      { method: 'DELETE', url: `${BASE}/${source.id}` },
      { method: 'GET', url: '/api/youtube_channels/search?q=UC' },
    ] as const;
    for (const call of calls) {
      const res = await api.request({ ...call, as: vendors });
      expect([call.method, call.url, res.statusCode]).toEqual([call.method, call.url, 403]);
    }
    expect((await api.request({ method: 'GET', url: BASE })).statusCode).toBe(401);
    expect((await read(source.id)).json()).toMatchObject({ name: 'By admin' });
    expect((await api.request({ method: 'DELETE', url: `${BASE}/${source.id}`, as: admin })).statusCode).toBe(204);
  });
});

describe('revenue source demo data', () => {
  it('gives the demo content owners channels of each band and labels, with their parts', async () => {
    await api.db.transaction().execute(async (trx) => {
      for (const seed of [demoReferenceData, demoPortal, demoRevenueSources]) await seed.run(trx);
    });
    const list = async (query: string) => (await api.request({ method: 'GET', url: `${BASE}?${query}&q=&s=100`, as: staff })).json().entries;
    const channels = (await list('type=youtube_channel')).filter((s: { reference_id: string }) => !s.reference_id.includes('xxxx'));
    expect(new Set(channels.map((c: { risk_rating: string }) => c.risk_rating))).toEqual(new Set(['low', 'medium', 'high']));
    for (const c of channels) {
      expect(c.reference_id).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
      expect(c.registrations.length).toBeGreaterThan(0);
      expect(c.risk_assessments.length).toBeGreaterThan(0);
      expect(c.organization).not.toBeNull();
    }
    const nightOwl = channels.find((c: { name: string }) => c.name === 'Night Owl Beats');
    expect(nightOwl).toMatchObject({ risk_rating: 'high', risk_assessments: [{ risk_rating: 'low' }, { risk_rating: 'high' }], whitelisted_groups: [{ whitelisted_channels: [{ channel_id: 'UCq2Rs5Tu8Vw1Xy4Za7Bc0De' }] }] });
    const labels = await list('type=youtube_label&filter[risk_rating]=no');
    expect(labels.map((l: { reference_id: string }) => l.reference_id)).toEqual(expect.arrayContaining(['Northern Lights Records', 'Sonic Garden', 'Night Owl Override']));
    // Every write of the demo satisfies the rules: saving a demo source unchanged succeeds.
    for (const s of [...channels, ...labels]) expect((await update(s.id, {})).statusCode).toBe(200);
  });
});
