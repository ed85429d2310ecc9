import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { hasAnyRole } from '../../shared/roles.js';
import type { CurrentUser } from '../context.js';
import type { Db } from '../db/connection.js';
import { digest, sameText } from '../lib/tokens.js';
import { forbidden, unauthorized } from './errors.js';
import '../modules/session/tables.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
  }
  interface FastifyInstance {
    /** Every route with its access rule, as registered: the access and fuzz tests walk it. */
    routeTable: RouteAccess[];
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, password reset, translations, the client itself). */
    public?: boolean;
    /** Roles of which the user needs one; `[]` means any signed-in user. `admin` passes every check. */
    roles?: readonly string[];
    /** A route browsers navigate to (not fetch): never answered with the client's index.html. */
    browser?: boolean;
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  public: boolean;
  roles: readonly string[];
}

export interface AuthOptions {
  /** A session unused for this long has ended (beside its absolute `expires_at`). */
  idleSeconds: number;
}

/** How stale `last_seen_at` may get before a request refreshes it: a write a minute, not one a request. */
const TOUCH_SECONDS = 60;

/**
 * Reads the session from `Authorization: Bearer <token>` and `uid: <email>`; null when absent or invalid
 * (revoked, expired, idle too long, user disabled). One round trip: the statement that reads the session
 * also refreshes its last activity when that is older than a minute. Reading the session and the user
 * fresh on every request is what makes a sign-out, a disable or a role change take effect at once in
 * every process.
 */
export async function authenticate(db: Db, request: FastifyRequest, options: AuthOptions): Promise<CurrentUser | null> {
  const header = request.headers.authorization;
  const uid = request.headers.uid;
  if (typeof header !== 'string' || typeof uid !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header);
  if (!match) return null;
  const tokenDigest = digest(match[1]);
  const row = await db
    .with('live', (qb) =>
      qb
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id as session_id', 'sessions.last_seen_at', 'users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.roles'])
        .where('sessions.token_digest', '=', tokenDigest)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', sql<Date>`now()`)
        .where('sessions.last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${options.idleSeconds})`)
        .where('users.disabled', '=', false),
    )
    .with('touched', (qb) =>
      qb
        .updateTable('sessions')
        .set({ last_seen_at: sql`now()` })
        .from('live')
        .whereRef('sessions.id', '=', 'live.session_id')
        .where('live.last_seen_at', '<', sql<Date>`now() - make_interval(secs => ${TOUCH_SECONDS})`)
        .returning('sessions.id'),
    )
    .selectFrom('live')
    .select(['session_id', 'id', 'email', 'first_name', 'last_name', 'roles'])
    .executeTakeFirst();
  if (!row || !sameText(row.email.toLowerCase(), uid.toLowerCase())) return null;
  return { id: row.id, email: row.email, first_name: row.first_name, last_name: row.last_name, roles: row.roles, sessionId: row.session_id };
}

/**
 * Every route either says it is public or names the roles it needs; a route that says neither is a
 * programming error caught at start-up, so no route can forget its check.
 */
export function installAuth(app: FastifyInstance, db: Db, options: AuthOptions): void {
  app.decorateRequest('user', null);
  const routeTable: RouteAccess[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const cfg = route.config as { public?: boolean; roles?: readonly string[] } | undefined;
    if (!cfg?.public && !Array.isArray(cfg?.roles)) {
      throw new Error(`route ${route.method} ${route.url} declares neither config.public nor config.roles`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, public: cfg?.public === true, roles: cfg?.roles ?? [] });
    }
  });
  app.addHook('onRequest', async (request) => {
    const cfg = request.routeOptions.config as { public?: boolean; roles?: readonly string[] } | undefined;
    // No route: the not-found handler (static files, the client, 404). A public route: no session.
    if (!request.routeOptions.url || cfg?.public === true) return;
    const user = await authenticate(db, request, options);
    if (!user) throw unauthorized();
    request.user = user;
    // Fails closed: a route that slipped past the start-up check without roles admits nobody.
    if (!Array.isArray(cfg?.roles) || !hasAnyRole(user.roles, cfg.roles)) throw forbidden();
  });
}

/** The signed-in user of a route that requires one. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
