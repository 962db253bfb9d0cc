/** When the database cannot be reached, pages say "try again in a minute" with 503, not a 500. */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentDatabaseHandle, installDatabase, schema, type Database } from '~/db/client.server';
import { loader as rootLoader } from '~/root';
import { routeArgs } from '../setup/route-args';

const previous = currentDatabaseHandle();
let pool: pg.Pool;

beforeAll(() => {
  // A database server that is not there: every query fails to connect.
  pool = new pg.Pool({ connectionString: 'postgres://nobody:nothing@127.0.0.1:9/none', connectionTimeoutMillis: 2000 });
  pool.on('error', () => {});
  installDatabase({ kind: 'postgres', db: drizzle({ client: pool, schema }) as unknown as Database, client: pool, close: () => pool.end() });
});
afterAll(async () => {
  installDatabase(previous);
  await pool.end();
});

describe('a database outage', () => {
  it('answers pages with 503 and Retry-After', async () => {
    const thrown = await Promise.resolve(rootLoader(routeArgs('/news'))).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 503 } });
    expect(new Headers((thrown as { init: ResponseInit }).init.headers).get('Retry-After')).toBe('30');
  });
});
