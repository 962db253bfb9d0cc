import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `BUNDLE_REPORT=1 react-router build` also writes `build/bundle-report.json`: each browser chunk
 * and the length of every module's code in it, for `npm run bench:bundles` (bench/README.md,
 * "Script on the pages with forms"). Off by default; outside build/client, so it is never served.
 */
export function bundleReport(): Plugin {
  return {
    name: 'ppa-bundle-report',
    apply: () => Boolean(process.env.BUNDLE_REPORT),
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [{ file: output.fileName, modules: Object.entries(output.modules).map(([id, module]) => ({ id: path.relative(process.cwd(), id.replace(/^\0/, '')), length: module.renderedLength })) }]
          : [],
      );
      const out = path.resolve(options.dir ?? 'build/client', '..');
      mkdirSync(out, { recursive: true });
      writeFileSync(path.join(out, 'bundle-report.json'), JSON.stringify(chunks));
    },
  };
}
