/**
 * Vitest global setup of the fuzz suite (vitest.fuzz.config.ts): the production build, served by
 * server.js as playwright.config.ts serves it to the journeys (a free port, a fresh DATA_DIR, the
 * bootstrap admin, `npm run serve`'s memory settings), started once for the run and stopped after it.
 * `npm run build` comes first (`npm run test:e2e` does both).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveCommand } from '../../scripts/serve-command.mjs';
import { freePort, startServer, waitUntilServing } from '../setup/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fuzzed site: its address, its mail outbox (DATA_DIR/mail) and its bootstrap super-admin. */
    fuzzSite: { origin: string; outbox: string; admin: { email: string; password: string } };
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync('build/server/index.js')) throw new Error('The fuzz suite runs the built site: npm run build first.');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ppa-fuzz-'));
  const admin = { email: 'admin@example.org', password: 'admin password for tests' };
  const server = startServer(
    {
      // The site as `npm run serve` runs it (its environment and Node's options: scripts/serve-command.mjs), on its own embedded database.
      ...serveCommand.environment,
      NODE_ENV: undefined,
      DATABASE_URL: undefined,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      // Every request comes from 127.0.0.1: the sign-ins would trip the per-IP limit of 5 a minute.
      AUTH_RATE_LIMIT: '1000',
      MAIL_RATE_PER_MINUTE: '6000',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    serveCommand.nodeOptions,
  );
  try {
    await waitUntilServing(server, port);
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
  project.provide('fuzzSite', { origin, outbox: path.join(dataDir, 'mail'), admin });

  return async () => {
    server.child.kill('SIGTERM');
    const code = await server.exited;
    if (code !== 0) throw new Error(`The fuzzed server stopped with exit code ${code}:\n${server.output()}`);
    // Its embedded database (~40 MB) goes with the run (docs/architecture/tests.md, "Temporary files").
    rmSync(dataDir, { recursive: true, force: true });
  };
}
