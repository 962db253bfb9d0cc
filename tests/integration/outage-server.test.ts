/**
 * The built server and a PostgreSQL server that goes away and comes back (CI's PostgreSQL pass;
 * docs/architecture/server.md#outages). The database sits behind a TCP proxy the test closes and opens:
 * while it is closed every page, data request, form post and resource route answers 503 with
 * Retry-After, /healthz 200 and /readyz 503; once it is open again the same server serves as
 * before, by itself. A start while the database is down waits for it, saying so in a line per
 * attempt; a configuration PostgreSQL refuses stops the start with a clear message.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '../setup/database';
import { databaseUrlNamed } from '../setup/postgres';
import { freePort, SERVER_START_LIMIT_MS, startServer, waitUntilServing, type ServerProcess } from '../setup/server-process';
import { startTcpProxy, type TcpProxy } from '../setup/tcp-proxy';

const database = setupTestDatabase();
const servers: ServerProcess[] = [];
const proxies: TcpProxy[] = [];

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((server) => server.exited));
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

/** A proxy to the test PostgreSQL server, closed until the test opens it. */
async function proxyToDatabase(): Promise<TcpProxy> {
  const target = new URL(process.env.TEST_DATABASE_URL!);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, { port: await freePort() });
  proxies.push(proxy);
  return proxy;
}

/** The messages of a server's log lines (JSON in production). */
function messages(server: ServerProcess): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg));
}

function serve(databaseUrl: string, port: number): ServerProcess {
  const server = startServer({
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ppa-outage-')),
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: 'outage tests share this secret of 40 chars',
    ALLOW_TEST_PAYMENTS: 'true',
    MAIL_OUTBOX_ONLY: 'true',
  });
  servers.push(server);
  return server;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL server that goes away and comes back', () => {
  let proxy: TcpProxy;
  let origin: string;
  let server: ServerProcess;

  beforeAll(async () => {
    proxy = await proxyToDatabase();
    await proxy.open();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = serve(proxy.url(database.postgresUrl()!), port);
    await waitUntilServing(server, port);
  });

  const get = async (pathname: string, init: RequestInit = {}) => {
    const response = await fetch(`${origin}${pathname}`, { redirect: 'manual', ...init });
    return { status: response.status, retryAfter: response.headers.get('Retry-After'), body: await response.text() };
  };

  it('answers 503 with Retry-After while it is away, and serves again once it is back', { timeout: SERVER_START_LIMIT_MS }, async () => {
    // Served (and cached) while the database is there.
    for (const page of ['/', '/news']) expect((await get(page)).status).toBe(200);
    expect((await get('/readyz')).status).toBe(200);

    await proxy.close();
    for (const page of ['/', '/news', '/events', '/membership', '/login']) {
      const answer = await get(page);
      expect(answer, page).toMatchObject({ status: 503, retryAfter: '30' });
      expect(answer.body, page).toContain('We’ll be right back');
    }
    for (const request of ['/news.data', '/membership.data', '/documents/1/download', '/media/00000000-0000-0000-0000-000000000000/w960', '/api/auth/get-session']) {
      expect(await get(request), request).toMatchObject({ status: 503, retryAfter: '30' });
    }
    const signIn = await get('/login', {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'login', email: 'someone@example.org', password: 'a password of some length' }),
    });
    expect(signIn).toMatchObject({ status: 503, retryAfter: '30' });
    const api = await get('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.org', password: 'a password of some length' }),
    });
    expect(api).toMatchObject({ status: 503, retryAfter: '30' });
    expect(await get('/healthz')).toMatchObject({ status: 200 });
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'unavailable', reason: 'database not reachable' });
    expect(server.output()).not.toMatch(/DrizzleQueryError|\n\s+at /);

    await proxy.open();
    for (const page of ['/', '/news', '/events', '/readyz']) expect((await get(page)).status, page).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a start while PostgreSQL is down', () => {
  it('waits for it, saying so in a line per attempt, then serves', { timeout: 2 * SERVER_START_LIMIT_MS }, async () => {
    const proxy = await proxyToDatabase();
    const port = await freePort();
    const server = serve(proxy.url(database.postgresUrl()!), port);
    await server.waitForOutput(`"msg":"Database not reachable at 127.0.0.1:${proxy.port} (ECONNREFUSED); retrying in 1 s"`);
    await server.waitForOutput('retrying in 2 s');
    await proxy.open();
    await waitUntilServing(server, port);
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  });

  it('stops with a clear message for a wrong password or a database that does not exist', { timeout: 2 * SERVER_START_LIMIT_MS }, async () => {
    const url = new URL(database.postgresUrl()!);
    url.password = 'not-the-password';
    const wrongPassword = serve(url.toString(), await freePort());
    expect(await wrongPassword.exited).toBe(1);
    // The production log is JSON, one object a line: the message is read back from it.
    expect(messages(wrongPassword)).toContain(`PostgreSQL at ${url.host} refused the password of user "${url.username}": correct the password in DATABASE_URL.`);
    expect(wrongPassword.output()).not.toContain('not-the-password');

    const missing = serve(databaseUrlNamed(process.env.TEST_DATABASE_URL!, 'ppa_no_such_database'), await freePort());
    expect(await missing.exited).toBe(1);
    expect(messages(missing).some((message) => message.startsWith('Database "ppa_no_such_database" does not exist on the PostgreSQL server at'))).toBe(true);
    for (const output of [wrongPassword.output(), missing.output()]) expect(output).not.toMatch(/\n\s+at /);
    // Nothing was created on the way.
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    const { rows } = await client.query('select 1 from pg_database where datname = $1', ['ppa_no_such_database']);
    await client.end();
    expect(rows).toHaveLength(0);
  });
});
