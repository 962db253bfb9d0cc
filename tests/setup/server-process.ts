/**
 * The built server (server.js) as a child process, for the tests that operate it
 * (tests/e2e/server.spec.ts, tests/integration/two-instances.test.ts, the fuzz suite). They wait for
 * what the server says or does, never for a fixed time; the limits below only bound a wait on a
 * loaded machine (docs/architecture/tests.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The most a start may take before a test gives up: a limit for a machine whose cores are both busy, not a wait. */
export const SERVER_START_LIMIT_MS = 120_000;

export type ServerProcess = {
  child: ChildProcess;
  /** Everything it has written to stdout and stderr so far. */
  output: () => string;
  /** Its exit code (null after a signal), once it has ended and all its output has been read. */
  exited: Promise<number | null>;
  /** Resolves once its output contains `text` (or matches it); fails with the output if it ends first, or after `limitMs`. */
  waitForOutput: (text: string | RegExp, limitMs?: number) => Promise<void>;
};

/** Starts `node [nodeOptions] server.js` with the test runner's environment plus `env` (an undefined value removes a variable). */
export function startServer(env: Record<string, string | undefined>, nodeOptions: string[] = []): ServerProcess {
  const child = spawn(process.execPath, [...nodeOptions, 'server.js'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let ended = false;
  const waiters = new Set<() => void>();
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout!.on('data', record);
  child.stderr!.on('data', record);
  // 'close', not 'exit': by then stdout and stderr are read to their end.
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => {
      ended = true;
      for (const check of waiters) check();
      resolve(code);
    }),
  );

  const waitForOutput = (text: string | RegExp, limitMs = SERVER_START_LIMIT_MS) =>
    new Promise<void>((resolve, reject) => {
      const finish = (error?: Error) => {
        clearTimeout(timer);
        waiters.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (typeof text === 'string' ? output.includes(text) : text.test(output)) finish();
        else if (ended) finish(new Error(`The server ended (exit code ${child.exitCode}, signal ${child.signalCode}) before it wrote "${text}":\n${output}`));
      };
      const timer = setTimeout(() => finish(new Error(`The server did not write "${text}" within ${limitMs / 1000} s:\n${output}`)), limitMs);
      waiters.add(check);
      check();
    });

  return { child, output: () => output, exited, waitForOutput };
}

/** Waits until the server says it is serving (or fails with its output), then checks that /healthz answers 200. */
export async function waitUntilServing(server: ServerProcess, port: number, limitMs = SERVER_START_LIMIT_MS): Promise<void> {
  await server.waitForOutput('Serving on', limitMs);
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  // Read to its end: an answer left half-read would count as a request under way when a test stops the server.
  await health.arrayBuffer();
  if (health.status !== 200) throw new Error(`/healthz answered ${health.status} once the server was serving:\n${server.output()}`);
}

/** A TCP port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Servers a test file starts of its own, with the test runner's environment minus what would make
 * them a deployment or the e2e server; each is killed after its test if it still runs, so a test
 * that failed half-way leaves nothing to load the machine for the next ones. Call it once per file
 * with the runner's `afterEach`.
 */
export function ownServers(afterEach: (cleanUp: () => void) => void): (env: Record<string, string>) => ServerProcess {
  const started: ServerProcess[] = [];
  afterEach(() => {
    for (const server of started.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  });
  return (env) => {
    const server = startServer({ NODE_ENV: undefined, E2E_PORT: undefined, ...env });
    started.push(server);
    return server;
  };
}

/**
 * A data folder for a server a journey starts of its own, as a first start leaves it (migrated,
 * with the sample content): a copy of the template playwright.config.ts makes before the journeys
 * (tests/e2e/prepare-data.ts), so that each server starts as a restart does rather than creating,
 * migrating and seeding a database first. A test about the first start itself takes an empty
 * folder (mkdtemp) instead.
 */
export function preparedDataFolder(prefix: string): string {
  const template = process.env.E2E_TEMPLATE_DATA_DIR;
  if (!template) throw new Error('preparedDataFolder: no E2E_TEMPLATE_DATA_DIR; playwright.config.ts makes it before the journeys');
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), prefix)), 'data');
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}
