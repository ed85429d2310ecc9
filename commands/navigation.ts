import { ROUTES, type RouteDef } from '../src/client/route-table';
import type { Command } from './types';

/**
 * The spec's Ctrl shortcuts from Home's links (spec 1, 2.1), on top of the `g` sequences. A `ctrl+` key
 * works on Home only (the dispatcher's rule): elsewhere Ctrl+C and Ctrl+V copy and paste.
 */
const CTRL_SHORTCUTS: Record<string, string> = {
  'vendors.list': 'ctrl+v',
  'contracts.list': 'ctrl+c',
  'payments.list': 'ctrl+p',
  'revenue_sources.list': 'ctrl+r',
};

function navigationCommand(route: RouteDef): Command {
  const keys = [CTRL_SHORTCUTS[route.id], route.sequence].filter((k): k is string => Boolean(k));
  return {
    id: `go.${route.id}`,
    title: route.title,
    group: 'commands.groups.navigation',
    hotkey: keys.length ? keys : undefined,
    roles: route.roles,
    keywords: [route.path],
    when: (ctx) => (ctx.path === route.path ? { enabled: false, reason: 'commands.reasons.here' } : { enabled: true }),
    run: (ctx) => ctx.navigate(route.path),
  };
}

/** A go-to command for every route that needs no record; record routes are reached from their rows. */
export const navigationCommands: Command[] = ROUTES.filter((r) => !r.needsEntity).map(navigationCommand);
