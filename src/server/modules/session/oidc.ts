import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import * as oidc from 'openid-client';
import type { AppContext } from '../../context.js';
import { digest, sameText } from '../../lib/tokens.js';
import { createSession } from './service.js';
import './tables.js';

export const OIDC_PROVIDER = 'entra_id';
const REQUEST_TTL_MS = 10 * 60_000;
const STATE_COOKIE = 'sso_state';

/** Sent back on the provider's redirect (a top-level GET, so `lax` suffices), and only to our SSO paths. */
function stateCookie(publicUrl: string, maxAge: number) {
  return { path: '/users/auth/entra_id', httpOnly: true, sameSite: 'lax' as const, secure: publicUrl.startsWith('https://'), maxAge };
}

/** Only a path of this application may be a continue target (no open redirect). */
export function safeContinue(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (value.startsWith('/users/sign-in')) return undefined;
  return value.slice(0, 2000);
}

function signInRedirect(reply: FastifyReply, params: Record<string, string | undefined>) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const qs = search.toString();
  return reply.redirect(`/users/sign-in${qs ? `?${qs}` : ''}`, 303);
}

/**
 * Single sign-on for the `azure` login method: OpenID Connect authorization code flow with PKCE.
 * The provider's configuration is discovered on first use, so the app starts even while it is away.
 */
export function oidcRoutes(app: FastifyInstance, ctx: AppContext): void {
  const settings = ctx.config.oidc;
  if (!settings) return;
  const redirectUri = `${ctx.config.publicUrl}/users/auth/entra_id/callback`;
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        // A local provider (development, tests) speaks plain http.
        settings.issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  app.post('/users/auth/entra_id', { config: { public: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    let config: oidc.Configuration;
    try {
      config = await configuration();
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID provider unreachable');
      return signInRedirect(reply, { error: 'sso_unavailable' });
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await ctx.db.deleteFrom('oidc_requests').where('expires_at', '<', new Date()).execute();
    await ctx.db
      .insertInto('oidc_requests')
      .values({
        state_digest: digest(state),
        verifier,
        nonce,
        continue_to: safeContinue(body.continue) ?? null,
        platform: typeof body.platform === 'string' ? body.platform.slice(0, 20) : null,
        expires_at: new Date(Date.now() + REQUEST_TTL_MS),
      })
      .execute();
    // The state is also kept in this browser, so a callback is only taken from the browser that
    // started the sign-on (no login CSRF: a link with someone else's code and state signs nobody in).
    reply.setCookie(STATE_COOKIE, state, stateCookie(ctx.config.publicUrl, REQUEST_TTL_MS / 1000));
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return reply.redirect(url.href, 303);
  });

  app.get('/users/auth/entra_id/callback', { config: { public: true, browser: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const bound = request.cookies[STATE_COOKIE];
    reply.clearCookie(STATE_COOKIE, stateCookie(ctx.config.publicUrl, 0));
    if (typeof query.error === 'string') return signInRedirect(reply, { error: 'sso_failed' });
    const state = typeof query.state === 'string' ? query.state : '';
    if (!state || typeof bound !== 'string' || !sameText(bound, state)) return signInRedirect(reply, { error: 'sso_failed' });
    const pending = await ctx.db
      .deleteFrom('oidc_requests')
      .where('state_digest', '=', digest(state))
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    if (!pending) return signInRedirect(reply, { error: 'sso_failed' });
    const continueTo = pending.continue_to ?? undefined;
    let claims: oidc.IDToken | undefined;
    let email: string;
    try {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, new URL(request.url, ctx.config.publicUrl), {
        pkceCodeVerifier: pending.verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims()!;
      // Providers may keep the scope's claims out of the ID token (OpenID Connect Core 5.4, and
      // oidc-provider's default): then the user info endpoint has them.
      let info: oidc.UserInfoResponse | undefined;
      if (typeof claims.email !== 'string' && tokens.access_token) {
        // Without it, preferred_username (Entra ID's sign-in name) still identifies the user.
        info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).catch((error: unknown) => {
          request.log.warn({ err: error }, 'OpenID user info unavailable');
          return undefined;
        });
      }
      const source = typeof claims.email === 'string' ? claims : (info ?? claims);
      // An address the provider itself calls unverified does not identify anyone here.
      if (source.email_verified === false) throw new Error('the provider says the e-mail address is not verified');
      email = String(source.email ?? claims.preferred_username ?? info?.preferred_username ?? '').trim().toLowerCase();
    } catch (error) {
      request.log.warn({ err: error }, 'OpenID sign-in failed');
      return signInRedirect(reply, { error: 'sso_failed', continue: continueTo });
    }
    const user = email
      ? await ctx.db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email).executeTakeFirst()
      : undefined;
    await ctx.db
      .insertInto('sign_in_attempts')
      .values({ email: email || '(none)', ip: request.ip, method: OIDC_PROVIDER, outcome: !user ? 'unknown_email' : user.disabled ? 'disabled' : 'success' })
      .execute();
    if (!user || user.disabled) return signInRedirect(reply, { error: 'sso_user_unknown', continue: continueTo });
    await ctx.db
      .insertInto('user_authentications')
      .values({ user_id: user.id, provider: OIDC_PROVIDER, uid: String(claims!.sub) })
      .onConflict((oc) => oc.columns(['user_id', 'provider']).doUpdateSet({ uid: String(claims!.sub) }))
      .execute();
    const token = await createSession(ctx.db, ctx.config, user.id, { client: 'web', ip: request.ip });
    // The client keeps the session in the `token` and `uid` cookies (spec 1, 7.1); hand them over.
    const secure = ctx.config.publicUrl.startsWith('https://');
    const cookie = { path: '/', maxAge: ctx.config.sessionTtlSeconds, sameSite: 'lax' as const, secure };
    reply.setCookie('token', token, cookie).setCookie('uid', user.email, cookie);
    return signInRedirect(reply, { continue: continueTo });
  });
}
