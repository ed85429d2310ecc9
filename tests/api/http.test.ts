import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { currentUser } from '../../src/server/http/auth.js';
import { hashPassword } from '../../src/server/modules/session/passwords.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi({ env: { BODY_LIMIT_BYTES: '2048' } });

const INDEX = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Remit</title><script type="module" src="/assets/app-abc123.js"></script></head>
  <body><div id="root"></div></body>
</html>
`;
const ASSET = 'console.log("remit");\n';

let clientDir: string;
let app: FastifyInstance;
const logLines: Record<string, unknown>[] = [];
let plain: TestUser;
let admin: TestUser;
let holder: TestUser;

/**
 * A second app on the test's pieces, with a built client in a temporary folder and a few routes of
 * its own, registered before it is ready.
 */
beforeAll(async () => {
  clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'remit-client-'));
  await fs.mkdir(path.join(clientDir, 'assets'));
  await fs.writeFile(path.join(clientDir, 'index.html'), INDEX);
  await fs.writeFile(path.join(clientDir, 'assets', 'app-abc123.js'), ASSET);
  // What the build's precompress plugin writes beside each asset.
  await fs.writeFile(path.join(clientDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET));
  await fs.writeFile(path.join(clientDir, 'assets', 'app-abc123.js.gz'), gzipSync(ASSET));
  await fs.writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A secret next to the client folder: no path may reach it.
  await fs.writeFile(path.join(clientDir, '..', `${path.basename(clientDir)}-secret.txt`), 'secret');

  app = await buildApp({
    ctx: api.ctx,
    clientDir,
    logger: { level: 'error', stream: { write: (line: string) => logLines.push(JSON.parse(line)) } },
  });
  app.get('/api/test/boom', { config: { roles: [] } }, async () => {
    throw new Error('connection to 10.1.2.3 failed for user remit_owner');
  });
  app.get('/api/test/needs-x', { config: { roles: ['x'] } }, async (request) => ({ email: currentUser(request).email }));
  app.get('/api/test/any', { config: { roles: [] } }, async () => ({ ok: true }));
  app.post('/api/test/echo', { config: { public: true } }, async (request) => ({ got: request.body }));
  await app.ready();

  plain = await api.user(['vendors']);
  holder = await api.user(['x']);
  admin = await api.user(['admin']);
});

afterAll(async () => {
  await app?.close();
  await fs.rm(clientDir, { recursive: true, force: true });
  await fs.rm(path.join(clientDir, '..', `${path.basename(clientDir)}-secret.txt`), { force: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toMatch(/(^|;)\s*script-src 'self'(;|$)/);
  expect(csp).toMatch(/(^|;)\s*frame-ancestors 'none'(;|$)/);
  expect(csp).toMatch(/(^|;)\s*object-src 'none'(;|$)/);
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('security headers', () => {
  it('are on API answers, error answers and the client page', async () => {
    expectSecurityHeaders((await app.inject({ method: 'GET', url: '/config/locales/en.json' })).headers);
    expectSecurityHeaders((await app.inject({ method: 'GET', url: '/config/data' })).headers);
    expectSecurityHeaders((await app.inject({ method: 'GET', url: '/vendors', headers: { accept: 'text/html' } })).headers);
    expectSecurityHeaders((await app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).headers);
  });
});

describe('caching', () => {
  it('API answers, with a token or personal data or an error, are never stored; assets keep their long cache', async () => {
    const password = 'caching password 1';
    const email = 'cache@test.local';
    await api.db.insertInto('users').values({ email, first_name: 'C', last_name: 'C', roles: [], password_digest: await hashPassword(password) }).execute();
    const answers = [
      await app.inject({ method: 'POST', url: '/users/sign_in.json', payload: { user: { email, password } } }),
      await app.inject({ method: 'POST', url: '/users/sign_in.json', payload: { user: { email, password: 'wrong' } } }),
      await app.inject({ method: 'GET', url: '/users/sessions.json', headers: plain.headers }),
      await app.inject({ method: 'GET', url: '/config/settings.json', headers: plain.headers }),
      await app.inject({ method: 'GET', url: '/config/data', headers: plain.headers }),
      await app.inject({ method: 'GET', url: '/api/users?s=5', headers: admin.headers }),
      await app.inject({ method: 'GET', url: '/api/users/lookup?q=a', headers: admin.headers }),
      await app.inject({ method: 'POST', url: '/api/banks', payload: { bank: {} }, headers: admin.headers }),
      await app.inject({ method: 'GET', url: '/api/test/any' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 200, 200, 200, 200, 200, 422, 401]);
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('request bodies', () => {
  it('a JSON body over BODY_LIMIT_BYTES is a 413, not a 500', async () => {
    const small = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { note: 'x'.repeat(1000) } });
    expect(small.statusCode).toBe(200);
    const big = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { note: 'x'.repeat(3000) } });
    expect(big.statusCode).toBe(413);
    expect(big.json()).not.toHaveProperty('stack');
    const signIn = await app.inject({ method: 'POST', url: '/users/sign_in.json', payload: { user: { email: 'a@b.cd', password: 'x'.repeat(5000) } } });
    expect(signIn.statusCode).toBe(413);
  });

  it('malformed JSON is a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/users/sign_in.json',
      headers: { 'content-type': 'application/json' },
      payload: '{"user": {"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).not.toHaveProperty('stack');
  });

  it('an unsupported content type is a 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
  });

  it('form bodies use bracket notation', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'user[email]=a%40b.cd&user[roles][]=x&user[roles][]=y',
    });
    expect(res.json()).toEqual({ got: { user: { email: 'a@b.cd', roles: ['x', 'y'] } } });
  });
});

describe('errors', () => {
  it('an unexpected failure is a 500 with a request id and nothing internal; the log has the rest', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom', headers: plain.headers });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['error', 'request_id']);
    expect(body.error).toBe('internal_error');
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain('10.1.2.3');
    expect(res.body).not.toContain('remit_owner');
    const logged = logLines.find((l) => l.reqId === body.request_id && (l.err as { message?: string } | undefined)?.message);
    expect((logged?.err as { message: string }).message).toContain('10.1.2.3');
  });

  it('401, 403 and 404 carry no body', async () => {
    const unauthorized = await app.inject({ method: 'GET', url: '/api/test/any' });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.body).toBe('');
    const forbidden = await app.inject({ method: 'GET', url: '/api/test/needs-x', headers: plain.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toBe('');
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { ...plain.headers, accept: 'application/json' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('');
    const missingPost = await app.inject({ method: 'POST', url: '/api/no-such-thing', headers: plain.headers, payload: {} });
    expect(missingPost.statusCode).toBe(404);
    expect(missingPost.body).toBe('');
  });

  it('a malformed address is a 400, not a 500', async () => {
    for (const url of ['/api/%E0%A4%A', '/%E0%A4%A', '/assets/%']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('roles', () => {
  it('a route naming a role refuses users without it and admits holders and admins', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/test/needs-x', headers: plain.headers })).statusCode).toBe(403);
    const ok = await app.inject({ method: 'GET', url: '/api/test/needs-x', headers: holder.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: holder.email });
    const asAdmin = await app.inject({ method: 'GET', url: '/api/test/needs-x', headers: admin.headers });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('roles [] admits anyone signed in', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/test/any', headers: plain.headers })).statusCode).toBe(200);
  });

  it('a route that declares neither config.public nor config.roles stops the app from starting', async () => {
    const other = await buildApp({ ctx: api.ctx });
    let failure: unknown;
    try {
      other.get('/api/test/forgot-its-check', async () => ({ leaked: true }));
      await other.ready();
    } catch (error) {
      failure = error;
    } finally {
      await other.close().catch(() => {});
    }
    expect(String(failure)).toContain('GET /api/test/forgot-its-check declares neither config.public nor config.roles');
  });

  it('no path is exempt from that check, files included', async () => {
    const other = await buildApp({ ctx: api.ctx, clientDir });
    let failure: unknown;
    try {
      other.get('/assets/report.csv', async () => 'id;secret');
      await other.ready();
    } catch (error) {
      failure = error;
    } finally {
      await other.close().catch(() => {});
    }
    expect(String(failure)).toContain('GET /assets/report.csv declares neither config.public nor config.roles');
  });
});

describe('serving the client', () => {
  it('a screen path opened in the browser gets index.html with the login methods on the root', async () => {
    for (const url of ['/some/screen', '/', '/vendors/12/edit?tab=x', '/users/sign-in']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root" data-login-methods="password"></div>');
    }
  });

  it('a path shared by a screen and an API answers the client to the browser and JSON to fetch', async () => {
    const page = await app.inject({ method: 'GET', url: '/config/data', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-login-methods');
    const data = await app.inject({ method: 'GET', url: '/config/data', headers: { ...plain.headers, accept: 'application/json' } });
    expect(data.statusCode).toBe(200);
    expect(data.json()).toHaveProperty('countries');
  });

  it('serves assets with immutable caching and other files without', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(ASSET);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed asset the browser accepts, brotli first, with Vary', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gz = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);

    const none = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toMatch(/accept-encoding/i);
    expect(none.body).toBe(ASSET);

    // A file without compressed copies is sent as it is.
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toContain('<svg');
  });

  it('a missing asset is a 404, not the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/gone-123.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    '/../package.json',
    '/assets/../../package.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/%2e%2e/secret.txt',
    '/..%2f..%2fetc%2fpasswd',
    '/assets/..%5c..%5cpackage.json',
    '/%2fetc%2fpasswd',
    '//etc/passwd',
    '/assets/app-abc123.js%00.png',
  ])('a path traversal attempt %s gets no file', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toContain('"name": "remit"');
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('root:');
  });

  it('a secret beside the client folder is out of reach', async () => {
    const name = `${path.basename(clientDir)}-secret.txt`;
    for (const url of [`/../${name}`, `/%2e%2e/${name}`, `/assets/..%2f..%2f${name}`]) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.body, url).not.toBe('secret');
    }
  });

  it('index.html itself is only ever the page with its attributes', async () => {
    const res = await app.inject({ method: 'GET', url: '/index.html', headers: { accept: 'text/html' } });
    expect(res.body).toContain('data-login-methods="password"');
    expect((await app.inject({ method: 'GET', url: '/index.html', headers: { accept: 'application/json' } })).statusCode).toBe(404);
  });

  it('a JSON GET to an unknown path is an empty 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/some/screen', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('');
    expect((await app.inject({ method: 'GET', url: '/some/screen' })).statusCode).toBe(404);
  });

  it('without a built client, a browser gets a 404 rather than a page', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/some/screen', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
  });
});
