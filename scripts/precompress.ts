import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; images and fonts are already compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
/** Below this size the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside each built text asset, compressed once at the highest
 * levels, so the server sends them by Accept-Encoding (`@fastify/static` `preCompressed`) without
 * compressing on every request. index.html is left out: the server fills in its root attributes.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'remit:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const raw = await fs.promises.readFile(file);
          if (raw.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            gz(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}
