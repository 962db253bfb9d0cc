import path from 'node:path';
import type { Env } from '~/lib/env.server';
import { installDatabase, openDatabase, type DatabaseHandle } from './client.server';
import { migrateDatabase } from './migrate.server';
import { seedSampleContent } from './seed';

/** Opens the configured database, brings its schema up to date and seeds it on first start. */
export async function bootDatabase(config: Env): Promise<DatabaseHandle> {
  const handle = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') },
  );
  try {
    await migrateDatabase(handle);
    const { seeded } = await seedSampleContent(handle.db, { uploadsDir: uploadsDir(config) });
    if (seeded) console.log('First start: sample content added.');
  } catch (error) {
    await handle.close();
    throw error;
  }
  installDatabase(handle);
  return handle;
}

export function uploadsDir(config: Env): string {
  return path.join(config.dataDir, 'uploads');
}
