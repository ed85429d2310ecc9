import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** What an upload field accepts: MIME types (checked against the file's leading bytes) and a size. */
export interface UploadRule {
  types: readonly string[];
  maxBytes: number;
}

const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF89a' || b.subarray(0, 6).toString('latin1') === 'GIF87a' },
  { type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { type: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  { type: 'application/zip', test: (b) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04 },
  { type: 'application/gzip', test: (b) => b[0] === 0x1f && b[1] === 0x8b },
];

/**
 * The type a file's content shows, for the types we accept; `text/csv` when it is plain text.
 * `head` is the file's first bytes; `truncated` says whether more follow.
 */
export function sniffType(head: Buffer, truncated = true): string | undefined {
  const hit = SIGNATURES.find((s) => s.test(head));
  if (hit) return hit.type;
  // Text: no NUL bytes in the first block and valid UTF-8. The block may end inside a multi-byte
  // character (`stream: true` leaves an incomplete last sequence alone).
  if (!head.includes(0) && isUtf8(head, truncated)) return 'text/csv';
  return undefined;
}

function isUtf8(data: Buffer, truncated: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data, { stream: truncated });
    return true;
  } catch {
    return false;
  }
}

export function checkUpload(data: Buffer, rule: UploadRule): 'ok' | 'too_large' | 'invalid_type' {
  if (data.length > rule.maxBytes) return 'too_large';
  const type = sniffType(data.subarray(0, 512), data.length > 512);
  return type && rule.types.includes(type) ? 'ok' : 'invalid_type';
}

export interface StoredFile {
  key: string;
  size: number;
  digest: string;
  contentType: string;
}

export interface Storage {
  put(data: Buffer, contentType: string, extension?: string): Promise<StoredFile>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  pathOf(key: string): string;
}

const KEY = /^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

/** Files under `DATA_DIR/files` with generated names; a user-supplied name never becomes a path. */
export function createStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    pathOf,
    async put(data, contentType, extension) {
      const ext = extension && /^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : '';
      const key = `${randomUUID()}${ext}`;
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data, { flag: 'wx' });
      return { key, size: data.length, digest: createHash('sha256').update(data).digest('hex'), contentType };
    },
    // async, so a refused key is a rejected promise like any other failure to read
    read: async (key) => fs.readFile(pathOf(key)),
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
