/**
 * Vitest global setup: migrates ONE template database per test run, which every test file then
 * copies (docs/architecture/tests.md). Copying is several times cheaper than creating and migrating
 * a database per file: in-memory PGlite loads the template's data folder (~0.6 s instead of ~3 s);
 * PostgreSQL (TEST_DATABASE_URL) creates each file's database `from template`.
 */
import type { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '~/db/client.server';
import { migrateDatabase } from '~/db/migrate.server';
import { adminQuery, databaseUrlNamed, dropTestDatabase } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An in-memory PGlite's migrated data folder (a tar file), or the name of a PostgreSQL template database. */
    templateDatabase: { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `ppa_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const handle = await openDatabase({ databaseUrl: databaseUrlNamed(serverUrl, name) });
    try {
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }
    project.provide('templateDatabase', { kind: 'postgres', name });
    return async () => {
      await dropTestDatabase(serverUrl, name);
    };
  }

  const handle = await openDatabase({ pgliteDir: undefined });
  const folder = mkdtempSync(path.join(tmpdir(), 'ppa-template-'));
  const dumpFile = path.join(folder, 'template.tar');
  try {
    await migrateDatabase(handle);
    const dump = await (handle.client as PGlite).dumpDataDir('none');
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('templateDatabase', { kind: 'pglite', dumpFile });
  return () => rmSync(folder, { recursive: true, force: true });
}
