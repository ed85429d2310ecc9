import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestUser } from '../support/api.js';

/**
 * Refusals before the body is read, over a real socket with a keep-alive agent (issue 25, item 8): a body
 * over the limit is a 413 and an early 4xx on a multipart upload is answered; either way the client's
 * next request works (the refused connection is closed with `Connection: close`, never reset).
 */
const api = setupApi({ env: { BODY_LIMIT_BYTES: '4096' } });
let admin: TestUser;
let port: number;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  admin = await api.user(['admin']);
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  port = (api.app.server.address() as AddressInfo).port;
});

afterAll(() => agent.destroy());

function send(method: string, path: string, headers: Record<string, string | number>, body?: Buffer | string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: { ...admin.headers, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    if (body !== undefined) {
      // Written in pieces, as a client streaming an upload does, while the server may already answer.
      const data = Buffer.from(body);
      for (let i = 0; i < data.length; i += 64 * 1024) req.write(data.subarray(i, i + 64 * 1024));
    }
    req.end();
  });
}

const next = () => send('GET', '/api/tags', {});

describe('refused bodies over a kept-alive connection', () => {
  it('a JSON body over the limit is a 413, then the next request works', async () => {
    for (const size of [5_000, 200_000, 2_000_000]) {
      const body = JSON.stringify({ tag: { name: 'x'.repeat(size) } });
      const res = await send('POST', '/api/tags', { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, body);
      expect([size, res.status]).toEqual([size, 413]);
      expect((await next()).status).toBe(200);
    }
  });

  it('a chunked body over the limit is a 413, then the next request works', async () => {
    const body = JSON.stringify({ tag: { name: 'x'.repeat(1_000_000) } });
    const res = await send('POST', '/api/tags', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body);
    expect(res.status).toBe(413);
    expect((await next()).status).toBe(200);
  });

  it('a multipart upload refused at an unknown file field is answered, then the next request works', async () => {
    const boundary = 'keepAliveBoundary';
    const file = Buffer.alloc(3_000_000, 'A');
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="unknown"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    for (let round = 0; round < 3; round++) {
      const res = await send('POST', '/api/banks', { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length }, body);
      expect(res.status).toBe(400);
      expect(res.body).toContain('unexpected file field');
      expect((await next()).status).toBe(200);
    }
  });
});
