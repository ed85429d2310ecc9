import type { ContentOwner } from '../src/client/features/content-owners/content-owner';
import { ROUTES_BY_ID, routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { recordLookup } from './record-lookup';
import { resourceCommands } from './resource';
import type { Command } from './types';

const RESOURCE = 'content_owners';

/**
 * From the content owner a page is about (its details or its edit page) to its other page: the details
 * page's edit link and the edit page's way back to the details.
 */
function toOtherPage(id: string, title: string, routeId: 'content_owners.edit' | 'content_owners.show'): Command {
  return {
    id,
    title,
    group: 'commands.groups.actions',
    roles: ROUTES_BY_ID.get(routeId)!.roles,
    when: (ctx) => {
      if (ctx.entity?.resource !== RESOURCE) return { hidden: true };
      return ctx.path === routePath(routeId, { id: ctx.entity.id }) ? { hidden: true } : { enabled: true };
    },
    run: (ctx) => ctx.navigate(routePath(routeId, { id: ctx.entity!.id })),
  };
}

/** Content owners (spec 1, 2.8): show and edit per row; no create and no delete. */
export const contentOwnersCommands: Command[] = [
  ...resourceCommands<ContentOwner>({ resource: RESOURCE, api: '/api/cms/content_owners', roles: ['admin'], show: true, delete: false }),
  toOtherPage('content_owners.edit_current', 'content_owners.commands.edit_current', 'content_owners.edit'),
  toOtherPage('content_owners.show_current', 'content_owners.commands.show_current', 'content_owners.show'),
];

/** The palette finds content owners by name, YouTube id or report filename part and opens the details. */
export const contentOwnersLookups: Lookup[] = [
  recordLookup<ContentOwner>({
    id: RESOURCE,
    title: 'content_owners.title',
    roles: ROUTES_BY_ID.get('content_owners.show')!.roles,
    path: '/api/cms/content_owners',
    label: (owner) => owner.display_name,
    detail: (owner) => owner.content_owner_id,
    href: (id) => routePath('content_owners.show', { id }),
  }),
];
