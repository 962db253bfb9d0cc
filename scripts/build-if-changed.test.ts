import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDecision, buildIfChanged, sourcesHash, stampPath } from './build-if-changed.mjs';

let root: string;

function write(relative: string, contents: string) {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), contents);
}

/** What `react-router build` leaves: Vite empties build/server and build/client, then writes them. */
function fakeBuild() {
  rmSync(path.join(root, 'build'), { recursive: true, force: true });
  write('build/server/index.js', 'export {};');
  write('build/client/assets/app.js', '');
  return true;
}

function start() {
  const lines: string[] = [];
  let builds = 0;
  const result = buildIfChanged(root, {
    build: () => {
      builds += 1;
      return fakeBuild();
    },
    log: (line) => lines.push(line),
  });
  return { ...result, builds, lines };
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'ppa-build-stamp-'));
  write('app/root.tsx', 'export default function Root() {}');
  write('app/routes/home.tsx', 'export default function Home() {}');
  write('public/favicon.svg', '<svg/>');
  write('vite-plugins/precompress.ts', '');
  write('package.json', '{}');
  write('package-lock.json', '{}');
  write('vite.config.ts', '');
  write('README.md', 'not a source');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('sourcesHash', () => {
  it('is the same for the same files, whatever order they were written in', () => {
    const first = sourcesHash(root);
    rmSync(path.join(root, 'app/root.tsx'));
    write('app/root.tsx', 'export default function Root() {}');
    expect(sourcesHash(root)).toBe(first);
  });

  it.each([
    ['a changed file in app/', () => write('app/routes/home.tsx', 'export default function Home() { return 1; }')],
    ['an added file', () => write('app/routes/new.tsx', '')],
    ['a removed file', () => rmSync(path.join(root, 'app/routes/home.tsx'))],
    ['a renamed file', () => renameSync(path.join(root, 'app/routes/home.tsx'), path.join(root, 'app/routes/index.tsx'))],
    ['a changed picture in public/', () => write('public/favicon.svg', '<svg></svg>')],
    ['a changed build plugin', () => write('vite-plugins/precompress.ts', '// changed')],
    ['a changed lockfile (another package version)', () => write('package-lock.json', '{"v":2}')],
    ['a new config file', () => write('react-router.config.ts', 'export default {}')],
  ])('changes with %s', (_what, change) => {
    const before = sourcesHash(root);
    change();
    expect(sourcesHash(root)).not.toBe(before);
  });

  it('ignores files the build does not read', () => {
    const before = sourcesHash(root);
    write('README.md', 'changed');
    write('tests/e2e/new.spec.ts', '');
    write('data/db/PG_VERSION', '17');
    expect(sourcesHash(root)).toBe(before);
  });
});

describe('buildDecision', () => {
  it('builds when there is no build', () => {
    expect(buildDecision(root)).toMatchObject({ build: true, reason: 'no build yet' });
  });

  it('builds when the build carries no stamp (made by npm run build)', () => {
    fakeBuild();
    expect(buildDecision(root)).toMatchObject({ build: true, reason: expect.stringContaining('not made by npm start') });
  });

  it('skips when the stamp matches the sources, and builds once a file changed', () => {
    fakeBuild();
    write(stampPath, `${sourcesHash(root)}\n`);
    expect(buildDecision(root).build).toBe(false);
    write('app/routes/home.tsx', 'changed');
    expect(buildDecision(root)).toMatchObject({ build: true, reason: 'the sources changed since the last build' });
  });
});

describe('buildIfChanged', () => {
  it('builds on the first start, skips the next, and builds again after a change', () => {
    const first = start();
    expect(first).toMatchObject({ built: true, ok: true, builds: 1, lines: ['Building the site: no build yet.'] });

    const second = start();
    expect(second).toMatchObject({ built: false, builds: 0, lines: ['Build skipped: the sources have not changed since the last build.'] });

    write('app/routes/home.tsx', 'export default function Home() { return "new"; }');
    const third = start();
    expect(third).toMatchObject({ built: true, builds: 1, lines: ['Building the site: the sources changed since the last build.'] });
    expect(start().builds).toBe(0);
  });

  it('builds again after a build made without it (which empties build/server)', () => {
    start();
    fakeBuild();
    expect(start().builds).toBe(1);
  });

  it('leaves no stamp when the build fails, so the next start tries again', () => {
    const failed = buildIfChanged(root, { build: () => false, log: () => {} });
    expect(failed).toEqual({ built: true, ok: false });
    fakeBuild();
    expect(buildDecision(root).build).toBe(true);
  });

  it('builds when a stamped build has lost its server bundle', () => {
    start();
    rmSync(path.join(root, 'build/server/index.js'));
    expect(start()).toMatchObject({ builds: 1, lines: ['Building the site: no build yet.'] });
  });

  it('only hashes when another script imports it with its path as an argument, as the image check does', () => {
    // deploy/ci-image-check.sh: `node -e '…await import(process.argv[1])…' <this module> <folder>`.
    // Its path in process.argv[1] once made the module run as the script: a build in the working folder.
    const module = path.join(import.meta.dirname, 'build-if-changed.mjs');
    const script = 'const { sourcesHash } = await import(process.argv[1]); console.log(sourcesHash(process.argv[2]));';
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, module, root], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${sourcesHash(root)}\n`);
    expect(run.stderr).toBe('');
  });
});
