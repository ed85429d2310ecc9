import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api.js';

const api = setupApi();

/** The app's connections (db/prepared.ts): parameterised statements are prepared once per connection, plans stay custom. */
describe('prepared statements', () => {
  it('prepares a parameterised statement once per connection and answers each call with its own values', async () => {
    await api.db.connection().execute(async (conn) => {
      const text = 'SELECT $1::int + 1 AS n';
      const answers = [];
      for (const n of [1, 41, 99]) answers.push((await sql<{ n: number }>`SELECT ${n}::int + 1 AS n`.execute(conn)).rows[0].n);
      expect(answers).toEqual([2, 42, 100]);
      const prepared = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements WHERE statement = ${text}`.execute(conn);
      expect(prepared.rows).toEqual([{ statement: text }]);
      const mode = await sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(conn);
      expect(mode.rows[0].plan_cache_mode).toBe('force_custom_plan');
    });
  });

  it('sends a statement without parameters unprepared, so several statements still go in one call', async () => {
    await api.db.connection().execute(async (conn) => {
      await sql`CREATE TEMP TABLE prepared_probe (n int); INSERT INTO prepared_probe VALUES (7)`.execute(conn);
      const rows = await sql<{ n: number }>`SELECT n FROM prepared_probe WHERE n = ${7}`.execute(conn);
      expect(rows.rows).toEqual([{ n: 7 }]);
      const unnamed = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE 'CREATE TEMP TABLE prepared_probe%'`.execute(conn);
      expect(unnamed.rows[0].n).toBe(0);
    });
  });

  it('keeps answering after a prepared statement failed', async () => {
    await api.db.connection().execute(async (conn) => {
      await expect(sql`SELECT 1 / ${0}::int AS n`.execute(conn)).rejects.toThrow(/division by zero/);
      expect((await sql<{ n: number }>`SELECT 1 / ${1}::int AS n`.execute(conn)).rows).toEqual([{ n: 1 }]);
    });
  });
});
