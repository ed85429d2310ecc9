import { api, type Query } from '../src/client/api/client';
import type { Lookup, LookupHit } from './lookups';

/**
 * A palette lookup over a resource's list or lookup endpoint: `q` is the search text, `label` and
 * `detail` turn an answer into a hit.
 */
export function recordLookup<T extends { id: number | string }>(def: {
  id: string;
  title: string;
  roles?: readonly string[];
  path: string;
  query?: Query;
  label(row: T): string;
  detail?(row: T): string | undefined;
  href(id: number | string): string;
}): Lookup {
  return {
    id: def.id,
    title: def.title,
    roles: def.roles,
    async search(q, signal) {
      const answer = await api.get<T[] | { entries: T[] }>(def.path, { q, s: 5, ...def.query }, { signal, quiet: true });
      const rows = Array.isArray(answer) ? answer : answer.entries;
      return rows.slice(0, 5).map((row): LookupHit => ({ id: row.id, label: def.label(row), detail: def.detail?.(row) }));
    },
    href: (hit) => def.href(hit.id),
  };
}
