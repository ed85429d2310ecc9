import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { isUploadedFile, readBody } from '../../src/server/http/multipart.js';
import { setupApi } from '../support/api.js';

const api = setupApi({ env: { UPLOAD_MAX_BYTES: '4096' } });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');

let app: FastifyInstance;

/** Describes a read body as JSON: files become {file: name, type, bytes}. */
function describeBody(value: unknown): unknown {
  if (isUploadedFile(value)) return { file: value.filename, type: value.mimetype, bytes: value.data.length, head: value.data.subarray(0, 4).toString('hex') };
  if (Array.isArray(value)) return value.map(describeBody);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, describeBody(v)]));
  return value;
}

beforeAll(async () => {
  app = await buildApp({ ctx: api.ctx });
  app.post('/api/test/upload', { config: { public: true } }, async (request) =>
    describeBody(
      await readBody(request, {
        'organization[logo]': { types: ['image/png', 'image/jpeg'], maxBytes: 1000 },
        'organization[contract]': { types: ['application/pdf'], maxBytes: 100_000 },
        'contract[documents][0][file]': { types: ['application/pdf'], maxBytes: 1000 },
      }),
    ),
  );
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

  it('puts a file inside a list at its place', async () => {
    const res = await upload([
      ['contract[documents][0][name]', 'Signed'],
      ['contract[documents][0][file]', PDF, 'signed.pdf', 'application/pdf'],
    ]);
    expect(res.json()).toEqual({
      contract: { documents: [{ name: 'Signed', file: { file: 'signed.pdf', type: 'application/pdf', bytes: PDF.length, head: '25504446' } }] },
    });
  });

  it('ignores file fields without a rule and empty files', async () => {
    const res = await upload([
      ['organization[name]', 'Acme'],
      ['organization[evil]', PNG, 'evil.png', 'image/png'],
      ['organization[logo]', Buffer.alloc(0), 'empty.png', 'image/png'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organization: { name: 'Acme' } });
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
  });

  it('refuses a file over UPLOAD_MAX_BYTES with the same nested 422', async () => {
    const huge = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x20)]);
    const res = await upload([['organization[contract]', huge, 'contract.pdf', 'application/pdf']]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { contract: ['too_large'] } });
  });

  it('does not hold an unwanted large file', async () => {
    const huge = Buffer.alloc(5000, 0x41);
    const res = await upload([
      ['organization[name]', 'Acme'],
      ['organization[junk]', huge, 'junk.txt', 'text/plain'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organization: { name: 'Acme' } });
  });

  it('reads a JSON body as it is', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/upload', payload: { organization: { name: 'Acme', signers: [{ user_id: 3 }] } } });
    expect(res.json()).toEqual({ organization: { name: 'Acme', signers: [{ user_id: 3 }] } });
  });
});
