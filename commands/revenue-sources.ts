import type { RevenueSource, RevenueSourceLookup } from '../src/shared/entities/revenue-source';
import { requestListAdd } from '../src/client/kit/form/list-adders';
import { TYPE_ROUTES } from '../src/client/features/revenue-sources/source-types';
import { ROUTES_BY_ID, routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { recordLookup } from './record-lookup';
import { resourceCommands } from './resource';
import type { Command, CommandContext } from './types';

const RESOURCE = 'revenue_sources';
const ROLES = ROUTES_BY_ID.get('revenue_sources.edit')!.roles ?? ['revenue_sources'];
const group = 'commands.groups.actions';

const listOf = (type: RevenueSource['type']) => routePath(TYPE_ROUTES[type].list);
const onEditPage = (ctx: CommandContext) => ctx.entity?.resource === RESOURCE && ctx.path === routePath('revenue_sources.edit', { id: ctx.entity.id });
const onNewPage = (ctx: CommandContext) => ctx.path === routePath(TYPE_ROUTES.youtube_channel.new) || ctx.path === routePath(TYPE_ROUTES.youtube_label.new);
const typeOnPage = (ctx: CommandContext): RevenueSource['type'] | undefined =>
  onEditPage(ctx) ? (ctx.entity!.record as unknown as RevenueSource).type : ctx.path === routePath(TYPE_ROUTES.youtube_label.new) ? 'youtube_label' : onNewPage(ctx) ? 'youtube_channel' : undefined;

/** From the source a page is about (its details or its edit page) to its other page. */
function toOtherPage(id: string, title: string, routeId: 'revenue_sources.edit' | 'revenue_sources.show'): Command {
  return {
    id,
    title,
    group,
    roles: ROLES,
    when: (ctx) => {
      if (ctx.entity?.resource !== RESOURCE) return { hidden: true };
      return ctx.path === routePath(routeId, { id: ctx.entity.id }) ? { hidden: true } : { enabled: true };
    },
    run: (ctx) => ctx.navigate(routePath(routeId, { id: ctx.entity!.id })),
  };
}

/**
 * Adds an item to one of the form's lists (spec 3, 2.4): registrations and risk assessments on a saved
 * channel only, whitelisted groups on any channel or label form. The form opens the list's tab and
 * focuses the new item.
 */
function addCommand(list: 'registrations' | 'risk_assessments' | 'whitelisted_groups', title: string, editOnly: boolean, channelOnly: boolean): Command {
  return {
    id: `${RESOURCE}.add_${list === 'whitelisted_groups' ? 'whitelisted_group' : list.replace(/s$/, '')}`,
    title,
    group,
    roles: ROLES,
    when: (ctx) => {
      const type = typeOnPage(ctx);
      if (!type || (channelOnly && type !== 'youtube_channel')) return { hidden: true };
      if (editOnly && !onEditPage(ctx)) return { enabled: false, reason: 'revenue_sources.added_when_editing' };
      return { enabled: true };
    },
    run: () => requestListAdd(list),
  };
}

/** Revenue sources (spec 3, 2.4): show, edit and delete per row and on their pages, the form's list additions. */
export const revenueSourcesCommands: Command[] = [
  ...resourceCommands<RevenueSource>({
    resource: RESOURCE,
    api: '/api/revenue_sources',
    roles: ROLES,
    deleted: 'revenue_sources.deleted',
    show: true,
    listPathOf: (source) => listOf(source.type),
  }),
  toOtherPage('revenue_sources.edit_current', 'revenue_sources.commands.edit_current', 'revenue_sources.edit'),
  toOtherPage('revenue_sources.show_current', 'revenue_sources.commands.show_current', 'revenue_sources.show'),
  addCommand('registrations', 'revenue_sources.commands.add_registration', true, true),
  addCommand('risk_assessments', 'revenue_sources.commands.add_risk_assessment', true, true),
  addCommand('whitelisted_groups', 'revenue_sources.commands.add_whitelisted_group', false, false),
];

/** The palette finds sources by reference id and name (GET /api/revenue_sources/lookup) and opens their details. */
export const revenueSourcesLookups: Lookup[] = [
  recordLookup<RevenueSourceLookup>({
    id: RESOURCE,
    title: 'revenue_sources.title',
    roles: ROLES,
    path: '/api/revenue_sources/lookup',
    label: (s) => s.reference_id,
    detail: (s) => s.name ?? undefined,
    href: (id) => routePath('revenue_sources.show', { id }),
  }),
];
