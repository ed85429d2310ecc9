import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { REVENUE_SOURCE_TYPES, validateRevenueSource, type RevenueSourceInput } from '../../../shared/validation/revenue-sources.js';
import type { AppContext } from '../../context.js';
import { ValidationFailed } from '../../http/errors.js';
import { escapeLike } from '../../http/list-query.js';
import { LOOKUP_LIMIT, lookupRoute, resourceRoutes, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { loadRevenueSources, lookupRevenueSources, type RevenueSourceEntity, searchChannels } from './queries.js';
import { deleteRevenueSource, saveRevenueSource } from './service.js';
import { listSource } from '../../http/list-source.js';
import { revenueSourcesList } from '../../../shared/lists/revenue-sources.js';

const ROLES = ['revenue_sources'];
type SourceType = (typeof REVENUE_SOURCE_TYPES)[number];

/** A list's fixed `type` (`?type=youtube_label`); absent lists both. */
function listType(query: Record<string, unknown>): SourceType | undefined {
  const raw = query.type;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !(REVENUE_SOURCE_TYPES as readonly string[]).includes(raw)) throw new ValidationFailed({ type: ['invalid'] });
  return raw as SourceType;
}

/** The entity type of a create: the payload's `type`, required. */
function typeOf(payload: Record<string, unknown>): SourceType {
  const raw = payload.type;
  if (typeof raw === 'string' && (REVENUE_SOURCE_TYPES as readonly string[]).includes(raw)) return raw as SourceType;
  throw new ValidationFailed({ type: [raw === undefined || raw === null || raw === '' ? 'blank' : 'invalid'] });
}

/** The revenue sources list, of one `type` (the client always names it): filters, sorts and search. */
export const REVENUE_SOURCE_LIST = listSource(revenueSourcesList, {
  from: (db, query) => {
    const type = listType(query);
    return db
      .selectFrom('revenue_sources')
      .select('revenue_sources.id')
      .$if(type !== undefined, (qb) => qb.where('revenue_sources.type', '=', type!));
  },
  tieBreaker: 'revenue_sources.id',
  sort: {
    id: 'revenue_sources.id',
    reference_id: 'revenue_sources.reference_id',
    name: { column: 'revenue_sources.name', nullable: true },
    created_at: 'revenue_sources.created_at',
  },
  defaultSort: { column: 'created_at', direction: 'desc' },
  filters: {
    type: 'revenue_sources.type',
    created_at: 'revenue_sources.created_at',
    // The bands of 4.4, kept on the source by every write.
    risk_rating: 'revenue_sources.risk_rating',
    organization_id: 'revenue_sources.organization_id',
    // Sources with whitelisted channels of this content owner (its record id).
    content_owner_id: (value) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM youtube_whitelisted_channels w WHERE w.revenue_source_id = revenue_sources.id AND w.content_owner_id = ${value})`,
  },
  search: ['revenue_sources.reference_id', 'revenue_sources.name'],
});

/**
 * /api/revenue_sources (spec 3, 2.4, 7.4): channels and labels with their registrations, risk
 * assessments and whitelisted groups; `lookup?q=` for the contract forms and the unallocated-revenue
 * dialog; and GET /api/youtube_channels/search for the whitelisted-channel field.
 */
export function revenueSourceRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('RevenueSource', ROLES);
  registerAuditedType('RevenueSourceRegistration', ROLES);
  registerAuditedType('RevenueSourceRiskAssessment', ROLES);

  // Contract forms and the unallocated-revenue dialog pick sources too: anyone signed in may look them up.
  lookupRoute(app, '/api/revenue_sources/lookup', [], ({ q, like, limit }) => lookupRevenueSources(ctx.db, q, like, limit));

  app.get('/api/youtube_channels/search', { config: { roles: ROLES } }, async (request) => {
    const { q: rawQ, own_only: rawOwn } = request.query as Record<string, unknown>;
    if ((rawQ !== undefined && typeof rawQ !== 'string') || (typeof rawQ === 'string' && rawQ.includes('\0'))) throw new ValidationFailed({ q: ['invalid'] });
    if (rawOwn !== undefined && !['', 'true', 'false', '1', '0'].includes(String(rawOwn))) throw new ValidationFailed({ own_only: ['invalid'] });
    const q = (rawQ ?? '').trim().slice(0, 200);
    return searchChannels(ctx.db, `%${escapeLike(q)}%`, rawOwn === 'true' || rawOwn === '1', LOOKUP_LIMIT);
  });

  resourceRoutes<RevenueSourceEntity, RevenueSourceInput>(app, ctx, {
    base: '/api/revenue_sources',
    name: 'revenue_source',
    table: 'revenue_sources',
    auditType: 'RevenueSource',
    roles: ROLES,
    list: REVENUE_SOURCE_LIST,
    load: (db, ids) => loadRevenueSources(db, ids),
    // An update keeps the record's type; the payload is merged onto the locked record.
    parse: (payload, current) => valid(validateRevenueSource(current ? current.type : typeOf(payload), withFlatChannels(payload, current))),
    create: (w, input) => saveRevenueSource(w, null, input),
    update: async (w, current, input) => {
      await saveRevenueSource(w, current.id, input);
    },
    destroy: (w, current) => deleteRevenueSource(w, current.id),
    constraints: {
      revenue_sources_type_reference_id_key: { reference_id: ['already_used'] },
      revenue_sources_organization_id_fkey: { organization_id: ['invalid'] },
      revenue_sources_category_id_fkey: { category_id: ['invalid'] },
      youtube_whitelisted_channels_owner_channel_key: { whitelisted_groups: ['already_used'] },
    },
    // Derived from the record's own columns and lists, or from other records.
    auditIgnore: ['organization', 'category', 'contract_ids', 'whitelisted_groups'],
  });
}

/**
 * An update's payload is merged onto the locked record, which answers both `whitelisted_channels` (flat)
 * and `whitelisted_groups`. When the client sent only the flat list (spec 7.4), the record's groups must
 * not win over it: they are dropped so the sent list is grouped instead.
 */
function withFlatChannels(payload: Record<string, unknown>, current: RevenueSourceEntity | null): Record<string, unknown> {
  if (!current || payload.whitelisted_groups !== current.whitelisted_groups || payload.whitelisted_channels === current.whitelisted_channels) return payload;
  const { whitelisted_groups: _stored, ...rest } = payload;
  return rest;
}
