import { performance } from 'node:perf_hooks';
import type { CurrentUser } from '../context.js';
import type { ChangeListener } from '../db/listener.js';

/** Where the triggers of migration 0028 announce a changed admission: `s<session id>`, `u<user id>` or `*`. */
export const SESSION_CHANNEL = 'remit_sessions';
/** Sessions held at most; past it the oldest entry goes (they live seconds, so insertion order is age). */
export const SESSION_CACHE_MAX = 10_000;

interface Entry {
  user: CurrentUser;
  /** `performance.now()` past which the entry is not used. */
  until: number;
}

/**
 * Admitted sessions of this process, for a few seconds, so that a request needs no database round trip
 * to authenticate. Safe because it is evicted across processes: triggers on `sessions` and `users`
 * (migration 0028) NOTIFY inside every transaction that ends or alters an admission (sign-out, revoke,
 * disable, delete, roles, names, e-mail, password), delivered on commit; the process's change listener
 * (`db/listener.ts`) evicts what they name. Without its connection (not yet open, dropped, stuck) the
 * cache is empty and bypassed until it listens again: it never serves an admission it could have missed
 * the end of. A database read that started before an eviction is not stored (`generation`), so a read
 * racing a sign-out cannot put the ended session back.
 */
export class SessionCache {
  /** Bumped by every eviction and by each change of the listen connection; a read stores only if it did not move. */
  generation = 0;
  readonly stats = { hits: 0, misses: 0 };
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfSession = new Map<number, string>();
  private readonly sessionsOfUser = new Map<number, Set<number>>();
  private readonly ttlMs: number;

  constructor(
    private readonly listener: ChangeListener,
    ttlSeconds: number,
  ) {
    this.ttlMs = ttlSeconds * 1000;
    if (this.enabled) listener.subscribe({ channel: SESSION_CHANNEL, notified: (payload) => this.notified(payload), reset: () => this.clear() });
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** True while the change listener listens: only then are entries served and stored. */
  get isListening(): boolean {
    return this.enabled && this.listener.isListening;
  }

  /** The listen connection's backend process id (diagnostics, and tests that cut it). */
  get listenerPid(): number | undefined {
    return this.isListening ? this.listener.listenerPid : undefined;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CurrentUser | undefined {
    const entry = this.isListening ? this.entries.get(key) : undefined;
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
    if (!this.isListening || generation !== this.generation) return;
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

  /** Resolves once this process has evicted whatever every transaction committed so far announced (`ChangeListener.synced`). */
  synced(): Promise<void> {
    return this.enabled ? this.listener.synced() : Promise.resolve();
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
    const id = Number(payload.slice(1));
    if (payload[0] === 's' && Number.isSafeInteger(id)) this.evictSession(id);
    else if (payload[0] === 'u' && Number.isSafeInteger(id)) this.evictUser(id);
    else this.clear(); // '*' or anything unknown: everything
  }
}
