import Fastify, { type RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonDepthExceeds, MAX_JSON_DEPTH, quoteLossyNumbers } from '../../src/server/http/json-body.js';
import { registerModules } from '../../src/server/modules/index.js';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi();
let admin: TestUser;
/** Every write route the modules register, as `METHOD url` with its path parameters filled in. */
const writeRoutes: { method: string; url: string }[] = [];

beforeAll(async () => {
  admin = await api.user(['admin']);
  // The routes as the modules declare them, collected on a scratch instance.
  const scratch = Fastify();
  scratch.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) writeRoutes.push({ method, url: route.url!.replace(/:[A-Za-z_]+/g, '1') });
    }
  });
  registerModules(scratch, { ...api.ctx, log: scratch.log });
  await scratch.close();
});

/** `{"tag":{"name":[[[[...]]]]}}`: about 10 KB, nested 5,000 deep. */
const deep = `{"tag":{"name":${'['.repeat(5000)}${']'.repeat(5000)}}}`;

describe('JSON bodies', () => {
  it('a body nested 5,000 deep is a 400 with the reason on every write route', async () => {
    expect(writeRoutes.length).toBeGreaterThanOrEqual(21);
    for (const route of writeRoutes) {
      const res = await api.request({ method: route.method as 'POST', url: route.url, headers: { 'content-type': 'application/json' }, payload: deep, as: admin });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(400);
      expect(res.json().error, `${route.method} ${route.url}`).toContain(`nested deeper than ${MAX_JSON_DEPTH}`);
    }
  });

  it('malformed JSON is a 400 on every write route', async () => {
    for (const route of writeRoutes) {
      for (const payload of ['{"tag": {"name": ', '{"a":1}}', '[', 'nul']) {
        const res = await api.request({ method: route.method as 'POST', url: route.url, headers: { 'content-type': 'application/json' }, payload, as: admin });
        expect(res.statusCode, `${route.method} ${route.url} ${payload}`).toBe(400);
      }
    }
  });

  it('a body at the limit is parsed; brackets inside strings do not count', async () => {
    const nested = (n: number) => `{"tag":{"name":${'['.repeat(n)}${']'.repeat(n)}}}`;
    const atLimit = await api.request({ method: 'POST', url: '/api/tags', headers: { 'content-type': 'application/json' }, payload: nested(MAX_JSON_DEPTH - 2), as: admin });
    expect(atLimit.statusCode).toBe(422);
    const overLimit = await api.request({ method: 'POST', url: '/api/tags', headers: { 'content-type': 'application/json' }, payload: nested(MAX_JSON_DEPTH - 1), as: admin });
    expect(overLimit.statusCode).toBe(400);
    const bracketName = `${'['.repeat(100)}"\\"{${'{'.repeat(100)}`;
    const created = await api.request({ method: 'POST', url: '/api/tags', payload: { tag: { name: bracketName.slice(0, 60), color: '#aabbcc' } }, as: admin });
    expect(created.statusCode, created.body).toBe(201);
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[' }), 2)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\\\","b":[[[]]]}', 3)).toBe(true);
  });

  it('a number a double cannot hold (1e-400, 1e400) is refused at its field, never stored as 0', async () => {
    const post = (payload: string) => api.request({ method: 'POST', url: '/api/vat_rates', headers: { 'content-type': 'application/json' }, payload, as: admin });
    for (const rate of ['1e-400', '-1e-400', '0.0e-999999', '1e400', '-1E+400', '12345e-500']) {
      const res = await post(`{"vat_rate":{"country_code":"NL","rate":${rate}}}`);
      // 0.0e-999999 is a zero that is written as one: it is kept (and stored as 0).
      if (rate.startsWith('0.0')) expect(res.statusCode).toBe(201);
      else expect([rate, res.statusCode, res.json()]).toEqual([rate, 422, { errors: { rate: ['invalid'] } }]);
    }
    expect((await post('{"vat_rate":{"country_code":"BE","rate":21.5e0}}')).json()).toMatchObject({ rate: '21.5000' });
    expect(quoteLossyNumbers('{"a":"1e-400","b":[1e-400,-2E999,0e-5,5]}')).toBe('{"a":"1e-400","b":["1e-400","-2E999",0e-5,5]}');
    const plain = '{"a":[1,2.5,-3e2]}';
    expect(quoteLossyNumbers(plain)).toBe(plain);
  });

  it('prototype poisoning is still refused', async () => {
    const res = await api.request({ method: 'POST', url: '/api/tags', headers: { 'content-type': 'application/json' }, payload: '{"tag":{"__proto__":{"admin":true}}}', as: admin });
    expect(res.statusCode).toBe(400);
  });
});
