import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { createStorage, FileTooLarge, checkUpload as checkStored, sniffType, type Storage, type UploadRule } from '../../src/server/lib/storage.js';

/** A whole file as storage describes it: its first 512 bytes and its size. */
const checkUpload = (data: Buffer, rule: UploadRule) => checkStored({ head: data.subarray(0, 512), size: data.length }, rule);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR....rest of a png')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20, 1)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26, 0)]);
const CSV = Buffer.from('name;amount\nAcme;12.50\nMüller & Söhne;3\n');

describe('sniffType', () => {
  it.each([
    ['png', PNG, 'image/png'],
    ['jpeg', JPEG, 'image/jpeg'],
    ['pdf', PDF, 'application/pdf'],
    ['zip', ZIP, 'application/zip'],
    ['csv', CSV, 'text/csv'],
    ['gif', Buffer.from('GIF89a....'), 'image/gif'],
  ])('knows %s by its content', (_name, data, type) => {
    expect(sniffType(data)).toBe(type);
  });

  it('knows nothing of binary content without a known signature', () => {
    expect(sniffType(Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe]))).toBeUndefined();
    expect(sniffType(Buffer.from([0xc3, 0x28, 0x41]))).toBeUndefined(); // invalid UTF-8
    expect(sniffType(Buffer.from('MZ\0\0 an executable'))).toBeUndefined();
  });

  it('knows a text file whose first block ends inside a multi-byte character', () => {
    // 511 ASCII bytes, then "ü" (2 bytes): the first 512 bytes end halfway through it.
    const csv = Buffer.concat([Buffer.from(`a;b\n${'x'.repeat(507)}`), Buffer.from('ü;1\n')]);
    expect(csv.subarray(0, 512).at(-1)).toBe(0xc3);
    expect(sniffType(csv.subarray(0, 512))).toBe('text/csv');
    expect(checkUpload(csv, { types: ['text/csv'], maxBytes: 10_000 })).toBe('ok');
    // A whole file that ends inside a character is not text.
    expect(sniffType(Buffer.from([0x61, 0x62, 0xc3]), false)).toBeUndefined();
    expect(checkUpload(Buffer.from([0x61, 0x62, 0xc3]), { types: ['text/csv'], maxBytes: 10_000 })).toBe('invalid_type');
  });
});

describe('checkUpload', () => {
  const images = { types: ['image/png', 'image/jpeg'], maxBytes: 1000 };

  it('accepts a file whose content is of an allowed type', () => {
    expect(checkUpload(PNG, images)).toBe('ok');
    expect(checkUpload(JPEG, images)).toBe('ok');
    expect(checkUpload(CSV, { types: ['text/csv'], maxBytes: 1000 })).toBe('ok');
    expect(checkUpload(ZIP, { types: ['application/zip'], maxBytes: 1000 })).toBe('ok');
  });

  it('refuses content of another type whatever the file is called (a "logo.png" holding text)', () => {
    expect(checkUpload(Buffer.from('<svg onload="alert(1)"></svg>'), images)).toBe('invalid_type');
    expect(checkUpload(PDF, images)).toBe('invalid_type');
    expect(checkUpload(PNG, { types: ['application/pdf'], maxBytes: 1000 })).toBe('invalid_type');
  });

  it('refuses a file over the size limit, and takes one of exactly the limit', () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1000 - PNG.length)]);
    expect(checkUpload(big, images)).toBe('ok');
    expect(checkUpload(Buffer.concat([big, Buffer.from([0])]), images)).toBe('too_large');
  });
});

describe('storage', () => {
  let root: string;
  let storage: Storage;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'remit-storage-'));
    storage = createStorage(root);
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('stores under a generated key inside its root and reads it back', async () => {
    const stored = await storage.put(PDF, 'pdf');
    expect(stored.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/);
    expect(stored).toMatchObject({ size: PDF.length, head: PDF });
    expect(stored.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(storage.pathOf(stored.key).startsWith(root + path.sep)).toBe(true);
    expect(await storage.read(stored.key)).toEqual(PDF);
    await storage.remove(stored.key);
    await expect(storage.read(stored.key)).rejects.toThrow();
  });

  it('gives every file its own key', async () => {
    const a = await storage.put(CSV, 'csv');
    const b = await storage.put(CSV, 'csv');
    expect(a.key).not.toBe(b.key);
  });

  it('never takes an extension that could be a path', async () => {
    for (const extension of ['../x', 'a/b', 'p\\q', 'toolongextension', '']) {
      const stored = await storage.put(CSV, extension);
      expect(stored.key).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('streams a file in and out, hashing it and keeping its first bytes', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(1000, 65 + (i % 26)));
    const whole = Buffer.concat(chunks);
    const stored = await storage.write(Readable.from(chunks), { extension: 'csv', maxBytes: whole.length });
    expect(stored.size).toBe(whole.length);
    expect(stored.head).toEqual(whole.subarray(0, 512));
    expect(stored.digest).toBe((await import('node:crypto')).createHash('sha256').update(whole).digest('hex'));
    const back: Buffer[] = [];
    for await (const chunk of await storage.open(stored.key)) back.push(chunk as Buffer);
    expect(Buffer.concat(back)).toEqual(whole);
    const listed: string[] = [];
    for await (const file of storage.list()) listed.push(file.key);
    expect(listed).toContain(stored.key);
  });

  it('stops a write past its limit and leaves no file', async () => {
    const own = createStorage(await fs.mkdtemp(path.join(os.tmpdir(), 'remit-storage-')));
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(1000, 66));
    await expect(own.write(Readable.from(chunks), { maxBytes: 4500 })).rejects.toBeInstanceOf(FileTooLarge);
    const left: string[] = [];
    for await (const file of own.list()) left.push(file.key);
    expect(left).toEqual([]);
  });

  it.each([
    '../etc/passwd',
    '/etc/passwd',
    '..',
    'a/../../b',
    '00000000-0000-0000-0000-000000000000/../../x',
    '00000000-0000-0000-0000-000000000000.pdf/..',
    'report.pdf',
    '',
  ])('refuses the key %j', async (key) => {
    expect(() => storage.pathOf(key)).toThrow('invalid storage key');
    await expect(storage.read(key)).rejects.toThrow('invalid storage key');
    await expect(storage.remove(key)).rejects.toThrow('invalid storage key');
  });
});
