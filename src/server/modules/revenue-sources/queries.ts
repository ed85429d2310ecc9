import { sql } from 'kysely';
import type { RevenueSource, RevenueSourceLookup, RiskAssessment, YoutubeChannelHit } from '../../../shared/entities/revenue-source.js';
import { assessmentRating, groupWhitelistedChannels, riskBand } from '../../../shared/validation/revenue-sources.js';
import type { Db } from '../../db/connection.js';
import { byIds } from '../../http/resource.js';
import '../categories/tables.js';
import '../content-owners/tables.js';
import '../contracts/tables.js';
import '../organizations/tables.js';
import '../whitelisted-channels/tables.js';
import './tables.js';

/** The API's revenue source (shared with the client), with timestamps as dates until serialised. */
export type RevenueSourceEntity = RevenueSource<Date>;

function groupBy<T extends { revenue_source_id: number }>(rows: T[]): Map<number, Omit<T, 'revenue_source_id'>[]> {
  const out = new Map<number, Omit<T, 'revenue_source_id'>[]>();
  for (const { revenue_source_id, ...rest } of rows) {
    const list = out.get(revenue_source_id) ?? [];
    list.push(rest);
    out.set(revenue_source_id, list);
  }
  return out;
}

/** Contracts paying out on each source (the contracts area's link table). */
async function contractIds(db: Db, ids: readonly number[]): Promise<Map<number, number[]>> {
  const rows = await db.selectFrom('contract_revenue_sources').select(['revenue_source_id', 'contract_id']).where('revenue_source_id', 'in', ids).orderBy('contract_id').execute();
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.revenue_source_id, [...(out.get(r.revenue_source_id) ?? []), r.contract_id]);
  return out;
}

export function loadRevenueSources(db: Db, ids: readonly number[]): Promise<RevenueSourceEntity[]> {
  return byIds(ids, async (list) => {
    const [sources, registrations, assessments, whitelisted, contracts] = await Promise.all([
      db
        .selectFrom('revenue_sources as rs')
        .leftJoin('organizations as o', 'o.id', 'rs.organization_id')
        .leftJoin('categories as c', 'c.id', 'rs.category_id')
        .selectAll('rs')
        .select(['o.name as organization_name', 'c.name as category_name'])
        .where('rs.id', 'in', list)
        .execute(),
      db
        .selectFrom('revenue_source_registrations')
        .select(['revenue_source_id', 'id', 'content_owner_id', 'entered_cms_at', 'exited_cms_at', 'preferred_execution_on', 'count_subscribers_on_switch', 'switch_reason'])
        .where('revenue_source_id', 'in', list)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('revenue_source_risk_assessments')
        .select([
          'revenue_source_id',
          'id',
          'audit_date',
          'reason',
          'usage_of_content_without_commentary',
          'usage_of_unlicensed_commercial_music',
          'controversial_topics_or_bad_language',
          'shocking_images_or_footage',
          'usage_of_misleading_thumbnails',
          'clickbait_video_titles',
          'comment',
        ])
        .where('revenue_source_id', 'in', list)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('youtube_whitelisted_channels')
        .select(['revenue_source_id', 'id', 'content_owner_id', 'channel_id', 'title'])
        .where('revenue_source_id', 'in', list)
        .orderBy('id')
        .execute(),
      contractIds(db, list),
    ]);
    const registrationsOf = groupBy(registrations);
    const assessmentsOf = groupBy(assessments);
    const whitelistedOf = groupBy(whitelisted.map((w) => ({ ...w, revenue_source_id: w.revenue_source_id! })));
    return sources.map((s) => {
      const channels = whitelistedOf.get(s.id) ?? [];
      return {
        id: s.id,
        type: s.type,
        reference_id: s.reference_id,
        name: s.name,
        organization_id: s.organization_id,
        organization: s.organization_id === null ? null : { id: s.organization_id, name: s.organization_name! },
        category_id: s.category_id,
        category: s.category_id === null ? null : { id: s.category_id, name: s.category_name! },
        comments: s.comments,
        match_policy: s.match_policy,
        usage_policy: s.usage_policy,
        gender: s.gender,
        midrolls_enabled: s.midrolls_enabled,
        prerolls_enabled: s.prerolls_enabled,
        postrolls_enabled: s.postrolls_enabled,
        non_skippable_allowed: s.non_skippable_allowed,
        overlay_enabled: s.overlay_enabled,
        skippable_allowed: s.skippable_allowed,
        long_non_skippable_allowed: s.long_non_skippable_allowed,
        sponsored_cards_enabled: s.sponsored_cards_enabled,
        fetch_comments_enabled: s.fetch_comments_enabled,
        child_friendly: s.child_friendly,
        part_of_youtube_partner_program: s.part_of_youtube_partner_program,
        advertiser_friendly: s.advertiser_friendly,
        overridden_channel_id: s.overridden_channel_id,
        is_override: s.is_override,
        risk_rating: s.risk_rating,
        contract_ids: contracts.get(s.id) ?? [],
        registrations: registrationsOf.get(s.id) ?? [],
        risk_assessments: (assessmentsOf.get(s.id) ?? []).map((a) => ({ ...a, reason: a.reason as RiskAssessment['reason'], risk_rating: assessmentRating(a) })),
        whitelisted_channels: channels,
        whitelisted_groups: groupWhitelistedChannels(channels),
        created_at: s.created_at,
      };
    });
  });
}

