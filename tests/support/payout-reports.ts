import { gzipSync } from 'node:zlib';
import yazl from 'yazl';

/** The generated report files (src/server/modules/payouts/report-files.ts) and the test-only pieces: zips, traversal, multipart. */
export * from '../../src/server/modules/payouts/report-files.js';

/** A zip of `entries` (name → content), built with yazl. */
export function zip(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) z.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}

/** A zip whose one entry is named `../{name}` (built as `xx/{name}` and patched: yazl refuses such names). */
export async function traversalZip(name: string, content: string): Promise<Buffer> {
  const data = await zip({ [`xx/${name}`]: content });
  const from = Buffer.from(`xx/${name}`);
  const to = Buffer.from(`../${name}`);
  let at = data.indexOf(from);
  while (at >= 0) {
    to.copy(data, at);
    at = data.indexOf(from, at + 1);
  }
  return data;
}

/** A multipart body with these files under `files[i]`. */
export function multipart(files: { name: string; content: Buffer | string }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----remit${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  files.forEach((f, i) => {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[${i}]"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content));
    parts.push(Buffer.from('\r\n'));
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A gzip of `head` then `block` `times` over, as concatenated gzip members (gunzip reads them as one
 * stream): gigabytes of expansion from a file of a few megabytes, built without writing them anywhere.
 */
export function repeatedGzip(head: string, block: string, times: number): Buffer {
  const member = gzipSync(Buffer.from(block), { level: 9 });
  return Buffer.concat([gzipSync(Buffer.from(head)), ...Array.from({ length: times }, () => member)]);
}

/** A zip whose one entry holds more bytes than its central directory declares (`declared`). */
export async function lyingZip(name: string, content: string, declared: number): Promise<Buffer> {
  const data = await zip({ [name]: content });
  const central = data.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  data.writeUInt32LE(declared, central + 24);
  return data;
}
