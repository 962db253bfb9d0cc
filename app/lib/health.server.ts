import { randomBytes } from 'node:crypto';
import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { log } from './log.server';

/** How long a readiness check waits for the database before it counts as not answering. */
const DATABASE_CHECK_MS = 5_000;

/** Whether the database answers a trivial query now (within 5 s). */
export async function databaseAnswers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS)));
  const query = db()
    .execute(sql`select 1`)
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([query, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this process can write into DATA_DIR now (a full disk, a read-only mount): a small file written and removed. */
export async function dataDirWritable(dataDir: string): Promise<boolean> {
  const probe = path.join(dataDir, `.ready-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await writeFile(probe, 'ok', { mode: 0o600 });
    await unlink(probe);
    return true;
  } catch (error) {
    await unlink(probe).catch(() => {});
    log.warn({ err: error }, 'The data folder is not writable');
    return false;
  }
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Whether this instance can serve (`/readyz`, for load balancers and orchestrators): the database
 * answers and DATA_DIR is writable. The reason is short and names no address or secret
 * (docs/architecture/server.md#outages).
 */
export async function readiness(dataDir: string): Promise<Readiness> {
  const [database, dataFolder] = await Promise.all([databaseAnswers(), dataDirWritable(dataDir)]);
  if (!database) return { ready: false, reason: 'database not reachable' };
  if (!dataFolder) return { ready: false, reason: 'data folder not writable' };
  return { ready: true };
}
