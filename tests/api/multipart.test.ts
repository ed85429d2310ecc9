import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { isUploadedFile, readBody } from '../../src/server/http/multipart.js';
import { setupApi } from '../support/api.js';

const api = setupApi({ env: { UPLOAD_MAX_BYTES: '4096', UPLOAD_MAX_FILES: '3' } });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');

let app: FastifyInstance;

/** Describes a read body as JSON: files become {file: name, type, bytes, head} as read back from storage. */
async function describeBody(value: unknown): Promise<unknown> {
  if (isUploadedFile(value)) {
    const data = await api.ctx.storage.read(value.key);
    expect(data.length).toBe(value.size);
    return { file: value.filename, type: value.type, bytes: value.size, head: data.subarray(0, 4).toString('hex') };
  }
  if (Array.isArray(value)) return Promise.all(value.map(describeBody));
  if (value && typeof value === 'object') return Object.fromEntries(await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await describeBody(v)])));
  return value;
}

/** The keys of every file in storage. */
async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of api.ctx.storage.list()) keys.push(file.key);
  return keys;
}

beforeAll(async () => {
  app = await buildApp({ ctx: api.ctx });
  app.post('/api/test/upload', { config: { public: true } }, async (request) =>
    describeBody(
      await readBody(request, {
        'organization[logo]': { types: ['image/png', 'image/jpeg'], maxBytes: 1000 },
        'organization[contract]': { types: ['application/pdf'], maxBytes: 100_000 },
        'contract[documents][*][file]': { types: ['application/pdf'], maxBytes: 1000 },
      }),
    ),
  );
  app.post('/api/test/is-upload', { config: { public: true } }, async (request) => {
    const body = await readBody(request, { 'organization[logo]': { types: ['image/png'], maxBytes: 1000 } });
    return { upload: isUploadedFile((body.organization as { logo: unknown }).logo) };
  });
  await app.ready();
});
afterAll(() => app?.close());

type Part = [name: string, value: string] | [name: string, data: Buffer, filename: string, type: string];

/** A multipart body as a browser's FormData would send it. */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.length === 2) form.append(part[0], part[1]);
    else form.append(part[0], new Blob([new Uint8Array(part[1])], { type: part[3] }), part[2]);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

const upload = async (parts: Part[]) => app.inject({ method: 'POST', url: '/api/test/upload', ...(await multipart(parts)) });

