import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';
import '../../src/server/modules/content-owners/tables.js';
import '../../src/server/modules/revenue-sources/tables.js';
import '../../src/server/modules/whitelisted-channels/tables.js';

const api = setupApi();
let admin: TestUser;
let channels: TestUser;
let portal: TestUser;
let music: number;
let film: number;
let label: number;
let channel: number;
const ids: Record<string, number> = {};

const BASE = '/api/youtube_whitelisted_channels';
const list = (query = '', as = channels) => api.request({ method: 'GET', url: `${BASE}${query}`, as });
const channelIds = (res: { json(): { entries: { channel_id: string }[] } }) => res.json().entries.map((e) => e.channel_id);

beforeAll(async () => {
  admin = await api.user(['admin']);
  channels = await api.user(['youtube_whitelisted_channels']);
  portal = await api.user(['portal_admin', 'revenue_sources', 'unallocated_revenues']);
  const owners = await api.db
    .insertInto('content_owners')
    .values([
      { content_owner_id: 'cmsMusic0000000000000A', display_name: 'Music CMS', report_filename_part: 'MusicCms' },
      { content_owner_id: 'cmsFilm00000000000000B', display_name: 'Film CMS', report_filename_part: 'FilmCms' },
    ])
    .returning('id')
    .execute();
  [music, film] = owners.map((o) => o.id);
  const sources = await api.db
    .insertInto('revenue_sources')
    .values([
      { type: 'youtube_label', name: 'Sonic Garden', reference_id: 'Sonic Garden', content_owner_id: music },
      { type: 'youtube_channel', name: 'Alpine Trails', reference_id: 'UCa7Bc2De5Fg8Hj1Kl4Mn7Pq', content_owner_id: film },
    ])
    .returning('id')
    .execute();
  [label, channel] = sources.map((s) => s.id);
  const rows: [number, string, number | null, string][] = [
    [music, 'UCcccccccccccccccccccccc', label, '2024-04-01T00:00:00Z'],
    [film, 'UCa7Bc2De5Fg8Hj1Kl4Mn7Pq', channel, '2024-04-02T00:00:00Z'],
    [music, 'UCaaaaaaaaaaaaaaaaaaaaaa', null, '2024-04-03T00:00:00Z'],
    [film, 'UCbbbbbbbbbbbbbbbbbbbbbb', null, '2024-04-04T00:00:00Z'],
  ];
  for (const [content_owner_id, channel_id, revenue_source_id, created_at] of rows) {
    const { id } = await api.db
      .insertInto('youtube_whitelisted_channels')
      .values({ content_owner_id, channel_id, revenue_source_id, created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[channel_id] = id;
  }
});

describe('whitelisted channels list', () => {
  it('answers entries with content owner and revenue source, newest first', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      entries: [
        {
          id: ids.UCbbbbbbbbbbbbbbbbbbbbbb,
          channel_id: 'UCbbbbbbbbbbbbbbbbbbbbbb',
          content_owner: { id: film, display_name: 'Film CMS', content_owner_id: 'cmsFilm00000000000000B' },
          revenue_source: null,
          created_at: '2024-04-04T00:00:00.000Z',
        },
        {
          id: ids.UCaaaaaaaaaaaaaaaaaaaaaa,
          channel_id: 'UCaaaaaaaaaaaaaaaaaaaaaa',
          content_owner: { id: music, display_name: 'Music CMS', content_owner_id: 'cmsMusic0000000000000A' },
          revenue_source: null,
          created_at: '2024-04-03T00:00:00.000Z',
        },
        {
          id: ids.UCa7Bc2De5Fg8Hj1Kl4Mn7Pq,
          channel_id: 'UCa7Bc2De5Fg8Hj1Kl4Mn7Pq',
          content_owner: { id: film, display_name: 'Film CMS', content_owner_id: 'cmsFilm00000000000000B' },
          revenue_source: { id: channel, name: 'Alpine Trails', reference_id: 'UCa7Bc2De5Fg8Hj1Kl4Mn7Pq', type: 'youtube_channel' },
          created_at: '2024-04-02T00:00:00.000Z',
        },
        {
          id: ids.UCcccccccccccccccccccccc,
          channel_id: 'UCcccccccccccccccccccccc',
          content_owner: { id: music, display_name: 'Music CMS', content_owner_id: 'cmsMusic0000000000000A' },
          revenue_source: { id: label, name: 'Sonic Garden', reference_id: 'Sonic Garden', type: 'youtube_label' },
          created_at: '2024-04-01T00:00:00.000Z',
        },
      ],
      total: 4,
      page: 1,
      size: 10,
    });
  });

  it('sorts by id, channel_id and created_at only, and pages', async () => {
    expect(channelIds(await list('?sort_by=channel_id'))).toEqual(['UCa7Bc2De5Fg8Hj1Kl4Mn7Pq', 'UCaaaaaaaaaaaaaaaaaaaaaa', 'UCbbbbbbbbbbbbbbbbbbbbbb', 'UCcccccccccccccccccccccc']);
    expect(channelIds(await list('?sort_by=created_at&sort_direction=asc&s=2&p=2'))).toEqual(['UCaaaaaaaaaaaaaaaaaaaaaa', 'UCbbbbbbbbbbbbbbbbbbbbbb']);
    expect(channelIds(await list('?sort_by=id&sort_direction=asc&s=1'))).toEqual(['UCcccccccccccccccccccccc']);
    for (const bad of ['?sort_by=content_owner', '?sort_by=revenue_source', '?sort_by=title']) {
      const res = await list(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json()).toEqual({ errors: { sort_by: ['invalid'] } });
    }
    expect((await list('?s=0')).json()).toEqual({ errors: { s: ['invalid'] } });
  });

  it('filters by content owner and searches channel ids', async () => {
    expect(channelIds(await list(`?filter[content_owner_id]=${music}&sort_by=channel_id`))).toEqual(['UCaaaaaaaaaaaaaaaaaaaaaa', 'UCcccccccccccccccccccccc']);
    expect(channelIds(await list(`?filter[content_owner_id][]=${music}&filter[content_owner_id][]=${film}`))).toHaveLength(4);
    expect(channelIds(await list('?q=bbbb'))).toEqual(['UCbbbbbbbbbbbbbbbbbbbbbb']);
    expect(channelIds(await list('?q=uca7'))).toEqual(['UCa7Bc2De5Fg8Hj1Kl4Mn7Pq']);
    expect(channelIds(await list(`?q=aaaa&filter[content_owner_id]=${film}`))).toEqual([]);
    expect((await list('?filter[content_owner_id]=cmsMusic')).json()).toEqual({ errors: { 'filter[content_owner_id]': ['invalid'] } });
    expect((await list('?filter[channel_id]=UC')).json()).toEqual({ errors: { 'filter[channel_id]': ['invalid'] } });
  });
});

