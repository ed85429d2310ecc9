import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** Where `synced()` sends its markers: a channel of its own, so no subscriber sees them. */
const SYNC_CHANNEL = 'remit_listener_sync';
const RECONNECT_MAX_MS = 5_000;
/** A sync marker not back within this long means the listen connection is stuck: dropped and reopened. */
const SYNC_TIMEOUT_MS = 5_000;
/** How often a marker goes round while listening: a connection that died silently is noticed within this and the timeout. */
const HEARTBEAT_MS = 5_000;

export interface Subscriber {
  channel: string;
  /** A notification on `channel` (delivered after the sending transaction committed). */
  notified(payload: string): void;
  /**
   * The connection began or stopped listening: whatever was announced meanwhile is unknown, so a cache
   * empties itself and makes reads that began before this point unstorable.
   */
  reset(): void;
}

/**
 * One LISTEN connection per process for the in-memory caches (`http/session-cache.ts`,
 * `http/answer-cache.ts`). Triggers NOTIFY inside the writing transaction, so a change is announced
 * exactly when it commits. The caches serve only while `isListening`: without the connection (not yet
 * open, dropped, stuck) they are empty and bypassed until it listens again, so they never serve what
 * they could have missed the end of.
 */
export class ChangeListener {
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private attempts = 0;
  private reconnect: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly syncs = new Map<string, () => void>();
  private readonly subscribers: Subscriber[] = [];

  constructor(
    private readonly connectionString: string,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Adds a subscriber; subscribe before `start`. */
  subscribe(subscriber: Subscriber): void {
    this.subscribers.push(subscriber);
  }

  /** True while the listen connection is open. */
  get isListening(): boolean {
    return this.listening;
  }

  /** The listen connection's backend process id (diagnostics, and tests that cut it). */
  get listenerPid(): number | undefined {
    return this.listening ? ((this.client as { processID?: number } | undefined)?.processID ?? undefined) : undefined;
  }

  /** Opens the listen connection (a failure leaves the caches bypassed and retries in the background). */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnect);
    const client = this.client;
    this.dropped(client);
    await client?.end().catch(() => undefined);
  }

  /**
   * Resolves once this process has heard every notification of the transactions committed so far: a
   * marker sent now arrives after them (PostgreSQL delivers notifications in commit order). A write that
   * must be seen at once by its own process waits for it before answering.
   */
  async synced(): Promise<void> {
    const client = this.client;
    if (!this.listening || !client) return;
    const marker = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve) => {
      this.syncs.set(marker, resolve);
      timer = setTimeout(() => {
        // Stuck: fail closed (caches cleared and bypassed until a new connection listens).
        this.log?.warn('change listener: the listen connection did not answer; bypassing the caches until it reconnects');
        this.lost(client);
      }, SYNC_TIMEOUT_MS);
      timer.unref();
    });
    try {
      await client.query('SELECT pg_notify($1, $2)', [SYNC_CHANNEL, marker]);
    } catch {
      this.lost(client);
    }
    await arrived;
    clearTimeout(timer);
  }

  private notified(channel: string, payload: string): void {
    if (channel === SYNC_CHANNEL) {
      this.syncs.get(payload)?.();
      this.syncs.delete(payload);
      return;
    }
    for (const s of this.subscribers) if (s.channel === channel) s.notified(payload);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000, application_name: 'remit change listener' });
    this.client = client;
    client.on('notification', (message) => this.notified(message.channel, message.payload ?? ''));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of new Set([SYNC_CHANNEL, ...this.subscribers.map((s) => s.channel)])) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      this.log?.warn({ err: error }, 'change listener: cannot listen for changes; the caches are bypassed');
      this.lost(client);
      return;
    }
    if (this.client !== client) return;
    // Reads that began before this point could have missed a notification: none of them is stored.
    for (const s of this.subscribers) s.reset();
    this.listening = true;
    this.attempts = 0;
    this.heartbeat = setInterval(() => void this.synced(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The listen connection is gone: reset, bypass, and listen again after a backoff. */
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
    for (const s of this.subscribers) s.reset();
    // Nothing can arrive any more; a cleared, bypassed cache is in sync by definition.
    for (const resolve of this.syncs.values()) resolve();
    this.syncs.clear();
  }
}
