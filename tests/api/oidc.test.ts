import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi } from '../support/api.js';

/**
 * Single sign-on against a real OpenID provider (`oidc-provider`) on a local port: the app discovers
 * it, sends the browser there, and exchanges the code on the callback. The provider's own login and
 * consent pages are driven with fetch, as a browser would.
 */
const PUBLIC_URL = 'http://remit.test';
const CALLBACK = `${PUBLIC_URL}/users/auth/entra_id/callback`;

/** Accounts at the provider: the account id is what the test "types" on the provider's login page. */
const ACCOUNTS: Record<string, { email?: string; preferred_username?: string; email_verified?: boolean }> = {
  ada: { email: 'Ada@Test.Local' },
  dora: { email: 'dora@test.local' },
  stranger: { email: 'stranger@elsewhere.example' },
  upn: { preferred_username: 'upn@test.local' },
};

// Read by setupApi in its beforeAll, which runs after this file's first beforeAll started the provider.
const env: Record<string, string> = {
  PUBLIC_URL,
  OIDC_CLIENT_ID: 'remit',
  OIDC_CLIENT_SECRET: 'remit-client-secret',
  LOGIN_METHODS: 'password,azure',
  SIGN_IN_RATE_LIMIT: '1000',
};
let server: http.Server;
let issuer: string;

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: env.OIDC_CLIENT_ID,
        client_secret: env.OIDC_CLIENT_SECRET,
        redirect_uris: [CALLBACK],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username'] },
    findAccount: async (_ctx, id) => {
      const account = ACCOUNTS[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email_verified: true, ...account }) };
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  server.on('request', provider.callback());
  env.OIDC_ISSUER = issuer;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const api = setupApi({ env });

/** fetch with a cookie jar and no automatic redirects: a browser, as far as the provider can tell. */
class Browser {
  private cookies = new Map<string, string>();

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v] = a.split('=').map((x) => x.trim());
        return (/^expires$/i.test(k) && new Date(v) <= new Date()) || (/^max-age$/i.test(k) && Number(v) <= 0);
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

/** Starts sign-on at the app: POST /users/auth/entra_id as the sign-in page's form does. */
async function start(continueTo?: string) {
  const form = new URLSearchParams({ platform: 'web' });
  if (continueTo !== undefined) form.set('continue', continueTo);
  return api.app.inject({
    method: 'POST',
    url: '/users/auth/entra_id',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: form.toString(),
  });
}

/**
 * Follows the provider's redirects, signing in as `account` on its login page and agreeing on its
 * consent page, until it sends the browser back to the app; answers that callback address.
 */
async function signInAtProvider(authorizationUrl: string, account: string, browser = new Browser()): Promise<URL> {
  let url = new URL(authorizationUrl);
  for (let step = 0; step < 20; step++) {
    const res = await browser.fetch(url);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.href.startsWith(`${PUBLIC_URL}/`)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    expect(action && prompt, html).toBeTruthy();
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login: account, password: 'whatever' } : { prompt: prompt! });
    const submitted = await browser.fetch(new URL(action!.replace(/&amp;/g, '&'), url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(submitted.status).toBeGreaterThanOrEqual(300);
    expect(submitted.status).toBeLessThan(400);
    url = new URL(submitted.headers.get('location')!, url);
    if (url.href.startsWith(`${PUBLIC_URL}/`)) return url;
  }
  throw new Error('the provider never sent the browser back');
}

/** The `sso_state` cookie the app gave the browser that started sign-on, as a Cookie header. */
function stateCookie(started: Awaited<ReturnType<typeof start>>): string {
  const cookie = started.cookies.find((c) => c.name === 'sso_state');
  expect(cookie, 'the app binds the sign-on to the browser').toBeDefined();
  return `sso_state=${cookie!.value}`;
}

/** The whole round trip up to the app's callback: start at the app, sign in at the provider. */
async function signOn(account: string, continueTo?: string) {
  const started = await start(continueTo);
  expect(started.statusCode).toBe(303);
  const back = await signInAtProvider(started.headers.location as string, account);
  return { started, back, cookie: stateCookie(started) };
}

/** The app's callback, called as the browser would after the provider's redirect. */
const callback = (url: URL, cookie?: string) =>
  api.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { accept: 'text/html,application/xhtml+xml', ...(cookie ? { cookie } : {}) },
  });

function cookiesOf(res: Awaited<ReturnType<typeof callback>>) {
  return Object.fromEntries(res.cookies.filter((c) => c.value !== '').map((c) => [c.name, c]));
}

