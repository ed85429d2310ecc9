import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Kysely's parameterised statements as named prepared statements. Parsing and analysing a statement is
 * most of what PostgreSQL spends on a list's small queries (measured: the four queries of a payments page
 * ran 2.6 times as often per second prepared as unnamed); a connection now does it once per statement text.
 *
 * - Plans stay as they were: the pool's connections use `plan_cache_mode = force_custom_plan`, so every
 *   execution is planned for its own values and a generic plan can never pick a worse index.
 * - Only statements with parameters are named: one without is sent by the simple protocol, which is what
 *   lets a migration send several statements at once.
 * - Bounded: at most `MAX_NAMED` statement texts get a name in a process; later ones run unnamed, so
 *   neither this process nor a connection's server process collects statements without end.
 */
export const MAX_NAMED = 2000;

/** The connection option that keeps plans custom (see above). */
export const CUSTOM_PLANS = '-c plan_cache_mode=force_custom_plan';

const names = new Map<string, string>();

/** The statement's name: `s` and a digest of its text (PostgreSQL keeps names to 63 bytes). */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = 's' + createHash('sha1').update(text).digest('base64url');
    names.set(text, name);
  }
  return name;
}

type Query = (...args: unknown[]) => unknown;

/** Makes `client` send Kysely's `query(text, values)` calls with a parameter as named statements. */
export function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const named: Query = (text, values, callback) => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined) return query(text, values, callback);
    const name = statementName(text);
    return query(name === undefined ? { text, values } : { name, text, values });
  };
  (client as unknown as { query: Query }).query = named;
}
