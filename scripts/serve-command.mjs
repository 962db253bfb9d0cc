// @ts-check
/**
 * How production starts the built server, read from the one place it is written: package.json's
 * `serve` script (`MALLOC_ARENA_MAX=2 node --max-old-space-size=… server.js`; its memory settings
 * are docs/architecture/server.md#memory). Whatever else starts the built server as production
 * does takes it from here: the benchmarks (bench/server.mjs), the journeys' server
 * (playwright.config.ts) and the fuzz suite's (tests/fuzz/global-setup.ts). deploy/ppa.service
 * repeats it for systemd, and deploy/ci-image-check.sh fails when the two differ.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `NAME=value … node [options] server.js` → its environment, Node's options and the entry file.
 * @param {string} script
 * @returns {{ environment: Record<string, string>, nodeOptions: string[], entry: string }}
 */
export function parseServeScript(script) {
  const words = script.trim().split(/\s+/);
  /** @type {Record<string, string>} */
  const environment = {};
  while (words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? '')) {
    const word = /** @type {string} */ (words.shift());
    environment[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
  }
  const [command, ...rest] = words;
  const entry = rest.pop();
  if (command !== 'node' || !entry || rest.some((word) => !word.startsWith('--'))) {
    throw new Error(`package.json's serve script must be "[NAME=value …] node [--options …] server.js", not "${script}"`);
  }
  return { environment, nodeOptions: rest, entry };
}

/** package.json's `serve` script, as written. */
export const serveScript = /** @type {string} */ (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve);

/** The `serve` script's parts: the environment it sets, Node's options, the entry file (server.js). */
export const serveCommand = parseServeScript(serveScript);
