import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { orNull } from '../../../shared/validation/fields.js';
import { DEFAULT_TAG_COLOR, validateTag, type TagInput } from '../../../shared/validation/tags.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { byIds, lookupRoute, resourceRoutes, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import './tables.js';
import { listSource } from '../../http/list-source.js';
import { tagsList } from '../../../shared/lists/tags.js';

const ROLES = ['admin'];

export interface TagEntity {
  id: number;
  name: string;
  color: string | null;
  count_linked_entries: number;
  created_at: Date;
}

const linked = sql<number>`(SELECT count(*) FROM taggings WHERE taggings.tag_id = tags.id)::int`;

function loadTags(db: Db, ids: readonly number[]): Promise<TagEntity[]> {
  return byIds(ids, (list) =>
    db.selectFrom('tags').select(['id', 'name', 'color', 'created_at', linked.as('count_linked_entries')]).where('id', 'in', list).execute(),
  );
}

// A tag always has a chip colour: one not sent (the form has none) or blank gets the default.
const row = (input: TagInput) => ({ name: input.name, color: orNull(input.color) ?? DEFAULT_TAG_COLOR });

/** The tags list: the columns of the sorts and filters `shared/lists/tags.ts` names. */
export const TAG_LIST = listSource(tagsList, {
  from: (db) => db.selectFrom('tags').select('tags.id'),
  tieBreaker: 'tags.id',
  sort: { id: 'tags.id', name: 'tags.name', created_at: 'tags.created_at' },
  defaultSort: { column: 'name', direction: 'asc' },
  search: ['tags.name'],
});

/** /api/tags (spec 1, 2.11, 7.3). The lookup feeds the tag fields of vendors and contracts: any signed-in user. */
export function tagRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('Tag', ROLES);
  // Tags are few: the forms' tag fields offer all of them (up to 200), not the lookup's usual 20.
  lookupRoute(app, '/api/tags/lookup', [], ({ like }) =>
    ctx.db.selectFrom('tags').select(['id', 'name', 'color']).where('name', 'ilike', like).orderBy('name').orderBy('id').limit(200).execute(),
  );
  resourceRoutes<TagEntity, TagInput>(app, ctx, {
    base: '/api/tags',
    name: 'tag',
    table: 'tags',
    auditType: 'Tag',
    roles: ROLES,
    list: TAG_LIST,
    load: (db, ids) => loadTags(db, ids),
    parse: (payload) => valid(validateTag(payload)),
    create: async ({ trx }, input) => (await trx.insertInto('tags').values(row(input)).returning('id').executeTakeFirstOrThrow()).id,
    update: async ({ trx }, current, input) => {
      await trx.updateTable('tags').set(row(input)).where('id', '=', current.id).execute();
    },
    destroy: async ({ trx }, current) => {
      await trx.deleteFrom('tags').where('id', '=', current.id).execute();
    },
    constraints: { tags_name_key: { name: ['already_used'] } },
    auditIgnore: ['count_linked_entries'],
    bulkDelete: true,
  });
}
