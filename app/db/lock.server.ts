import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) must be opened by one process at a time: two servers on one
 * data folder silently lose each other's writes. Whoever opens it holds `DATA_DIR/db.lock`, a file
 * naming its process; a second process refuses to start while that process lives, and takes over
 * the lock of one that died without cleaning up (kill -9, a power cut).
 */
export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, 'db.lock');
}

type Holder = { pid: number; command: string; since: string };

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, command: String(parsed.command ?? ''), since: String(parsed.since ?? '') } : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote the lock still runs. A reused process id of something that is not Node does not count. */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync(cmdline)) {
    try {
      return /node|tsx/.test(readFileSync(cmdline, 'utf8'));
    } catch {
      return true;
    }
  }
  return true;
}

/** The process holding the data folder's lock, if one is alive. */
export function lockHolder(dataDir: string): Holder | null {
  const holder = readHolder(lockFilePath(dataDir));
  return holder && isAlive(holder.pid) ? holder : null;
}

/**
 * Takes the data folder's lock for this process, or throws DataFolderInUseError naming the
 * process that holds it. Returns the function that releases it.
 */
export function lockDataFolder(dataDir: string, command: string): () => void {
  const file = lockFilePath(dataDir);
  const mine: Holder = { pid: process.pid, command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      return () => {
        if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder && isAlive(holder.pid)) {
      throw new DataFolderInUseError(
        `The embedded database in ${dataDir} is in use by another process (${holder.command || 'pid'} ${holder.pid}, since ${holder.since}). ` +
          'Stop it first: one process at a time may open it. (To run several copies of the site, use PostgreSQL: DATABASE_URL.)',
      );
    }
    // Left behind by a process that is gone: take it over.
    rmSync(file, { force: true });
  }
  throw new DataFolderInUseError(`Could not take the lock ${file}; another process keeps taking it.`);
}
