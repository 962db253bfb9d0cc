import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';
import { installDatabase, openDatabase, type Database, type DatabaseHandle } from '~/db/client.server';
import { migrateDatabase } from '~/db/migrate.server';

/**
 * A fresh, migrated database for one test file, installed as the app's database. In-memory PGlite
 * by default; with TEST_DATABASE_URL (CI's PostgreSQL pass) a new database on that server, dropped
 * afterwards.
 */
export function setupTestDatabase(): { db: () => Database } {
  let handle: DatabaseHandle | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const name = `ppa_test_${randomBytes(6).toString('hex')}`;
      await adminQuery(serverUrl, `create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      handle = await openDatabase({ databaseUrl: url.toString() });
      dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    } else {
      handle = await openDatabase({ pgliteDir: undefined });
    }
    await migrateDatabase(handle);
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
  };
}

async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
