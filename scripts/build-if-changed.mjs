// @ts-check
/**
 * `npm start`'s first step: builds the production bundle only when the sources changed since the
 * last build, or there is none (docs/architecture/operations.md#operating-the-site). A build takes 30–50 s on a
 * small machine; a restart with nothing changed should not wait for one.
 *
 * The sources are every file the build reads: app/, public/, vite-plugins/, the build's config
 * files and the installed packages (package.json, package-lock.json). Their SHA-256 (paths and
 * contents) is written into build/server/ after a build; Vite empties that folder on every build,
 * so a build made any other way (`npm run build`) leaves no stamp and the next start builds again.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the build reads, relative to the project's folder: folders (all their files) and files. */
export const sourceEntries = ['app', 'public', 'vite-plugins', 'package.json', 'package-lock.json', 'react-router.config.ts', 'vite.config.ts', 'tsconfig.json'];

/** The stamp: the sources' hash at the last build made by this script. */
export const stampPath = path.join('build', 'server', '.sources-sha256');

/** Files whose absence means there is no usable build. */
const buildOutputs = [path.join('build', 'server', 'index.js'), path.join('build', 'client')];

/** @param {string} root @param {string} relative @returns {string[]} every file under it, relative to root */
function filesUnder(root, relative) {
  const full = path.join(root, relative);
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(root, child));
    else if (entry.isFile()) files.push(child);
  }
  return files;
}

/**
 * The SHA-256 of the sources under `root`: each file's path (with / separators) and contents, in
 * sorted order, so a changed, added, removed or renamed file changes it.
 * @param {string} root
 */
export function sourcesHash(root) {
  /** @type {string[]} */
  const files = [];
  for (const entry of sourceEntries) {
    const full = path.join(root, entry);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) files.push(...filesUnder(root, entry));
    else files.push(entry);
  }
  const hash = createHash('sha256');
  for (const file of files.map((f) => f.split(path.sep).join('/')).sort()) {
    const contents = readFileSync(path.join(root, file));
    hash.update(`${file}\0${contents.length}\0`);
    hash.update(contents);
  }
  return hash.digest('hex');
}

/**
 * Whether `npm start` must build, and why.
 * @param {string} root
 * @returns {{ build: boolean, reason: string, hash: string }}
 */
export function buildDecision(root) {
  const hash = sourcesHash(root);
  if (!buildOutputs.every((output) => existsSync(path.join(root, output)))) {
    return { build: true, reason: 'no build yet', hash };
  }
  const stamp = path.join(root, stampPath);
  if (!existsSync(stamp)) return { build: true, reason: 'the build was not made by npm start, so its sources are unknown', hash };
  if (readFileSync(stamp, 'utf8').trim() !== hash) return { build: true, reason: 'the sources changed since the last build', hash };
  return { build: false, reason: 'the sources have not changed since the last build', hash };
}

/**
 * Builds when `buildDecision` says so (with `build`, which returns whether it succeeded), then
 * stamps the build with the hash taken before it: a file edited during the build makes the next
 * start build again. Prints one line saying which.
 * @param {string} root
 * @param {{ build: () => boolean, log?: (line: string) => void }} options
 * @returns {{ built: boolean, ok: boolean }}
 */
export function buildIfChanged(root, { build, log = console.log }) {
  const decision = buildDecision(root);
  if (!decision.build) {
    log(`Build skipped: ${decision.reason}.`);
    return { built: false, ok: true };
  }
  log(`Building the site: ${decision.reason}.`);
  rmSync(path.join(root, stampPath), { force: true });
  if (!build()) return { built: true, ok: false };
  writeFileSync(path.join(root, stampPath), `${decision.hash}\n`);
  return { built: true, ok: true };
}

// Run as a script, not imported: `node -e` that imports this module with its path as an argument
// (as deploy/ci-image-check.sh does) must not build in its working folder.
if (import.meta.main) {
  const root = process.cwd();
  const reactRouter = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'react-router.cmd' : 'react-router');
  const { ok } = buildIfChanged(root, {
    build: () => spawnSync(reactRouter, ['build'], { stdio: 'inherit', shell: process.platform === 'win32' }).status === 0,
  });
  if (!ok) process.exit(1);
}
