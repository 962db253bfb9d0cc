import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { installDatabase, openDatabase, pgliteExtensions, pgliteStartParams, schema, wrapPglite, type Database, type DatabaseHandle } from '~/db/client.server';
import { adminQuery, databaseUrlNamed, dropTestDatabase } from './postgres';

/**
 * Whether this is CI's PostgreSQL pass (`npm run test:db` with TEST_DATABASE_URL). Tests of commands
 * on an embedded database in a data folder of their own (`npm run user`, the doctor on a stopped
 * server's folder) run the same in both passes, since they leave the pass's database out: they
 * run in the embedded pass (`npm test`) only, `describe.skipIf(onThePostgresPass)`
 * (docs/architecture/tests.md, "Two passes").
 */
export const onThePostgresPass = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A fresh, migrated database for one test file, installed as the app's database: a copy of the
 * run's template (tests/setup/template-database.ts). In-memory PGlite by default; with
 * TEST_DATABASE_URL (CI's PostgreSQL pass) a new database on that server, dropped afterwards.
 * `logger` sees every query the app makes through Drizzle.
 */
export function setupTestDatabase(options: { logger?: Logger } = {}): { db: () => Database; postgresUrl: () => string | undefined } {
  let handle: DatabaseHandle | undefined;
  let postgresUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const template = inject('templateDatabase');
    if (template.kind === 'postgres') {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `ppa_test_${randomBytes(6).toString('hex')}`;
      await adminQuery(serverUrl, `create database ${name} template ${template.name}`);
      postgresUrl = databaseUrlNamed(serverUrl, name);
      handle = await openDatabase({ databaseUrl: postgresUrl });
      if (options.logger && handle.kind === 'postgres') handle.db = drizzlePostgres({ client: handle.client, schema, logger: options.logger }) as unknown as Database;
      dropDatabase = () => dropTestDatabase(serverUrl, name);
    } else {
      const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(template.dumpFile)]), startParams: pgliteStartParams, extensions: pgliteExtensions });
      handle = wrapPglite(client);
      if (options.logger) handle.db = drizzlePglite({ client, schema, logger: options.logger }) as unknown as Database;
    }
    installDatabase(handle);
  });

  afterAll(async () => {
    installDatabase(undefined);
    await handle?.close();
    await dropDatabase?.();
  });

  return {
    db: () => {
      if (!handle) throw new Error('setupTestDatabase: the database opens in beforeAll');
      return handle.db;
    },
    /** The database's address on CI's PostgreSQL pass (for starting servers on it); undefined on PGlite. */
    postgresUrl: () => postgresUrl,
  };
}
