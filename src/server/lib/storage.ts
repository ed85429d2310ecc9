import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What an upload field accepts: MIME types (checked against the file's leading bytes) and a size in bytes. */
export interface UploadRule {
  types: readonly string[];
  maxBytes: number;
  /** `maxBytes` stands instead of UPLOAD_MAX_BYTES rather than under it (revenue reports, REPORT_UPLOAD_MAX_BYTES). */
  ownLimit?: boolean;
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

/** The file name extension stored with a type we accept. */
export const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'text/csv': 'csv',
};

/** Whether a stored file (its first bytes and size) meets a rule. */
export function checkUpload(file: { head: Buffer; size: number }, rule: UploadRule): 'ok' | 'too_large' | 'invalid_type' {
  if (file.size > rule.maxBytes) return 'too_large';
  const type = sniffType(file.head, file.size > file.head.length);
  return type && rule.types.includes(type) ? 'ok' : 'invalid_type';
}

/** A file longer than the limit given to `write`: nothing of it is kept. */
export class FileTooLarge extends Error {
  constructor() {
    super('file too large');
  }
}

export interface StoredFile {
  key: string;
  size: number;
  /** SHA-256, hex. */
  digest: string;
  /** The first bytes, to tell the type by content. */
  head: Buffer;
}

export interface Storage {
  /**
   * Streams `source` into a new file. Past `maxBytes` the write stops, the partial file is removed and
   * `FileTooLarge` is thrown; on any failure no file is left.
   */
  write(source: Readable, opts?: { extension?: string; maxBytes?: number }): Promise<StoredFile>;
  put(data: Buffer, extension?: string): Promise<StoredFile>;
  open(key: string): Promise<Readable>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** Every stored file, with when it was last written (for the orphan clean-up). */
  list(): AsyncIterable<{ key: string; modified: Date }>;
  pathOf(key: string): string;
}

const KEY = /^[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;
const HEAD_BYTES = 512;

/** Files under `DATA_DIR/files` with generated names; a user-supplied name never becomes a path. */
export function createStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  const storage: Storage = {
    pathOf,
    async write(source, opts = {}) {
      const ext = opts.extension && /^[a-z0-9]{1,8}$/.test(opts.extension) ? `.${opts.extension}` : '';
      const key = `${randomUUID()}${ext}`;
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const hash = createHash('sha256');
      const heads: Buffer[] = [];
      let size = 0;
      let headSize = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (opts.maxBytes !== undefined && size > opts.maxBytes) return done(new FileTooLarge());
          if (headSize < HEAD_BYTES) {
            heads.push(chunk.subarray(0, HEAD_BYTES - headSize));
            headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
          }
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const out = createWriteStream(file, { flags: 'wx' });
      try {
        await pipeline(source, measure, out);
      } catch (error) {
        // A pipeline can fail (too large, cut off) while the stream still opens the file: removed before it
        // exists, it would stay. So first wait until the stream is closed.
        if (!out.closed) await new Promise((resolve) => out.once('close', resolve));
        await fs.rm(file, { force: true });
        throw error;
      }
      return { key, size, digest: hash.digest('hex'), head: Buffer.concat(heads) };
    },
    put: (data, extension) => storage.write(Readable.from([data]), { extension }),
    // async, so a refused key is a rejected promise like any other failure to read
    async open(key) {
      const handle = await fs.open(pathOf(key));
      return handle.createReadStream();
    },
    read: async (key) => fs.readFile(pathOf(key)),
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async *list() {
      const dirs = await fs.readdir(root).catch(() => [] as string[]);
      for (const dir of dirs) {
        const names = await fs.readdir(path.join(root, dir)).catch(() => [] as string[]);
        for (const key of names) {
          if (!KEY.test(key)) continue;
          const stat = await fs.stat(path.join(root, dir, key)).catch(() => undefined);
          if (stat?.isFile()) yield { key, modified: stat.mtime };
        }
      }
    },
  };
  return storage;
}
