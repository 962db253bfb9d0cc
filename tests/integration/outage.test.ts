/**
 * When the database cannot be reached, every answer is 503 with Retry-After ("try again in a
 * minute"), never a 500 (docs/architecture/server.md#outages). The server-level round trip (a database
 * that goes away and comes back) is tests/integration/outage-server.test.ts.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentDatabaseHandle, installDatabase, schema, type Database, type DatabaseHandle } from '~/db/client.server';
import { handleError } from '~/entry.server';
import { readiness } from '~/lib/health.server';
import { metDatabaseOutage, outageMiddleware } from '~/lib/outage.server';
import { loader as rootLoader } from '~/root';
import { loader as healthLoader } from '~/routes/api/healthz';
import { loader as readyLoader } from '~/routes/api/readyz';
import { takeConsoleErrors, takeLogLines } from '../setup/console';
import { setupTestDatabase } from '../setup/database';
import { routeArgs } from '../setup/route-args';

setupTestDatabase();
let reachable: DatabaseHandle | undefined;
let pool: pg.Pool;
let unreachable: DatabaseHandle;

beforeAll(() => {
  reachable = currentDatabaseHandle();
  // A database server that is not there: every query fails to connect.
  pool = new pg.Pool({ connectionString: 'postgres://nobody:nothing@127.0.0.1:9/none', connectionTimeoutMillis: 2000 });
  pool.on('error', () => {});
  unreachable = { kind: 'postgres', db: drizzle({ client: pool, schema }) as unknown as Database, client: pool, close: () => pool.end() };
  installDatabase(unreachable);
});
afterAll(async () => {
  installDatabase(reachable);
  await pool.end();
});

/** Runs `work` with the test's working database installed, then puts the unreachable one back. */
async function withWorkingDatabase<T>(work: () => Promise<T>): Promise<T> {
  installDatabase(reachable);
  try {
    return await work();
  } finally {
    installDatabase(unreachable);
  }
}

/** What a query against the unreachable database throws. */
async function outageError(): Promise<unknown> {
  return unreachable.db
    .select()
    .from(schema.siteSettings)
    .catch((error: unknown) => error);
}

const middlewareArgs = (path: string) => {
  const args = routeArgs(path);
  return { ...args, context: args.context } as Parameters<typeof outageMiddleware>[0];
};

describe('a database outage', () => {
  it('answers pages with 503 and Retry-After', async () => {
    const thrown = await Promise.resolve(rootLoader(routeArgs('/news'))).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 503 } });
    expect(new Headers((thrown as { init: ResponseInit }).init.headers).get('Retry-After')).toBe('30');
  });

  it('is noted by handleError for the request, as a warning without a stack', async () => {
    const args = routeArgs('/events/7');
    handleError(await outageError(), args);
    expect(metDatabaseOutage(args.context)).toBe(true);
    const lines = takeLogLines();
    expect(lines).toMatchObject([{ level: 'warn', msg: 'The database cannot be reached', status: 503 }]);
    expect(JSON.stringify(lines)).not.toMatch(/\n\s+at /);
    expect(takeConsoleErrors()).toEqual([]);

    // Any other error is logged as the bug it is, and notes nothing.
    const other = routeArgs('/events/7');
    handleError(new Error('a bug'), other);
    expect(metDatabaseOutage(other.context)).toBe(false);
    expect(takeLogLines()).toMatchObject([{ level: 'error', msg: 'Unexpected error' }]);
    expect(takeConsoleErrors()).toHaveLength(1);
  });

  it('turns a resource route’s or a data request’s 500 into 503 with Retry-After (root middleware)', async () => {
    // A resource route's loader failed on the database: React Router answered its last-resort 500.
    const resource = middlewareArgs('/media/x/w960');
    handleError(await outageError(), resource);
    takeConsoleErrors();
    const answer = (await outageMiddleware(resource, async () => new Response('Unexpected Server Error', { status: 500 }))) as Response;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('30');
    expect(await answer.text()).toMatch(/cannot reach its database/);

    // A data request keeps its body (React Router's encoding of the errors), with the status of an outage.
    const data = middlewareArgs('/news.data');
    handleError(await outageError(), data);
    takeConsoleErrors();
    const encoded = (await outageMiddleware(data, async () => new Response('[{"_1":2}]', { status: 500, headers: { 'Content-Type': 'text/x-script' } }))) as Response;
    expect(encoded.status).toBe(503);
    expect(encoded.headers.get('Retry-After')).toBe('30');
    expect(await encoded.text()).toBe('[{"_1":2}]');
  });

  it('turns a 500 that code made of a failed query itself (better-auth) into 503, after asking the database', async () => {
    const answer = (await outageMiddleware(middlewareArgs('/api/auth/sign-in/email'), async () => new Response(null, { status: 500 }))) as Response;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('30');
  });

  it('answers 503 for an outage thrown through the middleware', async () => {
    const error = await outageError();
    const answer = (await outageMiddleware(middlewareArgs('/login'), async () => Promise.reject(error))) as Response;
    expect(answer.status).toBe(503);
  });

  it('leaves a 500 alone while the database answers: it is a bug, not an outage', async () => {
    const answer = await withWorkingDatabase(async () => (await outageMiddleware(middlewareArgs('/news'), async () => new Response('boom', { status: 500 }))) as Response);
    expect(answer.status).toBe(500);
    expect(answer.headers.has('Retry-After')).toBe(false);
  });

  it('/healthz says the process is alive; /readyz says the database does not answer', async () => {
    const health = await healthLoader();
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const ready = await readyLoader();
    expect(ready.status).toBe(503);
    expect(ready.headers.get('Cache-Control')).toBe('private, no-store');
    const body = await ready.json();
    expect(body).toEqual({ status: 'unavailable', reason: 'database not reachable' });
    // No address, user or password of the database in the answer.
    expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|nobody|nothing/);
  });

  it('/readyz answers 200 once the database answers, and 503 when DATA_DIR cannot be written', async () => {
    const ready = await withWorkingDatabase(() => readyLoader());
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });

    const missingFolder = await withWorkingDatabase(() => readiness('/nonexistent/ppa-data'));
    expect(missingFolder).toEqual({ ready: false, reason: 'data folder not writable' });
  });
});
