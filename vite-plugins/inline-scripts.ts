import path from 'node:path';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * `import code from '~/islands/page?inline-script'`: the module, bundled with what it imports and
 * minified into one IIFE, as a string to write into a page's <script nonce> (docs/architecture/pages.md#page-scripts).
 * The page scripts are ordinary TypeScript modules (app/islands): typed, linted and unit-tested
 * in a DOM; React code imports the same functions directly. Used by the app's build and by Vitest.
 */
const suffix = '?inline-script';
const prefix = '\0inline-script:';

export function inlineScripts(options: { appDir: string }): Plugin {
  return {
    name: 'ppa:inline-scripts',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(suffix)) return null;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer, { skipSelf: true });
      return resolved ? `${prefix}${resolved.id}` : null;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const file = id.slice(prefix.length);
      const bundle = await rolldown({ input: file, platform: 'browser', resolve: { alias: { '~': path.resolve(options.appDir) } } });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        const [chunk] = output;
        for (const module of chunk.moduleIds) if (!module.startsWith('\0')) this.addWatchFile(module);
        return `export default ${JSON.stringify(chunk.code.trim())};`;
      } finally {
        await bundle.close();
      }
    },
  };
}
