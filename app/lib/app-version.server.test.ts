import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appVersion, RELEASE_FILE } from './app-version.server';

const folderWith = (packageJson: object) => {
  const folder = mkdtempSync(path.join(tmpdir(), 'ppa-version-'));
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify(packageJson));
  return folder;
};

describe('appVersion (the version in backups’ manifests)', () => {
  it('is this repository’s package.json version, never "unversioned"', () => {
    const declared = (JSON.parse(readFileSync('package.json', 'utf8')) as { version?: string }).version;
    expect(declared).toMatch(/^\d+\.\d+\.\d+$/);
    expect(appVersion()).toMatch(new RegExp(`^${declared!.replaceAll('.', '\\.')}(\\+|$)`));
  });

  it('adds the commit an installed release was made from (its RELEASE file)', () => {
    const folder = folderWith({ version: '1.4.0' });
    expect(appVersion(folder)).toBe('1.4.0');
    writeFileSync(path.join(folder, RELEASE_FILE), 'v1.4.0-2-gabc1234\nsource=git\n');
    expect(appVersion(folder)).toBe('1.4.0+v1.4.0-2-gabc1234');
  });

  it('adds what git describe says in a checkout', () => {
    const folder = folderWith({ version: '2.0.0' });
    const git = (...args: string[]) => spawnSync('git', args, { cwd: folder, encoding: 'utf8' });
    git('init', '-q');
    git('add', 'package.json');
    git('-c', 'user.name=Test', '-c', 'user.email=test@example.org', 'commit', '-qm', 'first');
    const commit = git('rev-parse', '--short', 'HEAD').stdout.trim();
    expect(appVersion(folder)).toBe(`2.0.0+${commit}`);
  });

  it('says so when package.json has no version or cannot be read', () => {
    expect(appVersion(folderWith({ name: 'x' }))).toBe('unversioned');
    expect(appVersion(mkdtempSync(path.join(tmpdir(), 'ppa-version-')))).toBe('unknown');
  });
});
