import { createReadStream } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import yauzl from 'yauzl';
import { ImportError } from './import-error.js';

/** One CSV text inside a stored report file: the file itself, its gunzipped content, or a zip entry. */
export interface ReportSource {
  /** The entry's name in a zip, else null. */
  entry: string | null;
  stream: Readable;
}

/** Refuses a stream once more than `max` bytes came out of it (a gzip bomb, a lying zip entry). */
function capped(stream: Readable, max: number, counter: { total: number }): Readable {
  stream.on('data', (chunk: Buffer) => {
    counter.total += chunk.length;
    if (counter.total > max) stream.destroy(new ImportError(null, `the file expands past ${max} bytes`));
  });
  return stream;
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    // decodeStrings (the default) makes yauzl refuse absolute paths and `..` segments; validateEntrySizes
    // refuses an entry whose content is longer or shorter than it declares.
    yauzl.open(path, { lazyEntries: true, autoClose: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: true }, (error, zip) =>
      error ? reject(new ImportError(null, `not a readable zip archive (${error.message})`)) : resolve(zip),
    ),
  );
}

/**
 * The CSV texts of a stored file, as byte streams, one after the other (never the whole file in memory).
 * `maxExpanded` caps what gunzip or the zip entries may produce in total: the declared sizes are checked
 * before an entry is read, the bytes while it is read.
 */
export async function* reportSources(path: string, extension: string, maxExpanded: number, onRead?: (bytes: number) => void): AsyncGenerator<ReportSource> {
  const counter = { total: 0 };
  const open = () => {
    const source = createReadStream(path);
    if (onRead) source.on('data', (chunk) => onRead(chunk.length));
    return source;
  };
  if (extension === 'csv') {
    yield { entry: null, stream: open() };
    return;
  }
  if (extension === 'gz') {
    const gunzip = createGunzip();
    const source = open();
    source.on('error', (e) => gunzip.destroy(e));
    yield { entry: null, stream: capped(source.pipe(gunzip), maxExpanded, counter) };
    return;
  }
  const zip = await openZip(path);
  try {
    let declared = 0;
    let csvEntries = 0;
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const onEntry = (e: yauzl.Entry) => {
          cleanup();
          resolve(e);
        };
        const onEnd = () => {
          cleanup();
          resolve(null);
        };
        const onError = (e: Error) => {
          cleanup();
          reject(new ImportError(null, `zip archive refused: ${e.message}`));
        };
        const cleanup = () => {
          zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        };
        zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
        zip.readEntry();
      });
      if (!entry) break;
      if (entry.fileName.endsWith('/')) continue;
      if (!/\.csv$/i.test(entry.fileName)) throw new ImportError(null, `zip entry ${entry.fileName} is not a .csv file`);
      declared += entry.uncompressedSize;
      if (declared > maxExpanded) throw new ImportError(null, `the archive expands past ${maxExpanded} bytes`);
      csvEntries += 1;
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, s) => (error ? reject(new ImportError(null, `zip entry ${entry.fileName}: ${error.message}`)) : resolve(s))),
      );
      // What yauzl finds while reading (an entry longer or shorter than its header declares, bad data) is the file's fault.
      const name = entry.fileName;
      const checked = new PassThrough();
      stream.on('error', (e) => checked.destroy(e instanceof ImportError ? e : new ImportError(null, `the zip entry is refused: ${e.message}`)));
      checked.on('close', () => stream.destroy());
      stream.pipe(checked);
      yield { entry: name, stream: capped(checked, maxExpanded, counter) };
    }
    if (csvEntries === 0) throw new ImportError(null, 'the zip archive holds no .csv file');
  } finally {
    zip.close();
  }
}
