/**
 * `/metrics` with WORKERS=2 (docs/architecture/logs.md): whichever worker takes the scrape, it
 * counts every worker's requests, summed by the primary process. Several processes need
 * PostgreSQL, so this runs with TEST_DATABASE_URL only (CI's PostgreSQL pass).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '../setup/database';
import { freePort, SERVER_START_LIMIT_MS, startServer, waitUntilServing, type ServerProcess } from '../setup/server-process';

const database = setupTestDatabase();
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const server of servers) server.child.kill('SIGTERM');
});

const token = 'cluster-metrics-token-0123456789';

describe.skipIf(!process.env.TEST_DATABASE_URL)('metrics of several processes', () => {
  it('every scrape counts the requests of all workers', { timeout: SERVER_START_LIMIT_MS + 120_000 }, async () => {
    expect(existsSync('build/server/index.js'), 'the server runs the built app: npm run build first').toBe(true);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = startServer({
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ppa-cluster-metrics-')),
      DATABASE_URL: database.postgresUrl()!,
      BETTER_AUTH_SECRET: 'cluster-metrics-secret-cluster-metrics-secret',
      ALLOW_TEST_PAYMENTS: 'true',
      MAIL_OUTBOX_ONLY: 'true',
      WORKERS: '2',
      METRICS_TOKEN: token,
    });
    servers.push(server);
    await waitUntilServing(server, port);
    // Both workers listen before the scrapes: each says so.
    await expect.poll(() => server.output().match(/Serving on/g)?.length ?? 0, { timeout: SERVER_START_LIMIT_MS }).toBe(2);

    // A new connection each: node:cluster's primary hands connections to the workers in turn.
    const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${origin}${pathname}`, { headers: { Connection: 'close', ...headers } });
    for (let index = 0; index < 6; index += 1) expect((await (await get('/events')).text()).length).toBeGreaterThan(0);

    const counted = /http_request_duration_seconds_count\{method="GET",route="\/events",status="200"\} (\d+)/;
    const scrapes: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await get('/metrics', { Authorization: `Bearer ${token}` });
      expect(response.status).toBe(200);
      scrapes.push(Number(counted.exec(await response.text())?.[1]));
    }
    expect(scrapes).toEqual([6, 6, 6, 6]);
  });
});
