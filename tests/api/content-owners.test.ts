import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;
let reader: TestUser;
let ownerId: number;

const RULES = [
  { asset_type: 'music_video', rules: ['video_id', 'channel_override', 'asset_label'] },
  { asset_type: 'all', rules: ['custom_id'] },
];

async function insertOwner(content_owner_id: string, display_name: string, report_filename_part: string, extra: Record<string, unknown> = {}) {
  const row = await api.db
    .insertInto('content_owners')
    .values({ content_owner_id, display_name, report_filename_part, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const put = (id: number | string, content_owner: Record<string, unknown>, as = admin) =>
  api.request({ method: 'PUT', url: `/api/cms/content_owners/${id}`, payload: { content_owner }, as });

beforeAll(async () => {
  admin = await api.user(['admin']);
  reader = await api.user(['content_owners']);
  ownerId = await insertOwner('abcDEF123ghiJKL456mnoP', 'Remit Music', 'remitmusic', {
    conflict_notification_email: 'conflicts@remit.local',
    dispute_notification_emails: ['disputes@remit.local'],
    internal_country: 'DE',
  });
});

describe('content owners', () => {
  it('reads an owner by id or by its YouTube content_owner_id, with role content_owners too', async () => {
    const res = await api.request({ method: 'GET', url: `/api/cms/content_owners/${ownerId}`, as: reader });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: ownerId,
      lock_version: expect.any(Number),
      content_owner_id: 'abcDEF123ghiJKL456mnoP',
      display_name: 'Remit Music',
      own: false,
      internal_country: 'DE',
      report_filename_part: 'remitmusic',
      use_direct_earnings_from_yt_reports: false,
      conflict_notification_email: 'conflicts@remit.local',
      dispute_notification_emails: ['disputes@remit.local'],
      fingerprint_report_notification_emails: [],
      primary_notification_emails: [],
      earnings_mapping_rules: [],
      fetch_stats: false,
      sync_whitelisted_channels: false,
      active: true,
      created_at: expect.any(String),
    });
    const byYoutubeId = await api.request({ method: 'GET', url: '/api/cms/content_owners/abcDEF123ghiJKL456mnoP', as: reader });
    expect(byYoutubeId.json()).toEqual(res.json());
    expect((await api.request({ method: 'GET', url: '/api/cms/content_owners/unknownOwner', as: reader })).statusCode).toBe(404);
  });

  it('updates the editable fields only, keeps the rule order, and audits the change', async () => {
    const res = await put(ownerId, {
      display_name: 'Renamed',
      conflict_notification_email: 'changed@remit.local',
      internal_country: 'at',
      report_filename_part: 'remit_music',
      own: true,
      use_direct_earnings_from_yt_reports: true,
      fetch_stats: true,
      sync_whitelisted_channels: true,
      active: false,
      earnings_mapping_rules: RULES,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      display_name: 'Remit Music',
      conflict_notification_email: 'conflicts@remit.local',
      internal_country: 'AT',
      report_filename_part: 'remit_music',
      own: true,
      use_direct_earnings_from_yt_reports: true,
      fetch_stats: true,
      sync_whitelisted_channels: true,
      active: false,
      earnings_mapping_rules: RULES,
    });
    // Rules of an asset type keep the order staff gave them: allocation tries them in that order.
    const reordered = await put(ownerId, { earnings_mapping_rules: [{ asset_type: 'all', rules: ['video_id', 'custom_id'] }] });
    expect(reordered.json().earnings_mapping_rules).toEqual([{ asset_type: 'all', rules: ['video_id', 'custom_id'] }]);
    expect(reordered.json()).toMatchObject({ active: false, own: true, report_filename_part: 'remit_music' });

    const trail = await auditTrail(api.db, 'ContentOwner', ownerId);
    expect(trail.map((t) => t.action)).toEqual(['update', 'update']);
    expect(trail[0].audited_changes).toMatchObject({ active: [true, false], internal_country: ['DE', 'AT'], earnings_mapping_rules: [[], RULES] });
    expect(trail[0].user_id).toBe(admin.id);
  });

  it('validates the report filename part and the earnings mapping rules', async () => {
    expect((await put(ownerId, { report_filename_part: '' })).json()).toEqual({ errors: { report_filename_part: ['blank'] } });
    const bad = await put(ownerId, {
      internal_country: 'Germany',
      earnings_mapping_rules: [
        { asset_type: 'podcast', rules: ['video_id'] },
        { asset_type: 'web', rules: ['video_id', 'guess'] },
        { asset_type: 'movie', rules: [] },
        { asset_type: 'web', rules: ['video_id', 'video_id'] },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      errors: {
        internal_country: ['invalid'],
        earnings_mapping_rules: {
          0: { asset_type: ['invalid'] },
          1: { rules: { 1: ['invalid'] } },
          2: { rules: ['too_few'] },
          3: { asset_type: ['already_used'], rules: { 1: ['already_used'] } },
        },
      },
    });
    expect((await put(ownerId, { earnings_mapping_rules: 'everything' })).json()).toEqual({ errors: { earnings_mapping_rules: ['invalid'] } });
    await insertOwner('otherOwner', 'Other', 'otherpart');
    expect((await put(ownerId, { report_filename_part: 'OtherPart' })).json()).toEqual({ errors: { report_filename_part: ['already_used'] } });
  });

  it('lists sorted by every list column; there is no create or delete; edits are for admins only', async () => {
    await insertOwner('zzz', 'Alpha Owner', 'alpha', { fetch_stats: true });
    for (const column of ['content_owner_id', 'display_name', 'internal_country', 'report_filename_part', 'fetch_stats', 'active']) {
      const res = await api.request({ method: 'GET', url: `/api/cms/content_owners?sort_by=${column}`, as: admin });
      expect(res.statusCode, column).toBe(200);
    }
    // The list is admin only; role content_owners reads the details (spec 1, 6).
    expect((await api.request({ method: 'GET', url: '/api/cms/content_owners', as: reader })).statusCode).toBe(403);
    const byName = (await api.request({ method: 'GET', url: '/api/cms/content_owners?sort_by=display_name&s=1', as: admin })).json();
    expect(byName).toMatchObject({ size: 1, page: 1, entries: [{ display_name: 'Alpha Owner' }] });
    expect(byName.total).toBeGreaterThanOrEqual(3);
    const searched = (await api.request({ method: 'GET', url: '/api/cms/content_owners?q=alpha', as: admin })).json();
    expect(searched.entries.map((o: { content_owner_id: string }) => o.content_owner_id)).toEqual(['zzz']);
    expect((await api.request({ method: 'GET', url: '/api/cms/content_owners?sort_by=own', as: admin })).json()).toEqual({ errors: { sort_by: ['invalid'] } });

    expect((await api.request({ method: 'POST', url: '/api/cms/content_owners', payload: { content_owner: {} }, as: admin })).statusCode).toBe(404);
    expect((await api.request({ method: 'DELETE', url: `/api/cms/content_owners/${ownerId}`, as: admin })).statusCode).toBe(404);
    expect((await put(ownerId, { active: true }, reader)).statusCode).toBe(403);
    const vendors = await api.user(['vendors']);
    expect((await api.request({ method: 'GET', url: '/api/cms/content_owners', as: vendors })).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: '/api/cms/content_owners' })).statusCode).toBe(401);
  });

  it('lists content owners in the init data', async () => {
    const data = (await api.request({ method: 'GET', url: '/config/data', as: reader })).json();
    expect(data.content_owners).toContainEqual(expect.objectContaining({ content_owner_id: 'zzz', display_name: 'Alpha Owner' }));
  });
});
