import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseServeScript, serveCommand, serveScript } from './serve-command.mjs';

describe("package.json's serve script, the one place production's start is written", () => {
  it('reads its environment, Node options and entry file', () => {
    expect(parseServeScript('MALLOC_ARENA_MAX=2 A_B=x=y node --max-old-space-size=128 --v8-pool-size=1 server.js')).toEqual({
      environment: { MALLOC_ARENA_MAX: '2', A_B: 'x=y' },
      nodeOptions: ['--max-old-space-size=128', '--v8-pool-size=1'],
      entry: 'server.js',
    });
    expect(parseServeScript('node server.js')).toEqual({ environment: {}, nodeOptions: [], entry: 'server.js' });
  });

  it('refuses a script that is not one node command', () => {
    expect(() => parseServeScript('npm run build && node server.js')).toThrow(/serve script/);
    expect(() => parseServeScript('node')).toThrow(/serve script/);
  });

  it('caps the heap, sets two malloc arenas and gives large blocks back (docs/architecture/server.md#memory)', () => {
    expect(serveCommand.entry).toBe('server.js');
    expect(serveCommand.environment).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(serveCommand.nodeOptions).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-old-space-size=\d+$/), expect.stringMatching(/^--max-semi-space-size=\d+$/)]));
  });

  it('is what the container image and the systemd unit run, with the same environment', () => {
    // The image starts `npm run serve`'s command (deploy/image-steps.sh start) and sets its environment for every process.
    const dockerfile = readFileSync('deploy/Dockerfile', 'utf8');
    for (const [name, value] of Object.entries(serveCommand.environment)) expect(dockerfile).toMatch(new RegExp(`^\\s*(ENV\\s+)?${name}=${value}\\b`, 'm'));
    expect(readFileSync('deploy/image-steps.sh', 'utf8')).toContain(`exec env $(node -p 'require("./package.json").scripts.serve')`);
    // The unit repeats it for systemd (deploy/ci-image-check.sh compares the two the same way).
    const unit = readFileSync('deploy/ppa.service', 'utf8');
    const environment = [...unit.matchAll(/^Environment=(.*)$/gm)].map((match) => match[1]).join(' ');
    const start = /^ExecStart=\/usr\/bin\/node (.*)$/m.exec(unit)?.[1];
    expect(`${environment} node ${start}`).toBe(serveScript);
  });

  it('is how the journeys and the fuzz suite start their server', () => {
    expect(readFileSync('playwright.config.ts', 'utf8')).toMatch(/command: serveScript\b/);
    expect(readFileSync('tests/fuzz/global-setup.ts', 'utf8')).toContain('serveCommand.nodeOptions');
  });
});
