import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Storage, StoredFile } from '../../lib/storage.js';

/** A stored file to put into a zip under `name`. */
export interface ZipEntry {
  name: string;
  key: string;
}

/**
 * Zips stored files into a new stored file, streamed: each entry is read from storage as the zip is
 * written, so a month of confirmation documents never sits in memory. Entries keep their stored
 * bytes (pdfs compress poorly, so they are stored, not deflated).
 */
export async function writeZip(storage: Storage, entries: readonly ZipEntry[], mtime: Date): Promise<StoredFile> {
  const zip = new yazl.ZipFile();
  const taken = new Set<string>();
  for (const entry of entries) {
    const name = uniqueName(entry.name, taken);
    // Opened when yazl reaches the entry: one file handle at a time.
    zip.addReadStreamLazy(name, { mtime, compress: false }, (cb) => {
      storage.open(entry.key).then((stream) => cb(null, stream), (error: unknown) => cb(error, undefined as never));
    });
  }
  zip.end();
  return storage.write(zip.outputStream as Readable, { extension: 'zip' });
}

/** `a.pdf`, then `a-2.pdf`: two entries never share a name. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = name.replace(/(\.[^.]*)?$/, (ext) => `-${n}${ext}`);
  taken.add(candidate);
  return candidate;
}
