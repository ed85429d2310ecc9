import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/**
 * Runs a trigram "contains" query (`ILIKE '%text%' LIMIT n`, no ORDER BY) with bitmap scans only, in a
 * transaction of its own. Expecting many matches, the planner prefers a sequential scan (or a walk of
 * another index) that stops at the n-th, which reads every row when the matches lie together at the
 * table's end: `P0012` read 1.2 s at a million payments (issue 27). The trigram index's bitmap costs at
 * most its posting lists (about 25 ms for `P0012`, 330 ms for a trigram in every row, which the prefix
 * step answers first), then the heap pages of the first n matches.
 */
export async function bitmapOnly<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(trx);
    return (await query.execute(trx)).rows;
  });
}