describe('whitelisted channels', () => {
  it('deletes an entry, audited, and answers 404 for it afterwards', async () => {
    const { id } = await api.db
      .insertInto('youtube_whitelisted_channels')
      .values({ content_owner_id: film, channel_id: 'UCdeleteme00000000000000', revenue_source_id: channel })
      .returning('id')
      .executeTakeFirstOrThrow();
    const deleted = await api.request({ method: 'DELETE', url: `${BASE}/${id}`, as: channels });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await api.db.selectFrom('youtube_whitelisted_channels').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();

    const trail = await auditTrail(api.db, 'YoutubeWhitelistedChannel', id);
    expect(trail).toEqual([
      {
        action: 'destroy',
        version: 1,
        user_id: channels.id,
        audited_changes: {
          channel_id: ['UCdeleteme00000000000000', null],
          content_owner: [{ id: film, display_name: 'Film CMS', content_owner_id: 'cmsFilm00000000000000B' }, null],
          revenue_source: [{ id: channel, name: 'Alpine Trails', reference_id: 'UCa7Bc2De5Fg8Hj1Kl4Mn7Pq', type: 'youtube_channel' }, null],
        },
      },
    ]);

    const again = await api.request({ method: 'DELETE', url: `${BASE}/${id}`, as: channels });
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe('');
    expect((await api.request({ method: 'DELETE', url: `${BASE}/x1`, as: channels })).statusCode).toBe(404);
  });

  it('offers no create or update', async () => {
    const payload = { youtube_whitelisted_channel: { content_owner_id: music, channel_id: 'UCnew' } };
    expect((await api.request({ method: 'POST', url: BASE, payload, as: admin })).statusCode).toBe(404);
    expect((await api.request({ method: 'PUT', url: `${BASE}/${ids.UCaaaaaaaaaaaaaaaaaaaaaa}`, payload, as: admin })).statusCode).toBe(404);
  });

  it('needs a session and the role youtube_whitelisted_channels (or admin)', async () => {
    expect((await api.request({ method: 'GET', url: BASE })).statusCode).toBe(401);
    expect((await api.request({ method: 'DELETE', url: `${BASE}/${ids.UCaaaaaaaaaaaaaaaaaaaaaa}` })).statusCode).toBe(401);

    const listed = await list('', portal);
    expect(listed.statusCode).toBe(403);
    expect(listed.body).toBe('');
    const refused = await api.request({ method: 'DELETE', url: `${BASE}/${ids.UCaaaaaaaaaaaaaaaaaaaaaa}`, as: portal });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe('');
    expect(await api.db.selectFrom('youtube_whitelisted_channels').select('id').where('id', '=', ids.UCaaaaaaaaaaaaaaaaaaaaaa).executeTakeFirst()).toBeDefined();

    expect((await list('', admin)).json().total).toBe(4);
    expect((await api.request({ method: 'DELETE', url: `${BASE}/${ids.UCaaaaaaaaaaaaaaaaaaaaaa}`, as: admin })).statusCode).toBe(204);
    expect((await list('', channels)).json().total).toBe(3);
  });
});