async function userWithEmail(email: string, attrs: { disabled?: boolean } = {}) {
  return api.db
    .insertInto('users')
    .values({ email, first_name: 'Sso', last_name: 'User', roles: ['vendors'], disabled: attrs.disabled ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('single sign-on with a real OpenID provider', () => {
  it('signs in a known user and hands the session to the sign-in page with the continue target', async () => {
    const { id } = await userWithEmail('ada@test.local');

    const started = await start('/vendors');
    expect(started.statusCode).toBe(303);
    const authorization = new URL(started.headers.location as string);
    expect(authorization.origin).toBe(issuer);
    expect(authorization.searchParams.get('client_id')).toBe('remit');
    expect(authorization.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(authorization.searchParams.get('response_type')).toBe('code');
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorization.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(authorization.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    // Only a digest of the state is kept; the verifier never leaves the server.
    const pending = await api.db.selectFrom('oidc_requests').selectAll().execute();
    expect(pending).toHaveLength(1);
    expect(pending[0].state_digest).not.toBe(authorization.searchParams.get('state'));
    expect(started.headers.location).not.toContain(pending[0].verifier);
    const binding = started.cookies.find((c) => c.name === 'sso_state');
    expect(binding).toMatchObject({ value: authorization.searchParams.get('state'), httpOnly: true, sameSite: 'Lax', path: '/users/auth/entra_id' });

    const back = await signInAtProvider(authorization.href, 'ada');
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe(authorization.searchParams.get('state'));

    const res = await callback(back, stateCookie(started));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/users/sign-in?continue=%2Fvendors');
    const cookies = cookiesOf(res);
    expect(cookies.uid?.value).toBe('ada@test.local');
    expect(cookies.token?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookies.token).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: 86400 });
    expect(cookies.sso_state).toBeUndefined();

    const session = await api.request({
      method: 'GET',
      url: '/users/sessions.json',
      headers: { authorization: `Bearer ${cookies.token.value}`, uid: cookies.uid.value, client: 'web' },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ email: 'ada@test.local', roles: ['vendors'] });

    const links = await api.db.selectFrom('user_authentications').select(['provider', 'uid']).where('user_id', '=', id).execute();
    expect(links).toEqual([{ provider: 'entra_id', uid: 'ada' }]);
    const attempts = await api.db.selectFrom('sign_in_attempts').select(['method', 'outcome']).where('email', '=', 'ada@test.local').execute();
    expect(attempts).toEqual([{ method: 'entra_id', outcome: 'success' }]);
    expect(await api.db.selectFrom('oidc_requests').selectAll().execute()).toEqual([]);

    // A replayed callback (same state, same code) finds no pending request.
    const replay = await callback(back, stateCookie(started));
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe('/users/sign-in?error=sso_failed');
    expect(cookiesOf(replay).token).toBeUndefined();
  });

  it('signs in again without duplicating the provider link', async () => {
    const { id } = await userWithEmail('dora@test.local');
    for (let i = 0; i < 2; i++) {
      const { back, cookie } = await signOn('dora');
      const res = await callback(back, cookie);
      expect(res.headers.location).toBe('/users/sign-in');
      expect(cookiesOf(res).uid?.value).toBe('dora@test.local');
    }
    const links = await api.db.selectFrom('user_authentications').select('provider').where('user_id', '=', id).execute();
    expect(links).toEqual([{ provider: 'entra_id' }]);
  });

  it('takes preferred_username when the provider sends no email', async () => {
    await userWithEmail('upn@test.local');
    const { back, cookie } = await signOn('upn', '/payments');
    const res = await callback(back, cookie);
    expect(res.headers.location).toBe('/users/sign-in?continue=%2Fpayments');
    expect(cookiesOf(res).uid?.value).toBe('upn@test.local');
  });

  it('an unknown email comes back with sso_user_unknown and no session', async () => {
    const { back, cookie } = await signOn('stranger', '/vendors');
    const res = await callback(back, cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/users/sign-in?error=sso_user_unknown&continue=%2Fvendors');
    expect(cookiesOf(res)).toEqual({});
    const attempts = await api.db.selectFrom('sign_in_attempts').select('outcome').where('email', '=', 'stranger@elsewhere.example').execute();
    expect(attempts).toEqual([{ outcome: 'unknown_email' }]);
  });

  it('a disabled user comes back with sso_user_unknown and no session', async () => {
    const { id } = await userWithEmail('disabled-sso@test.local', { disabled: true });
    ACCOUNTS.disabled = { email: 'disabled-sso@test.local' };
    const { back, cookie } = await signOn('disabled');
    const res = await callback(back, cookie);
    expect(res.headers.location).toBe('/users/sign-in?error=sso_user_unknown');
    expect(cookiesOf(res)).toEqual({});
    expect(await api.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([]);
  });

  it('an address the provider calls unverified signs nobody in', async () => {
    await userWithEmail('unverified@test.local');
    ACCOUNTS.unverified = { email: 'unverified@test.local', email_verified: false };
    const { back, cookie } = await signOn('unverified');
    const res = await callback(back, cookie);
    expect(res.headers.location).toBe('/users/sign-in?error=sso_failed');
    expect(cookiesOf(res)).toEqual({});
  });

  it('a callback link opened in another browser signs nobody in (login CSRF), and the right browser still can', async () => {
    await userWithEmail('mallory@test.local');
    ACCOUNTS.mallory = { email: 'mallory@test.local' };
    const { back, cookie } = await signOn('mallory', '/vendors');
    for (const other of [undefined, 'sso_state=some-other-state', `${cookie}x`]) {
      const res = await callback(back, other);
      expect(res.headers.location).toBe('/users/sign-in?error=sso_failed');
      expect(cookiesOf(res)).toEqual({});
    }
    const res = await callback(back, cookie);
    expect(res.headers.location).toBe('/users/sign-in?continue=%2Fvendors');
    expect(cookiesOf(res).uid?.value).toBe('mallory@test.local');
  });

  it('an unknown, forged or expired state comes back with sso_failed', async () => {
    await userWithEmail('eve@test.local');
    ACCOUNTS.eve = { email: 'eve@test.local' };
    const { back, cookie } = await signOn('eve', '/vendors');

    const forged = new URL(back);
    forged.searchParams.set('state', 'a-state-the-app-never-issued');
    for (const c of [cookie, 'sso_state=a-state-the-app-never-issued']) {
      const res = await callback(forged, c);
      expect(res.headers.location).toBe('/users/sign-in?error=sso_failed');
      expect(cookiesOf(res)).toEqual({});
    }

    const missing = new URL(back);
    missing.searchParams.delete('state');
    expect((await callback(missing, cookie)).headers.location).toBe('/users/sign-in?error=sso_failed');

    // The real state after its 10 minutes are over.
    await api.db.updateTable('oidc_requests').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const expired = await callback(back, cookie);
    expect(expired.headers.location).toBe('/users/sign-in?error=sso_failed');
    expect(cookiesOf(expired)).toEqual({});
  });

  it('a code that does not belong to the state is refused by the exchange', async () => {
    await userWithEmail('frank@test.local');
    ACCOUNTS.frank = { email: 'frank@test.local' };
    const first = await signOn('frank', '/a');
    const second = await signOn('frank', '/b');
    // Second flow's state with the first flow's code: PKCE verifier and nonce do not match.
    const mixed = new URL(second.back);
    mixed.searchParams.set('code', first.back.searchParams.get('code')!);
    const res = await callback(mixed, second.cookie);
    expect(res.headers.location).toBe('/users/sign-in?error=sso_failed&continue=%2Fb');
    expect(cookiesOf(res)).toEqual({});
  });

  it('the provider refusing (error in the callback) comes back with sso_failed', async () => {
    const started = await start('/vendors');
    const state = new URL(started.headers.location as string).searchParams.get('state')!;
    const res = await callback(new URL(`${CALLBACK}?error=access_denied&state=${state}`), stateCookie(started));
    expect(res.headers.location).toBe('/users/sign-in?error=sso_failed');
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/users/sign-in?error=x'])(
    'drops the continue target %s',
    async (target) => {
      const account = `t${Math.random().toString(36).slice(2, 10)}`;
      ACCOUNTS[account] = { email: `${account}@test.local` };
      await userWithEmail(`${account}@test.local`);
      const { back, cookie } = await signOn(account, target);
      const res = await callback(back, cookie);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/users/sign-in');
      expect(cookiesOf(res).uid?.value).toBe(`${account}@test.local`);
    },
  );

  it('keeps a local continue target with its query', async () => {
    await userWithEmail('gina@test.local');
    ACCOUNTS.gina = { email: 'gina@test.local' };
    const { back, cookie } = await signOn('gina', '/vendors?filter[state]=new&p=2');
    const res = await callback(back, cookie);
    const location = new URL(res.headers.location as string, PUBLIC_URL);
    expect(location.pathname).toBe('/users/sign-in');
    expect(location.searchParams.get('continue')).toBe('/vendors?filter[state]=new&p=2');
  });

  it('the sign-in page offers single sign-on, and the page may post to the provider', async () => {
    const settings = await api.request({ method: 'GET', url: '/config/settings.json', as: await api.user([]) });
    expect(settings.json().login_methods).toEqual(['password', 'azure']);
    const started = await start();
    const csp = String(started.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`form-action 'self' ${issuer.replace(/[.]/g, '\\.')}`));
  });
});

describe('single sign-on while the provider is away', () => {
  it('comes back with sso_unavailable', async () => {
    // A second app whose issuer nobody listens on.
    const { buildApp } = await import('../../src/server/app.js');
    const { readConfig } = await import('../../src/server/config.js');
    const dead = http.createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((resolve) => dead.close(resolve));
    const config = readConfig({ ...env, OIDC_ISSUER: `http://127.0.0.1:${port}`, DATABASE_URL: api.databaseUrl, LOG_LEVEL: 'silent' });
    const app = await buildApp({ ctx: { ...api.ctx, config } });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/users/auth/entra_id',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'platform=web&continue=%2Fvendors',
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/users/sign-in?error=sso_unavailable');
    } finally {
      await app.close();
    }
  });
});
