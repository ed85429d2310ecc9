import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { validateContentOwner, type ContentOwnerInput } from '../../../shared/validation/content-owners.js';
import { orNull } from '../../../shared/validation/fields.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { byIds, resourceRoutes, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { COUNTRY_CODES, type InitData } from '../config/reference.js';
import type { ContentOwner } from '../../../shared/entities/content-owner.js';
import './tables.js';
import { listSource } from '../../http/list-source.js';
import { contentOwnersList } from '../../../shared/lists/content-owners.js';

const ROLES = ['admin'];
/** Details are readable with role content_owners too; the list stays admin only (spec 1, 6). */
const READ_ROLES = ['admin', 'content_owners'];

export type ContentOwnerEntity = ContentOwner<Date>;

function loadContentOwners(db: Db, ids: readonly number[]): Promise<ContentOwnerEntity[]> {
  return byIds(ids, (list) =>
    db
      .selectFrom('content_owners')
      .select([
        'id',
        'content_owner_id',
        'display_name',
        'own',
        'internal_country',
        'report_filename_part',
        'use_direct_earnings_from_yt_reports',
        'conflict_notification_email',
        'dispute_notification_emails',
        'fingerprint_report_notification_emails',
        'primary_notification_emails',
        'earnings_mapping_rules',
        'fetch_stats',
        'sync_whitelisted_channels',
        'active',
        'created_at',
      ])
      .where('id', 'in', list)
      .execute(),
  );
}

/** Content owners for pickers (whitelisted groups show the internal country and disable inactive ones). */
export async function contentOwnersInitData(db: Db, data: InitData): Promise<void> {
  const rows = await db
    .selectFrom('content_owners')
    .select(['id', 'content_owner_id', 'display_name', 'internal_country', 'active'])
    .orderBy('display_name')
    .execute();
  data.content_owners.push(...rows);
}

/** The content owners list: the columns of the sorts and filters `shared/lists/content-owners.ts` names. */
export const CONTENT_OWNER_LIST = listSource(contentOwnersList, {
  from: (db) => db.selectFrom('content_owners').select('content_owners.id'),
  tieBreaker: 'content_owners.id',
  sort: {
    id: 'content_owners.id',
    content_owner_id: 'content_owners.content_owner_id',
    display_name: 'content_owners.display_name',
    internal_country: { column: 'content_owners.internal_country', nullable: true },
    report_filename_part: 'content_owners.report_filename_part',
    fetch_stats: 'content_owners.fetch_stats',
    active: 'content_owners.active',
    created_at: 'content_owners.created_at',
  },
  defaultSort: { column: 'display_name', direction: 'asc' },
  filters: {
    active: 'content_owners.active',
    own: 'content_owners.own',
    internal_country: 'content_owners.internal_country',
  },
  search: ['content_owners.content_owner_id', 'content_owners.display_name', 'content_owners.report_filename_part'],
});

/**
 * /api/cms/content_owners (spec 1, 2.8, 7.3): list, read and update; owners come from YouTube, so
 * there is no create or delete. A path's id is the record id or, as the spec's entity names no other
 * id, the YouTube content_owner_id.
 */
export function contentOwnerRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('ContentOwner', ROLES);
  resourceRoutes<ContentOwnerEntity, ContentOwnerInput>(app, ctx, {
    base: '/api/cms/content_owners',
    name: 'content_owner',
    table: 'content_owners',
    auditType: 'ContentOwner',
    roles: ROLES,
    readRoles: READ_ROLES,
    listRoles: ROLES,
    list: CONTENT_OWNER_LIST,
    findId: async (db, param) => {
      if (param.includes('\0') || param.length > 200) return undefined;
      const digits = /^\d{1,15}$/.test(param) ? Number(param) : -1;
      const row = await db
        .selectFrom('content_owners')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', digits), eb('content_owner_id', '=', param)]))
        .orderBy(sql`id = ${digits}`, 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },
    load: (db, ids) => loadContentOwners(db, ids),
    parse: (payload) => valid(validateContentOwner(payload, COUNTRY_CODES)),
    update: async ({ trx }, current, input) => {
      await trx
        .updateTable('content_owners')
        .set({ ...input, internal_country: orNull(input.internal_country), earnings_mapping_rules: JSON.stringify(input.earnings_mapping_rules) })
        .where('id', '=', current.id)
        .execute();
    },
    constraints: { content_owners_report_filename_part_key: { report_filename_part: ['already_used'] } },
  });
}
