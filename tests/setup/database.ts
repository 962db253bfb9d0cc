import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { installDatabase, openDatabase, pgliteStartParams, wrapPglite, type Database, type DatabaseHandle } from '~/db/client.server';
import { adminQuery, databaseUrlNamed } from './postgres';

/**
 * A fresh, migrated database for one test file, installed as the app's database: a copy of the
 * run's template (tests/setup/template-database.ts). In-memory PGlite by default; with
 * TEST_DATABASE_URL (CI's PostgreSQL pass) a new database on that server, dropped afterwards.
 */
export function setupTestDatabase(): { db: () => Database; postgresUrl: () => string | undefined } {
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
      dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    } else {
      handle = wrapPglite(await PGlite.create({ loadDataDir: new Blob([readFileSync(template.dumpFile)]), startParams: pgliteStartParams }));
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
