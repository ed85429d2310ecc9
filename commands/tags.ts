import { routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { recordLookup } from './record-lookup';
import { resourceCommands } from './resource';
import type { Command } from './types';

const ROLES = ['admin'];

interface TagRow {
  id: number;
  name: string;
}

/** Tags (spec 1, 2.11): edit and delete per row, delete of the selection, delete on the edit page. */
export const tagsCommands: Command[] = resourceCommands<TagRow>({ resource: 'tags', api: '/api/tags', roles: ROLES, deleted: 'tags.deleted', bulkDelete: true });

/** The palette finds tags by name and opens the edit page. */
export const tagsLookups: Lookup[] = [
  recordLookup<TagRow>({
    id: 'tags',
    title: 'tags.title',
    roles: ROLES,
    path: '/api/tags/lookup',
    label: (tag) => tag.name,
    href: (id) => routePath('tags.edit', { id }),
  }),
];
