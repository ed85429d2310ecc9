import { matchRoute, useLocation, useRouter } from 'wouter';
import { ROUTES, type RouteDef } from '../route-table';

/** The route-table entry the address matches (first match wins, as in the route switch). */
export function useCurrentRoute(): { route: RouteDef | undefined; params: Record<string, string>; path: string } {
  const [path] = useLocation();
  const { parser } = useRouter();
  for (const route of ROUTES) {
    const [hit, params] = matchRoute(parser, route.path, path);
    if (hit) return { route, params: Object.fromEntries(Object.entries(params ?? {}).filter(([, v]) => v !== undefined)) as Record<string, string>, path };
  }
  return { route: undefined, params: {}, path };
}
