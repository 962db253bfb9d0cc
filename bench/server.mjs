/**
 * The production server as the benchmarks start it: the command of `npm run serve` (package.json),
 * so they measure what users run, on a fresh DATA_DIR removed at the end.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveCommand } from '../scripts/serve-command.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the server on `port` with `env` added (and `nodeArguments` after `npm run serve`'s own
 * Node options, so that they win: `--cpu-prof`, `--max-semi-space-size=16`), and resolves once
 * /healthz answers.
 */
/** @param {{ port: number, env?: Record<string, string>, name?: string, nodeArguments?: string[] }} options */
export async function startServer({ port, env = {}, name = 'ppa-bench', nodeArguments = [] }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const environment = { ...process.env };
  // As `npm start` runs it, without NODE_ENV (README: quick start).
  delete environment.NODE_ENV;
  const child = spawn(process.execPath, [...serveCommand.nodeOptions, ...nodeArguments, serveCommand.entry], {
    cwd: root,
    // The serve script's environment (MALLOC_ARENA_MAX: docs/architecture/server.md#memory) wins over the caller's, as in `npm run serve`.
    env: { ...environment, ...serveCommand.environment, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  // A bench stopped midway (Ctrl-C, kill) takes its server with it: the machine is shared.
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  // A limit, not a wait: on a machine shared with other work a start can take over a minute.
  for (let attempt = 0; attempt < 360; attempt += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, child, dataDir, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error('The server did not start within three minutes.');
}
