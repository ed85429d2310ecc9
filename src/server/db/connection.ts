import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// NUMERIC (1700) stays a string so money is never a float; int8 (20) counts fit in a number.
pg.types.setTypeParser(1700, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));
// DATE (1082) stays 'yyyy-MM-dd': a calendar date has no time zone.
pg.types.setTypeParser(1082, (v) => v);

export type Db = Kysely<Database>;

export function createDb(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => {
    /* idle client errors (e.g. server restart) are surfaced by the next query */
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}
