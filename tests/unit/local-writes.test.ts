import { describe, expect, it } from 'vitest';
import { isWrite } from '../../src/server/db/local-writes.js';

describe('isWrite', () => {
  it('counts every statement that can change a watched table, and a commit', () => {
    for (const text of [
      'insert into "banks" ("name") values ($1)',
      ' UPDATE payments SET state = $1',
      'delete from "vendors" where "id" = $1',
      'with moved as (update payments set state = $1 returning id) select * from moved',
      'commit',
      'COPY revenue_rows FROM STDIN',
      'truncate banks',
      'insert into "sessions_archive" ("id") values ($1)',
    ]) {
      expect(isWrite(text), text).toBe(true);
    }
  });

  it('leaves out reads, transaction control and the writes of tables no answer reads', () => {
    for (const text of [
      'select "id" from "banks"',
      '  SELECT pg_notify($1, $2)',
      'begin',
      'rollback',
      'savepoint sp1',
      'set local statement_timeout = 1000',
      'update "sessions" set "last_seen_at" = now() where "id" = $1',
      'insert into "job_workers" ("id") values ($1) on conflict ("id") do update set "seen_at" = now()',
      'DELETE FROM job_workers w WHERE w.id IN (SELECT 1)',
      'with "touched" as (update "sessions" set "last_seen_at" = now()) select 1 /* answers unchanged */',
    ]) {
      expect(isWrite(text), text).toBe(false);
    }
  });
});
