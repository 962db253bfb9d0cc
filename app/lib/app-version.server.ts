import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The file deploy/upgrade.sh writes into each release it installs (docs/deploy.md#upgrading): its
 * first line says which commit the release was made from (`git describe`), since a release folder
 * is an export of the repository without its `.git`.
 */
export const RELEASE_FILE = 'RELEASE';

/**
 * This copy of the site's version, as backups' manifests and the upgrade commands name it:
 * package.json's `version`, then `+` and the commit it was made from when that is known (the
 * RELEASE file of an installed release, else `git describe` in a checkout), e.g. `0.35.0+49801cc`.
 */
export function appVersion(root = process.cwd()): string {
  let version = 'unversioned';
  try {
    const declared = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: unknown }).version;
    if (typeof declared === 'string' && declared) version = declared;
  } catch {
    return 'unknown';
  }
  const commit = releaseCommit(root);
  return commit ? `${version}+${commit}` : version;
}

function releaseCommit(root: string): string | undefined {
  const releaseFile = path.join(root, RELEASE_FILE);
  if (existsSync(releaseFile)) return readFileSync(releaseFile, 'utf8').split('\n')[0]!.trim() || undefined;
  if (!existsSync(path.join(root, '.git'))) return undefined;
  // A checkout (the quick start, development): git itself, if it is installed and trusts the folder.
  const described = spawnSync('git', ['describe', '--tags', '--always', '--dirty'], { cwd: root, encoding: 'utf8', timeout: 5_000, stdio: ['ignore', 'pipe', 'ignore'] });
  return described.status === 0 ? described.stdout.trim() || undefined : undefined;
}
