import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { CurrentUser } from '../context.js';

/** Where the triggers of migration 0028 announce a changed admission: `s<session id>`, `u<user id>` or `*`. */
export const SESSION_CHANNEL = 'remit_sessions';
/** Sessions held at most; past it the oldest entry goes (they live seconds, so insertion order is age). */
export const SESSION_CACHE_MAX = 10_000;
const RECONNECT_MAX_MS = 5_000;
/** A sync marker not back within this long means the listen connection is stuck: dropped and reopened. */
const SYNC_TIMEOUT_MS = 5_000;
/** How often a marker goes round while listening: a connection that died silently is noticed within this and the timeout. */
const HEARTBEAT_MS = 5_000;

interface Entry {
  user: CurrentUser;
  /** `performance.now()` past which the entry is not used. */
  until: number;
}

/**
 * Admitted sessions of this process, for a few seconds, so that a request needs no database round trip
 * to authenticate. Safe because it is evicted across processes: triggers on `sessions` and `users`
 * (migration 0028) NOTIFY inside every transaction that ends or alters an admission (sign-out, revoke,
 * disable, delete, roles, names, e-mail, password), delivered on commit; one LISTEN connection per
 * process evicts what they name. Without that connection (not yet open, dropped, stuck) the cache is
 * empty and bypassed until it listens again: it never serves an admission it could have missed the end of.
 * A database read that started before an eviction is not stored (`generation`), so a read racing a
 * sign-out cannot put the ended session back.
 */
export class SessionCache {
  /** Bumped by every eviction and by each change of the listen connection; a read stores only if it did not move. */
  generation = 0;
  readonly stats = { hits: 0, misses: 0 };
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfSession = new Map<number, string>();
  private readonly sessionsOfUser = new Map<number, Set<number>>();
  private readonly ttlMs: number;
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private attempts = 0;
  private reconnect: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly syncs = new Map<string, () => void>();

  constructor(
    private readonly connectionString: string,
    ttlSeconds: number,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.ttlMs = ttlSeconds * 1000;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** True while the listen connection is open: only then are entries served and stored. */
  get isListening(): boolean {
    return this.listening;
  }

  /** The listen connection's backend process id (diagnostics, and tests that cut it). */
  get listenerPid(): number | undefined {
    return this.listening ? ((this.client as { processID?: number } | undefined)?.processID ?? undefined) : undefined;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Opens the listen connection (a failure leaves the cache bypassed and retries in the background). */
  async start(): Promise<void> {
    if (this.enabled) await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnect);
    const client = this.client;
    this.dropped(client);
    await client?.end().catch(() => undefined);
  }

  get(key: string): CurrentUser | undefined {
    const entry = this.listening ? this.entries.get(key) : undefined;
    if (entry && performance.now() < entry.until) {
      this.stats.hits += 1;
      return entry.user;
    }
    if (entry) this.remove(key);
    this.stats.misses += 1;
    return undefined;
  }

  /**
   * Stores an admission read from the database, unless anything was evicted since the read began
   * (`generation` as it was then). `until` is capped at the cache's own lifetime.
   */
  put(key: string, user: CurrentUser, until: number, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    const capped = Math.min(until, performance.now() + this.ttlMs);
    if (capped <= performance.now()) return;
    this.remove(key);
    if (this.entries.size >= SESSION_CACHE_MAX) this.remove(this.entries.keys().next().value!);
    this.entries.set(key, { user, until: capped });
    this.keysOfSession.set(user.sessionId, key);
    const sessions = this.sessionsOfUser.get(user.id) ?? new Set<number>();
    sessions.add(user.sessionId);
    this.sessionsOfUser.set(user.id, sessions);
  }

  evictSession(sessionId: number): void {
    this.generation += 1;
    const key = this.keysOfSession.get(sessionId);
    if (key !== undefined) this.remove(key);
  }

  evictUser(userId: number): void {
    this.generation += 1;
    for (const sessionId of [...(this.sessionsOfUser.get(userId) ?? [])]) this.evictSession(sessionId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.keysOfSession.clear();
    this.sessionsOfUser.clear();
  }

  /**
   * Resolves once this process has evicted whatever every transaction committed so far announced: a
   * marker sent now arrives after their notifications (PostgreSQL delivers them in commit order). A
   * write of this process waits for it before answering, so its own next request is exact at once.
   */
  async synced(): Promise<void> {
    const client = this.client;
    if (!this.listening || !client) return;
    const marker = `sync:${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve) => {
      this.syncs.set(marker, resolve);
      timer = setTimeout(() => {
        // Stuck: fail closed (cleared and bypassed until a new connection listens).
        this.log?.warn('session cache: the listen connection did not answer; bypassing the cache until it reconnects');
        this.lost(client);
      }, SYNC_TIMEOUT_MS);
      timer.unref();
    });
    try {
      await client.query('SELECT pg_notify($1, $2)', [SESSION_CHANNEL, marker]);
    } catch {
      this.lost(client);
    }
    await arrived;
    clearTimeout(timer);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.keysOfSession.delete(entry.user.sessionId);
    const sessions = this.sessionsOfUser.get(entry.user.id);
    sessions?.delete(entry.user.sessionId);
    if (sessions?.size === 0) this.sessionsOfUser.delete(entry.user.id);
  }

  private notified(payload: string): void {
    const sync = this.syncs.get(payload);
    if (sync) {
      this.syncs.delete(payload);
      sync();
      return;
    }
    const id = Number(payload.slice(1));
    if (payload[0] === 's' && Number.isSafeInteger(id)) this.evictSession(id);
    else if (payload[0] === 'u' && Number.isSafeInteger(id)) this.evictUser(id);
    else if (!payload.startsWith('sync:')) this.clear(); // '*' or anything unknown: everything
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000, application_name: 'remit session cache' });
    this.client = client;
    client.on('notification', (message) => this.notified(message.payload ?? '*'));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
    } catch (error) {
      this.log?.warn({ err: error }, 'session cache: cannot listen for session changes; authenticating from the database');
      this.lost(client);
      return;
    }
    if (this.client !== client) return;
    // Reads that began before this point could have missed an eviction: none of them is stored.
    this.generation += 1;
    this.listening = true;
    this.attempts = 0;
    this.heartbeat = setInterval(() => void this.synced(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The listen connection is gone: clear, bypass, and listen again after a backoff. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.dropped(client);
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.attempts += 1;
    const delay = Math.min(RECONNECT_MAX_MS, 50 * 2 ** this.attempts);
    this.reconnect = setTimeout(() => void this.connect(), delay);
    this.reconnect.unref();
  }

  private dropped(client: pg.Client | undefined): void {
    if (client && this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    clearInterval(this.heartbeat);
    this.clear();
    // Nothing can arrive any more; a cleared, bypassed cache is in sync by definition.
    for (const resolve of this.syncs.values()) resolve();
    this.syncs.clear();
  }
}
