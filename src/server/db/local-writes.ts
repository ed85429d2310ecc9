import { sql } from 'kysely';
import type pg from 'pg';
import { UNWATCHED_TABLES } from './change-triggers.js';

/**
 * Statements that change no table: everything else counts as a write. Guessing "write" wrongly only
 * empties a cache once too often; guessing "read" wrongly would keep an old answer, so the list is short.
 */
const READ = /^\s*(select|show|begin|start\s+transaction|set\s|savepoint|release|rollback|listen|unlisten)\b/i;

/** A single write of a table no answer reads (a session's touch, a job worker's heartbeat): it has no trigger either. */
const UNWATCHED = new RegExp(`^\\s*(insert\\s+into|update|delete\\s+from)\\s+"?(${UNWATCHED_TABLES.join('|')})"?\\s`, 'i');

/**
 * Appended (`.modifyEnd(ANSWERS_UNCHANGED)`) to a statement whose only write is to a table no answer reads
 * but that the text alone does not show: the authentication's read of a session that also touches it.
 */
export const ANSWERS_UNCHANGED = sql.raw('/* answers unchanged */');
const MARKED = /\/\* answers unchanged \*\/\s*$/;

export function isWrite(text: string): boolean {
  return !READ.test(text) && !UNWATCHED.test(text) && !MARKED.test(text);
}

type Query = (...args: unknown[]) => unknown;

/**
 * Calls `written` when a write statement of `client` (an INSERT, an UPDATE, a COMMIT...) has ended,
 * whether it succeeded or not. The answer cache (`http/answer-cache.ts`) empties itself then, so this
 * process's own writes are seen by its next read at once, without waiting for their notification.
 * A read that began before it is not stored either (the cache's generation moved).
 */
export function watchWrites(client: pg.PoolClient, written: () => void): void {
  const query = client.query.bind(client) as Query;
  const watched: Query = (text, values, callback) => {
    const sent = typeof text === 'string' ? text : ((text as { text?: unknown } | null)?.text ?? '');
    const result = query(text, values, callback);
    if (typeof sent !== 'string' || !isWrite(sent)) return result;
    // Once it has ended; a streamed COPY (no promise) at once, and its commit again.
    if (result instanceof Promise) return result.finally(written);
    written();
    return result;
  };
  (client as unknown as { query: Query }).query = watched;
}