/** The band of the source's newest assessment (latest audit date, then latest added), as stored rows say. */
export async function storedRiskRating(db: Db, id: number) {
  const newest = await db
    .selectFrom('revenue_source_risk_assessments')
    .select(
      sql<number>`usage_of_content_without_commentary + usage_of_unlicensed_commercial_music + controversial_topics_or_bad_language
        + shocking_images_or_footage + usage_of_misleading_thumbnails + clickbait_video_titles`.as('total'),
    )
    .where('revenue_source_id', '=', id)
    .orderBy('audit_date', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return riskBand(newest ? Number(newest.total) : null);
}

/** Sources whose reference id or name contains the pattern; exact reference ids first. */
export async function lookupRevenueSources(db: Db, q: string, like: string, limit: number): Promise<RevenueSourceLookup[]> {
  return db
    .selectFrom('revenue_sources')
    .select(['id', 'type', 'reference_id', 'name'])
    .where((eb) => eb.or([eb('reference_id', 'ilike', like), eb('name', 'ilike', like)]))
    .orderBy(sql`reference_id = ${q}`, 'desc')
    .orderBy(sql`name NULLS LAST`)
    .orderBy('reference_id')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Channels Remit knows (channel sources and whitelisted channels; the payouts area adds the channel ids
 * of imported reports here) whose id or title contains the pattern. With `ownOnly`, only those of content
 * owners with `own` set: whitelisted channels by their owner, channel sources by their registrations.
 */
export async function searchChannels(db: Db, like: string, ownOnly: boolean, limit: number): Promise<YoutubeChannelHit[]> {
  const sources = db
    .selectFrom('revenue_sources as rs')
    .select(['rs.reference_id as channel_id', 'rs.name as title', sql<number>`0`.as('rank')])
    .where('rs.type', '=', 'youtube_channel')
    .where((eb) => eb.or([eb('rs.reference_id', 'ilike', like), eb('rs.name', 'ilike', like)]))
    .$if(ownOnly, (qb) =>
      qb.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('revenue_source_registrations as r')
            .innerJoin('content_owners as co', 'co.id', 'r.content_owner_id')
            .select('r.id')
            .whereRef('r.revenue_source_id', '=', 'rs.id')
            .where('co.own', '=', true),
        ),
      ),
    );
  const whitelisted = db
    .selectFrom('youtube_whitelisted_channels as w')
    .select(['w.channel_id', 'w.title', sql<number>`1`.as('rank')])
    .where((eb) => eb.or([eb('w.channel_id', 'ilike', like), eb('w.title', 'ilike', like)]))
    .$if(ownOnly, (qb) => qb.innerJoin('content_owners as co', 'co.id', 'w.content_owner_id').where('co.own', '=', true));
  const reported = db
    .selectFrom('report_channels as c')
    .select(['c.channel_id', sql<string | null>`NULL`.as('title'), sql<number>`2`.as('rank')])
    .where('c.channel_id', 'ilike', like)
    .$if(ownOnly, (qb) => qb.innerJoin('content_owners as co', 'co.id', 'c.content_owner_id').where('co.own', '=', true));
  // One hit per channel id: a source's name wins over a whitelisted entry's title; report channels have none.
  const rows = await db
    .selectFrom(sources.unionAll(whitelisted).unionAll(reported).as('hits'))
    .select(['channel_id', sql<string | null>`(array_agg(title ORDER BY rank, title NULLS LAST))[1]`.as('title')])
    .groupBy('channel_id')
    .orderBy('channel_id')
    .limit(limit)
    .execute();
  return rows;
}

/**
 * What may keep a source from being deleted: each area whose records point at revenue sources (contracts,
 * allocated revenue) registers a check that names the use, and delete refuses while any finds one.
 */
type UsageCheck = (db: Db, id: number) => Promise<boolean>;
const usageChecks = new Map<string, UsageCheck>();

export function registerRevenueSourceUsage(name: string, check: UsageCheck): void {
  usageChecks.set(name, check);
}

/** The names of the uses found for the source, e.g. `['contracts']`; empty when it can go. */
export async function revenueSourceUses(db: Db, id: number): Promise<string[]> {
  const found: string[] = [];
  for (const [name, check] of usageChecks) if (await check(db, id)) found.push(name);
  return found;
}
