import { existsSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { ensurePrivateFolder, type Env } from '~/lib/env.server';
import { installDatabase, openDatabase, type DatabaseHandle } from './client.server';
import { databaseAddress, describeConnectError, isTransientConnectError } from './connect-errors.server';
import { moveLegacyUploadsIntoDatabase } from './legacy-uploads.server';
import { lockDataFolder } from './lock.server';
import { restrictToOwner } from './owner-only-fs.server';
import { migrateDatabase } from './migrate.server';
import { seedSampleContent } from './seed';
import { log } from '~/lib/log.server';

/** A database that will not take this configuration (wrong password, no such database): the start stops with this message. */
export class DatabaseConfigurationError extends Error {
  override name = 'DatabaseConfigurationError';
}

export type BootOptions = {
  /** Names the process in the embedded database's lock, for whoever finds it taken. */
  command?: string;
  /** A PostgreSQL server that cannot be reached is waited for, with a line per attempt (the server); otherwise the error is thrown (commands). */
  waitForDatabase?: boolean;
  /** Work that must happen once however many instances start together (the admin account), run with the database installed, under the start lock. */
  setup?: () => Promise<void>;
};

/**
 * Opens the configured database, brings its schema up to date, seeds it on first start and runs
 * `setup`. All of that happens under one lock, so instances starting together do it once
 * (docs/architecture/server.md#several-processes): the embedded database is locked for this process
 * (lock.server.ts; closing the handle releases it), PostgreSQL by an advisory lock held on a
 * connection of its own and released once done.
 */
export async function bootDatabase(config: Env, options: BootOptions = {}): Promise<DatabaseHandle> {
  // Whatever this process creates (the database, mails with reset links) is the owner's only, in
  // every entry point (the server, the process that creates the database, the command line), and
  // what an earlier version left readable by others is made so too (README: Security).
  process.umask(0o077);
  ensurePrivateFolder(config.dataDir);
  restrictToOwner(config.dataDir);
  const release = config.databaseUrl ? () => {} : lockDataFolder(config.dataDir, options.command ?? 'server');
  let handle: DatabaseHandle;
  try {
    handle = config.databaseUrl ? await connectPostgres(config.databaseUrl, options.waitForDatabase ?? false) : await openDatabase({ pgliteDir: path.join(config.dataDir, 'db') });
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
    await underStartLock(handle, async () => {
      const applied = await migrateDatabase(handle);
      for (const tag of applied) log.info(`Applied migration ${tag}.`);
      const moved = await moveLegacyUploadsIntoDatabase(handle.db, uploadsDir(config));
      if (moved > 0) log.info(`Moved ${moved} uploaded document(s) from ${uploadsDir(config)} into the database.`);
      const { seeded } = await seedSampleContent(handle.db);
      if (seeded) log.info('First start: sample content added.');
      installDatabase(handle);
      await options.setup?.();
    });
  } catch (error) {
    installDatabase(undefined);
    await handle.close();
    throw error;
  }
  installDatabase(handle);
  return handle;
}

/** The advisory lock's key ("ppa" start): one number, the same in every instance of the site. */
const START_LOCK_KEY = 0x70_70_61_00;

/**
 * Runs `work` while holding the start lock. On PostgreSQL that is a session-level advisory lock on
 * a connection of its own, which PostgreSQL also lets go of if this process dies; the embedded
 * database is already this process's alone.
 */
async function underStartLock(handle: DatabaseHandle, work: () => Promise<void>): Promise<void> {
  if (handle.kind !== 'postgres') return work();
  const connection: pg.PoolClient = await handle.client.connect();
  let broken = false;
  try {
    const { rows } = await connection.query<{ taken: boolean }>('select pg_try_advisory_lock($1) as taken', [START_LOCK_KEY]);
    if (!rows[0]?.taken) {
      log.info('Another instance is starting on this database: waiting for it to finish its migrations.');
      await connection.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    }
    try {
      await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]).catch(() => (broken = true));
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // A connection whose state is in doubt is closed rather than reused: closing it ends any lock it holds.
    connection.release(broken);
  }
}

/** Seconds before the next attempt to reach the database: 1, 2, 4 … 30. */
export const retryDelaySeconds = (attempt: number): number => Math.min(30, 2 ** attempt);

/** Why a connection failed, in a word or two: the network error's code, or PostgreSQL's. */
function reasonOf(error: unknown): string {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 6; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    if (!cause && typeof message === 'string') return message;
    current = cause;
  }
  return String(error);
}

/**
 * Connects to PostgreSQL. A server that cannot be reached is tried again after 1, 2, 4 … 30 s when
 * `wait` is set, with one line per attempt; a configuration it refuses throws
 * DatabaseConfigurationError with a message that says what to correct (docs/architecture/server.md#outages).
 */
async function connectPostgres(databaseUrl: string, wait: boolean): Promise<DatabaseHandle> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await openDatabase({ databaseUrl });
    } catch (error) {
      if (!isTransientConnectError(error)) throw new DatabaseConfigurationError(describeConnectError(error, databaseUrl), { cause: error });
      if (!wait) throw error;
      const seconds = retryDelaySeconds(attempt);
      log.warn(`Database not reachable at ${databaseAddress(databaseUrl).where} (${reasonOf(error)}); retrying in ${seconds} s`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  }
}

/**
 * Whether the embedded database has still to be created. Creating it grows PGlite's memory by a few
 * hundred megabytes that a WebAssembly instance never gives back, so server.js has a short-lived
 * process create it first (docs/architecture/server.md#memory).
 */
export function embeddedDatabaseMissing(config: Env): boolean {
  return !config.databaseUrl && !existsSync(path.join(config.dataDir, 'db'));
}

/** Where uploads lived before they moved into the database; read once at start, never written. */
export function uploadsDir(config: Env): string {
  return path.join(config.dataDir, 'uploads');
}
