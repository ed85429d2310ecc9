import { riskBand } from '../../../shared/validation/revenue-sources.js';
import type { Db } from '../connection.js';
import type { DemoSeed } from './index.js';
import '../../modules/categories/tables.js';
import '../../modules/content-owners/tables.js';
import '../../modules/organizations/tables.js';
import '../../modules/revenue-sources/tables.js';
import '../../modules/whitelisted-channels/tables.js';

const MUSIC = 'rM7qT2vXk9LpW4sN8dHb3A';
const ENTERTAINMENT = 'eN5wJ8cYh1FzR6tK0mQa2B';
const PARTNER_UK = 'pT4xV7bN0cM3kL6jH9gF2D';

type Ratings = [number, number, number, number, number, number];
interface DemoSource {
  type: 'youtube_channel' | 'youtube_label';
  reference_id: string;
  name: string;
  organization: string;
  category?: string;
  /** [content owner, entered CMS, preferred execution, subscribers at the switch] */
  registrations?: [string, string, string, number][];
  /** [audit date, reason, six ratings, comment]; the newest gives the band. */
  assessments?: [string, string, Ratings, string | null][];
  /** [content owner, channel id, title] */
  whitelisted?: [string, string, string][];
  is_override?: boolean;
  overridden_channel_id?: string;
  flags?: string[];
}

/**
 * The demo's channels and labels. The reference ids are the ones the payouts area's demo report files
 * carry (the first five come from the portal seed, which made the sources without their parts).
 * One channel per band of 4.4; labels have no assessment (band `no`).
 */
export const DEMO_REVENUE_SOURCES: DemoSource[] = [
  {
    type: 'youtube_channel',
    reference_id: 'UCk3Lm9QpR2sT5vW8xY1zA4b',
    name: 'Kitchen Stories Berlin',
    organization: 'Remit Media GmbH',
    category: 'Entertainment',
    registrations: [[MUSIC, '2024-03-01', '2024-03-15', 184_000]],
    assessments: [['2024-03-01', 'onboarding', [0, 0, 0, 0, 0, 0], 'Original recipes, licensed library music.']],
    flags: ['midrolls_enabled', 'prerolls_enabled', 'skippable_allowed', 'advertiser_friendly', 'part_of_youtube_partner_program'],
  },
  {
    type: 'youtube_channel',
    reference_id: 'UCa7Bc2De5Fg8Hj1Kl4Mn7Pq',
    name: 'Alpine Trails',
    organization: 'Remit Media GmbH',
    category: 'Education',
    registrations: [[ENTERTAINMENT, '2024-06-10', '2024-07-01', 52_300]],
    assessments: [['2025-02-14', 'copyright_claims', [1, 1, 1, 1, 1, 1], 'Claims on drone footage; resolved with the filmer.']],
    flags: ['prerolls_enabled', 'overlay_enabled', 'part_of_youtube_partner_program'],
  },
  {
    type: 'youtube_channel',
    reference_id: 'UCn0Wl8Bt3Sx6Yz9Ab2Cd5Ef',
    name: 'Night Owl Beats',
    organization: 'Remit Media Ltd',
    category: 'Hip-Hop',
    registrations: [
      [MUSIC, '2023-11-01', '2023-11-20', 410_000],
      [ENTERTAINMENT, '2022-05-01', '2022-05-15', 120_000],
    ],
    assessments: [
      ['2023-11-01', 'onboarding', [0, 0, 0, 0, 0, 0], null],
      ['2025-09-30', 'copyright_strike', [2, 2, 1, 1, 1, 0], 'Second strike for unlicensed samples; review monthly.'],
    ],
    flags: ['midrolls_enabled', 'postrolls_enabled', 'fetch_comments_enabled'],
  },
  {
    type: 'youtube_channel',
    reference_id: 'UCp1Xa4Rn7Gm0Vb3Tq6Ls9Wd',
    name: 'Pixel Arena',
    organization: 'Remit Media Ltd',
    category: 'E-Sports',
    registrations: [[PARTNER_UK, '2025-01-06', '2025-01-20', 96_500]],
    assessments: [['2025-01-06', 'onboarding', [0, 0, 1, 0, 0, 0], 'Occasional strong language in live streams.']],
    whitelisted: [[PARTNER_UK, 'UCr5Ht8Jk1Lm4Np7Qs0Uv3Wx', 'Pixel Arena Clips']],
    flags: ['midrolls_enabled', 'sponsored_cards_enabled', 'child_friendly'],
  },
  { type: 'youtube_label', reference_id: 'Northern Lights Records', name: 'Northern Lights Records', organization: 'Remit Media GmbH' },
  { type: 'youtube_label', reference_id: 'Sonic Garden', name: 'Sonic Garden', organization: 'Remit Media GmbH' },
  // On no contract of its own until the demo's signed amendment adds it (one contract per source and day).
  { type: 'youtube_label', reference_id: 'Harbor Sessions', name: 'Harbor Sessions', organization: 'Remit Media GmbH' },
  // channel_override: Night Owl Beats' revenue goes to this label.
  {
    type: 'youtube_label',
    reference_id: 'Night Owl Override',
    name: 'Night Owl Override',
    organization: 'Remit Media Ltd',
    overridden_channel_id: 'UCn0Wl8Bt3Sx6Yz9Ab2Cd5Ef',
    whitelisted: [[ENTERTAINMENT, 'UCn0Wl8Bt3Sx6Yz9Ab2Cd5Ef', 'Night Owl Beats']],
  },
];

