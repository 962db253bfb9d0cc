import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateFolder, type Env } from '~/lib/env.server';
import { installDatabase, openDatabase, type DatabaseHandle } from './client.server';
import { moveLegacyUploadsIntoDatabase } from './legacy-uploads.server';
import { lockDataFolder } from './lock.server';
import { migrateDatabase } from './migrate.server';
import { seedSampleContent } from './seed';
import { log } from '~/lib/log.server';

/**
 * Opens the configured database, brings its schema up to date and seeds it on first start. The
 * embedded database is locked for this process first (lock.server.ts); closing the handle
 * releases the lock. `command` names the process in the lock, for whoever finds it taken.
 */
export async function bootDatabase(config: Env, command = 'server'): Promise<DatabaseHandle> {
  ensurePrivateFolder(config.dataDir);
  const release = config.databaseUrl ? () => {} : lockDataFolder(config.dataDir, command);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') });
  } catch (error) {
    release();
    throw error;
  }
  const close = handle.close;
  handle.close = async () => {
    try {
      await close();
    } finally {
      release();
    }
  };
  try {
    await migrateDatabase(handle);
    const moved = await moveLegacyUploadsIntoDatabase(handle.db, uploadsDir(config));
    if (moved > 0) log.info(`Moved ${moved} uploaded document(s) from ${uploadsDir(config)} into the database.`);
    const { seeded } = await seedSampleContent(handle.db);
    if (seeded) log.info('First start: sample content added.');
  } catch (error) {
    await handle.close();
    throw error;
  }
  installDatabase(handle);
  return handle;
}

/**
 * Whether the embedded database has still to be created. Creating it grows PGlite's memory by a few
 * hundred megabytes that a WebAssembly instance never gives back, so server.js has a short-lived
 * process create it first (docs/architecture.md#memory).
 */
export function embeddedDatabaseMissing(config: Env): boolean {
  return !config.databaseUrl && !existsSync(path.join(config.dataDir, 'db'));
}

/** Where uploads lived before they moved into the database; read once at start, never written. */
export function uploadsDir(config: Env): string {
  return path.join(config.dataDir, 'uploads');
}
