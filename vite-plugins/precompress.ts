import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text, and larger than one packet. */
const compressible = /\.(css|js|mjs|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of the client build,
 * once, where a server compressing on each request can afford quality 4: the stylesheet is 15%
 * smaller. app/server/precompressed.server.ts serves them (docs/architecture/server.md#the-node-entry).
 */
export function precompress(): Plugin {
  let outDir: string | undefined;
  return {
    name: 'ppa-precompress',
    apply: 'build',
    // The browser's files only; the server's bundle is read from disk, not sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options) {
      outDir = options.dir;
    },
    // After the public folder's files are copied too.
    closeBundle() {
      if (!outDir) return;
      for (const file of filesUnder(outDir)) {
        if (!compressible.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const entry = path.join(folder, name);
    return statSync(entry).isDirectory() ? filesUnder(entry) : [entry];
  });
}
