import { performance } from 'node:perf_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../context.js';
import type { ChangeListener } from '../db/listener.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's list answers (`answer-cache.ts`). */
    answerCache: AnswerCache;
  }
}

/** Where the statement triggers of every table (migration 0031, `db/change-triggers.ts`) announce a committed write. */
export const CHANGE_CHANNEL = 'remit_changes';
/** Answers held at most, and their size in characters at most; past either the oldest go. */
export const ANSWER_CACHE_MAX = 1_000;
export const ANSWER_CACHE_MAX_CHARS = 32 * 1024 * 1024;
/** A larger answer is not kept (a page of 500 wide rows is about 600 KB). */
const ENTRY_MAX_CHARS = 2 * 1024 * 1024;

interface Entry {
  body: string;
  /** `performance.now()` past which the entry is not used. */
  until: number;
}

/**
 * List answers of this process, for a second or two, keyed by the viewer and the address: a list that a
 * screen reads again (polling, going back, another pane) is answered from memory while nothing was written.
 *
 * Exact because any write empties it, wherever it comes from:
 * - every table but the few in `UNWATCHED_TABLES` has a statement trigger that NOTIFYs inside the writing
 *   transaction, delivered on commit to each process's change listener (`db/listener.ts`), whether the
 *   write came from a route, a job, a script or psql;
 * - this process's own write statements empty it as they end (`db/local-writes.ts`), so its next read
 *   sees them at once;
 * - a read that began before an emptying is not stored (`generation`), so a read racing a write cannot
 *   keep what the write changed;
 * - without the listen connection it is empty and bypassed.
 *
 * What a write does not change but the clock does (a date that passes, a job pg-boss expires) is at most
 * the entry's lifetime old. Another process sees a write once its notification arrives: after the commit,
 * within the time PostgreSQL takes to deliver it.
 */
export class AnswerCache {
  /** Bumped by every emptying; a read stores only if it did not move. */
  generation = 0;
  readonly stats = { hits: 0, misses: 0 };
  private readonly entries = new Map<string, Entry>();
  private chars = 0;
  private readonly ttlMs: number;

  constructor(
    private readonly listener: ChangeListener,
    ttlSeconds: number,
  ) {
    this.ttlMs = ttlSeconds * 1000;
    if (this.enabled) listener.subscribe({ channel: CHANGE_CHANNEL, notified: () => this.clear(), reset: () => this.clear() });
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get isListening(): boolean {
    return this.enabled && this.listener.isListening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The key of an answer: the viewer (its roles give the flags), the day (dates decide some flags) and the address. */
  static key(viewer: CurrentUser, url: string): string {
    return `${viewer.id}\u0000${[...viewer.roles].sort().join(',')}\u0000${new Date().toISOString().slice(0, 10)}\u0000${url}`;
  }

  get(key: string): string | undefined {
    const entry = this.isListening ? this.entries.get(key) : undefined;
    if (entry && performance.now() < entry.until) {
      this.stats.hits += 1;
      return entry.body;
    }
    if (entry) this.remove(key);
    this.stats.misses += 1;
    return undefined;
  }

  /** Stores an answer read from the database, unless the cache was emptied since the read began (`generation` as it was then). */
  put(key: string, body: string, generation: number): void {
    if (!this.isListening || generation !== this.generation || body.length > ENTRY_MAX_CHARS) return;
    this.remove(key);
    while (this.entries.size > 0 && (this.entries.size >= ANSWER_CACHE_MAX || this.chars + body.length > ANSWER_CACHE_MAX_CHARS)) {
      this.remove(this.entries.keys().next().value!);
    }
    this.entries.set(key, { body, until: performance.now() + this.ttlMs });
    this.chars += body.length;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.chars = 0;
  }

  /** Resolves once this process has heard of every write committed so far (`ChangeListener.synced`). */
  synced(): Promise<void> {
    return this.enabled ? this.listener.synced() : Promise.resolve();
  }

  /** The listen connection's backend process id (tests that cut it). */
  get listenerPid(): number | undefined {
    return this.isListening ? this.listener.listenerPid : undefined;
  }

  /**
   * Answers a GET from the cache, or reads it with `read` and keeps it (a request's `Cache-Control: no-cache`
   * skips the cache's answer). The answer goes out as the JSON
   * text it was stored as: the same bytes Fastify's own serialisation would send.
   */
  async answer(request: FastifyRequest, reply: FastifyReply, viewer: CurrentUser, read: () => Promise<unknown>): Promise<FastifyReply> {
    reply.type('application/json; charset=utf-8');
    if (!this.enabled) return reply.send(JSON.stringify(await read()));
    // `Cache-Control: no-cache` asks for an answer read now (HTTP's meaning): kept for the next reader all the same.
    const fresh = /\bno-cache\b/i.test(request.headers['cache-control'] ?? '');
    const key = AnswerCache.key(viewer, request.url);
    const cached = fresh ? undefined : this.get(key);
    if (cached !== undefined) return reply.send(cached);
    const generation = this.generation;
    const body = JSON.stringify(await read());
    this.put(key, body, generation);
    return reply.send(body);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.body.length;
  }
}