async function idsBy<T extends string>(rows: Promise<{ id: number; key: T }[]>): Promise<Map<T, number>> {
  return new Map((await rows).map((r) => [r.key, r.id]));
}

/** Revenue sources with registrations, assessments of each band and whitelisted groups. */
export const demoRevenueSources: DemoSeed = {
  name: 'revenue_sources',
  async run(db: Db) {
    const owners = await idsBy(db.selectFrom('content_owners').select(['id', 'content_owner_id as key']).execute());
    const orgs = await idsBy(db.selectFrom('organizations').select(['id', 'name as key']).execute());
    const categories = await idsBy(db.selectFrom('categories').select(['id', 'name as key']).where('type', '=', 'youtube_vertical').execute());
    for (const s of DEMO_REVENUE_SOURCES) {
      const newest = s.assessments?.reduce((a, b) => (b[0] >= a[0] ? b : a));
      const values = {
        name: s.name,
        organization_id: orgs.get(s.organization) ?? null,
        category_id: s.category ? (categories.get(s.category) ?? null) : null,
        match_policy: s.type === 'youtube_channel' ? ('monetize' as const) : null,
        usage_policy: s.type === 'youtube_channel' ? ('monetize_all' as const) : null,
        is_override: s.is_override ?? false,
        overridden_channel_id: s.overridden_channel_id ?? null,
        risk_rating: riskBand(newest ? newest[2].reduce((x, y) => x + y, 0) : null),
        ...Object.fromEntries((s.flags ?? []).map((f) => [f, true])),
      };
      // The portal seed made some of them already: those get their parts here.
      const { id } = await db
        .insertInto('revenue_sources')
        .values({ type: s.type, reference_id: s.reference_id, ...values })
        .onConflict((oc) => oc.constraint('revenue_sources_type_reference_id_key').doUpdateSet(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      const registrations = (s.registrations ?? []).filter(([owner]) => owners.has(owner));
      if (registrations.length > 0) {
        await db
          .insertInto('revenue_source_registrations')
          .values(
            registrations.map(([owner, entered, preferred, subscribers]) => ({
              revenue_source_id: id,
              content_owner_id: owners.get(owner)!,
              entered_cms_at: entered,
              preferred_execution_on: preferred,
              count_subscribers_on_switch: subscribers,
            })),
          )
          .execute();
      }
      if (s.assessments?.length) {
        await db
          .insertInto('revenue_source_risk_assessments')
          .values(
            s.assessments.map(([audit_date, reason, ratings, comment]) => ({
              revenue_source_id: id,
              audit_date,
              reason,
              comment,
              usage_of_content_without_commentary: ratings[0],
              usage_of_unlicensed_commercial_music: ratings[1],
              controversial_topics_or_bad_language: ratings[2],
              shocking_images_or_footage: ratings[3],
              usage_of_misleading_thumbnails: ratings[4],
              clickbait_video_titles: ratings[5],
            })),
          )
          .execute();
      }
      const whitelisted = (s.whitelisted ?? []).filter(([owner]) => owners.has(owner));
      if (whitelisted.length > 0) {
        await db
          .insertInto('youtube_whitelisted_channels')
          .values(whitelisted.map(([owner, channel_id, title]) => ({ content_owner_id: owners.get(owner)!, channel_id, title, revenue_source_id: id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
  },
};