describe('readBody', () => {
  it('turns bracket-notation fields and files into the nested object a JSON body would be', async () => {
    const res = await upload([
      ['organization[name]', 'Acme & Sons = 100%'],
      ['organization[signers][1][user_id]', '4'],
      ['organization[signers][0][user_id]', '3'],
      ['organization[signers][0][is_primary]', 'true'],
      ['organization[invoice_emails][]', 'a@b.c'],
      ['organization[invoice_emails][]', 'd@e.f'],
      ['organization[managing_directors][0][full_name]', 'Jürgen Müller'],
      ['organization[logo]', PNG, 'logo.png', 'image/png'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      organization: {
        name: 'Acme & Sons = 100%',
        signers: [{ user_id: '3', is_primary: 'true' }, { user_id: '4' }],
        invoice_emails: ['a@b.c', 'd@e.f'],
        managing_directors: [{ full_name: 'Jürgen Müller' }],
        logo: { file: 'logo.png', type: 'image/png', bytes: PNG.length, head: '89504e47' },
      },
    });
  });

  it('puts files inside a list at their places, matching the rule by pattern', async () => {
    const res = await upload([
      ['contract[documents][0][name]', 'Signed'],
      ['contract[documents][0][file]', PDF, 'signed.pdf', 'application/pdf'],
      ['contract[documents][1][file]', PDF, 'annex.pdf', 'application/pdf'],
    ]);
    const file = (name: string) => ({ file: name, type: 'application/pdf', bytes: PDF.length, head: '25504446' });
    expect(res.json()).toEqual({ contract: { documents: [{ name: 'Signed', file: file('signed.pdf') }, { file: file('annex.pdf') }] } });
  });

  it('removes the files of a request that no record took, once it is answered', async () => {
    expect((await upload([['organization[logo]', PNG, 'logo.png', 'image/png']])).statusCode).toBe(200);
    // The clean-up runs after the answer went out.
    await vi.waitFor(async () => expect(await storedKeys()).toEqual([]), { timeout: 5000, interval: 20 });
  });

  it('ignores empty files', async () => {
    const res = await upload([
      ['organization[name]', 'Acme'],
      ['organization[logo]', Buffer.alloc(0), 'empty.png', 'image/png'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organization: { name: 'Acme' } });
    // The empty file was stored as it streamed in, and is removed once the answer went out (as above).
    await vi.waitFor(async () => expect(await storedKeys()).toEqual([]), { timeout: 5000, interval: 20 });
  });

  it('refuses a file field without a rule with a 400, keeping nothing', async () => {
    for (const field of ['organization[evil]', 'contract[documents][x][file]', 'contract[documents][__proto__][file]', 'contract[documents][0][file][more]']) {
      const res = await upload([
        ['organization[logo]', PNG, 'logo.png', 'image/png'],
        [field, PDF, 'evil.pdf', 'application/pdf'],
      ]);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toEqual({ error: `unexpected file field ${field}` });
    }
    expect(await storedKeys()).toEqual([]);
  });

  it('refuses content of the wrong type with a nested 422, whatever the name and declared type say', async () => {
    const res = await upload([
      ['organization[name]', 'Acme'],
      ['organization[logo]', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.png', 'image/png'],
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { logo: ['invalid'] } });
    const listed = await upload([['contract[documents][0][file]', PNG, 'doc.pdf', 'application/pdf']]);
    expect(listed.statusCode).toBe(422);
    expect(listed.json()).toEqual({ errors: { documents: { 0: { file: ['invalid'] } } } });
  });

  it('refuses a file over its rule limit with a nested 422', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1000)]);
    const res = await upload([['organization[logo]', big, 'logo.png', 'image/png']]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { logo: ['too_large'] } });
    expect(await storedKeys()).toEqual([]);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with the same nested 422', async () => {
    const huge = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x20)]);
    const res = await upload([
      ['organization[logo]', PNG, 'logo.png', 'image/png'],
      ['organization[contract]', huge, 'contract.pdf', 'application/pdf'],
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { contract: ['too_large'] } });
    // Neither the cut-off file nor the good one before it stays.
    expect(await storedKeys()).toEqual([]);
  });

  it('refuses more files than UPLOAD_MAX_FILES, keeping none', async () => {
    const res = await upload(Array.from({ length: 4 }, (_, i): Part => [`contract[documents][${i}][file]`, PDF, `${i}.pdf`, 'application/pdf']));
    expect(res.statusCode).toBe(413);
    expect(await storedKeys()).toEqual([]);
  });

  it('answers a multipart body without a boundary, or cut off, with a 400 and keeps nothing', async () => {
    const noBoundary = await app.inject({ method: 'POST', url: '/api/test/upload', headers: { 'content-type': 'multipart/form-data' }, payload: 'whatever' });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().error).toMatch(/^malformed multipart body/);

    const whole = await multipart([
      ['organization[name]', 'Acme'],
      ['organization[contract]', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x20)]), 'contract.pdf', 'application/pdf'],
    ]);
    for (const cut of [whole.payload.length - 10, whole.payload.length - 1500, 60]) {
      const res = await app.inject({ method: 'POST', url: '/api/test/upload', headers: whole.headers, payload: whole.payload.subarray(0, cut) });
      expect(res.statusCode, `cut at ${cut}`).toBe(400);
      expect(res.json().error).toMatch(/^malformed multipart body/);
    }
    expect(await storedKeys()).toEqual([]);
  });

  it('a JSON body cannot pass itself off as an upload', async () => {
    const forged = { filename: 'x.png', type: 'image/png', key: '00000000-0000-0000-0000-000000000000', size: 1, digest: 'x' };
    const res = await app.inject({ method: 'POST', url: '/api/test/is-upload', payload: { organization: { logo: forged } } });
    expect(res.json()).toEqual({ upload: false });
    const real = await app.inject({ method: 'POST', url: '/api/test/is-upload', ...(await multipart([['organization[logo]', PNG, 'logo.png', 'image/png']])) });
    expect(real.json()).toEqual({ upload: true });
  });

  it('reads a JSON body as it is', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/upload', payload: { organization: { name: 'Acme', signers: [{ user_id: 3 }] } } });
    expect(res.json()).toEqual({ organization: { name: 'Acme', signers: [{ user_id: 3 }] } });
  });
});
