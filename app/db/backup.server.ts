import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { appVersion } from '~/lib/app-version.server';
import { ensurePrivateFolder, type Env } from '~/lib/env.server';
import { extractTarEntry, listTar, readTarEntry, writeTar, type TarEntry } from '~/lib/tar.server';
import { describeConnectError } from './connect-errors.server';
import { openDatabase, pgliteExtensions, pgliteStartParams, wrapPglite, type DatabaseHandle } from './client.server';
import { DataFolderInUseError, lockDataFolder, lockHolder } from './lock.server';
import { latestAppliedMigration, migrationJournal } from './migrate.server';

/**
 * Backups and restores (docs/architecture/operations.md#backups). An archive is a tar file holding what a
 * restore needs: `manifest.json` (what it is), the database (`database.tar.gz`, the embedded
 * database's data folder as PGlite dumps it; or `database.dump`, `pg_dump -Fc` of PostgreSQL) and,
 * when the site generated its own secret, `auth-secret` (which signs ticket codes, links and
 * cookies). Uploaded files are rows of the database, so they are in it. The sessions are not: an
 * archive lost or copied must not sign anyone in, so after a restore everyone signs in again.
 */

export const BACKUP_FORMAT = 1;
export type DatabaseKind = 'embedded' | 'postgresql';

export type BackupManifest = {
  format: number;
  app: 'ppa-north-america';
  appVersion: string;
  database: DatabaseKind;
  /** The newest migration the database had applied (drizzle/meta/_journal.json's tag). */
  migration: string | null;
  createdAt: string;
};

const ENTRY = { manifest: 'manifest.json', embedded: 'database.tar.gz', postgresql: 'database.dump', authSecret: 'auth-secret' } as const;

/** A mistake the person running a backup or restore must correct; the message says how. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const databaseKind = (config: Env): DatabaseKind => (config.databaseUrl ? 'postgresql' : 'embedded');
const kindName = (kind: DatabaseKind) => (kind === 'embedded' ? 'the embedded database (DATA_DIR)' : 'PostgreSQL (DATABASE_URL)');

/** Archives are named by the moment they were made, so their names sort by age: ppa-backup-2027-03-14T06-00-05Z.tar. */
export const backupFileName = (at: Date) => `ppa-backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar`;
export const isBackupFileName = (name: string) => /^ppa-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar$/.test(name);
/** When an archive named by backupFileName was made. */
export function backupFileDate(name: string): Date | null {
  const match = /^ppa-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar$/.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : null;
}

/** The generated session secret (DATA_DIR/auth-secret) when it is the one in use: BETTER_AUTH_SECRET unset. */
function generatedSecretFile(config: Env): string | undefined {
  const file = path.join(config.dataDir, 'auth-secret');
  return existsSync(file) && readFileSync(file, 'utf8').trim() === config.authSecret ? file : undefined;
}

/** A folder of its own for the files a backup or restore makes on the way; removed afterwards. */
async function withScratch<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ppa-backup-'));
  try {
    return await work(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Writes the archive at `target` (owner-only), through a temporary name, so no half-written archive ever carries the final one. */
async function writeArchive(config: Env, target: string, kind: DatabaseKind, databaseFile: string, migration: string | null): Promise<BackupManifest> {
  // pg_dump left the sessions' rows out already (backupPostgres).
  if (kind === 'embedded') await leaveSessionsOut(databaseFile, path.dirname(databaseFile));
  const manifest: BackupManifest = { format: BACKUP_FORMAT, app: 'ppa-north-america', appVersion: appVersion(), database: kind, migration, createdAt: new Date().toISOString() };
  const secret = generatedSecretFile(config);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  await writeTar(partial, [
    { name: ENTRY.manifest, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
    { name: ENTRY[kind], file: databaseFile },
    ...(secret ? [{ name: ENTRY.authSecret, file: secret }] : []),
  ]);
  renameSync(partial, target);
  return manifest;
}

// ---------------------------------------------------------------------------------------------
// The embedded database

/** A consistent copy of a running PGlite's data folder, gzipped: PGlite writes it between queries. */
export async function dumpEmbedded(client: PGlite): Promise<Buffer> {
  await client.query('checkpoint');
  const dump = await client.dumpDataDir('gzip');
  return Buffer.from(await dump.arrayBuffer());
}

/**
 * The dump in `dumpFile`, rewritten without the sessions: opened in a scratch folder, the table
 * emptied, and the write-ahead log that still held its rows dropped (a switch to a new segment and a
 * checkpoint, with segments removed rather than recycled), then dumped again. The live database is
 * not touched.
 */
async function leaveSessionsOut(dumpFile: string, scratch: string): Promise<void> {
  const client = await PGlite.create({
    dataDir: path.join(scratch, 'without-sessions'),
    loadDataDir: new Blob([readFileSync(dumpFile)]),
    startParams: [...pgliteStartParams, '-c', 'wal_recycle=off'],
    extensions: pgliteExtensions,
  });
  try {
    await client.exec('truncate table sessions');
    for (let round = 0; round < 2; round += 1) {
      await client.query('select pg_switch_wal()');
      await client.query('checkpoint');
    }
    writeFileSync(dumpFile, await dumpEmbedded(client), { mode: 0o600 });
  } finally {
    await client.close();
  }
}

/** The running server's control socket, through which a backup asks it for the database (app/server/control-socket.server.ts). */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

/** The header line the server answers a control request with, before the dump's bytes. */
export type ControlAnswer = { ok: true; bytes: number; migration: string | null } | { ok: false; error: string };

/** Asks the server running on `dataDir` for a copy of its database, written to `target`. */
export function requestDumpFromServer(dataDir: string, target: string): Promise<{ migration: string | null }> {
  return new Promise((resolve, reject) => {
    const socket = connect(controlSocketPath(dataDir));
    const chunks: Buffer[] = [];
    let received = 0;
    let answer: ControlAnswer | undefined;
    let pending = Buffer.alloc(0);
    socket.on('connect', () => socket.write(`${JSON.stringify({ command: 'backup' })}\n`));
    socket.on('data', (chunk: Buffer) => {
      if (answer) {
        chunks.push(chunk);
        received += chunk.length;
        return;
      }
      pending = Buffer.concat([pending, chunk]);
      const newline = pending.indexOf(10);
      if (newline < 0) return;
      answer = JSON.parse(pending.subarray(0, newline).toString('utf8')) as ControlAnswer;
      const rest = pending.subarray(newline + 1);
      chunks.push(rest);
      received += rest.length;
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
          ? new BackupError(`The server holding ${dataDir} does not answer on ${controlSocketPath(dataDir)}: restart it with this version, or stop it and run the backup again.`)
          : error,
      ),
    );
    socket.on('close', () => {
      if (!answer) return reject(new BackupError('The server closed the connection without an answer.'));
      if (!answer.ok) return reject(new BackupError(`The server could not copy its database: ${answer.error}`));
      if (received !== answer.bytes) return reject(new BackupError(`The server's copy of its database arrived incomplete (${received} of ${answer.bytes} bytes).`));
      writeFileSync(target, Buffer.concat(chunks), { mode: 0o600 });
      resolve({ migration: answer.migration });
    });
  });
}

/** Backs up the embedded database: through the server that runs on it, or, with none, opened here (holding its lock meanwhile). */
async function backupEmbeddedCommand(config: Env, target: string, scratch: string): Promise<BackupManifest> {
  const dumpFile = path.join(scratch, ENTRY.embedded);
  const dbDir = path.join(config.dataDir, 'db');
  if (!existsSync(dbDir)) throw new BackupError(`There is no embedded database in ${config.dataDir} to back up.`);
  const holder = lockHolder(config.dataDir);
  if (holder && !holder.command.startsWith('server')) {
    throw new BackupError(`The embedded database in ${config.dataDir} is in use by ${holder.command} (pid ${holder.pid}): wait for it to finish, then run the backup again.`);
  }
  if (holder) {
    const { migration } = await requestDumpFromServer(config.dataDir, dumpFile);
    return writeArchive(config, target, 'embedded', dumpFile, migration);
  }
  const release = lockDataFolder(config.dataDir, 'npm run backup');
  try {
    const client = await PGlite.create(dbDir, { startParams: pgliteStartParams, extensions: pgliteExtensions });
    try {
      writeFileSync(dumpFile, await dumpEmbedded(client), { mode: 0o600 });
      const migration = await latestAppliedMigration(wrapPglite(client).db);
      return await writeArchive(config, target, 'embedded', dumpFile, migration);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** The client tools' connection: the URL without its password, which goes in PGPASSWORD (never on a command line others can list). */
function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

const clientToolsHint = "PostgreSQL's client tools are needed, of the same major version as the server or newer (Debian: apt install postgresql-client).";

/** Runs pg_dump, pg_restore or psql (on `databaseUrl`, if given); fails with its own message (and what to install when it is missing or too old). */
function runClientTool(tool: 'pg_dump' | 'pg_restore' | 'psql', args: string[], databaseUrl?: string): Promise<void> {
  const { dbname, env } = databaseUrl ? libpqConnection(databaseUrl) : { dbname: undefined, env: process.env };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, ...(dbname ? [`--dbname=${dbname}`] : [])], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new BackupError(`${tool} was not found. ${clientToolsHint}`) : error));
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const versionMismatch = /version mismatch|unsupported version/i.test(stderr);
      reject(new BackupError(`${tool} failed (exit code ${code}):\n${stderr.trim()}${versionMismatch ? `\n${clientToolsHint}` : ''}`));
    });
  });
}

async function backupPostgres(config: Env, target: string, scratch: string, handle?: DatabaseHandle): Promise<BackupManifest> {
  const databaseUrl = config.databaseUrl!;
  const dumpFile = path.join(scratch, ENTRY.postgresql);
  // The sessions table without its rows: an archive signs no one in (the header of this file).
  await runClientTool('pg_dump', ['--format=custom', '--exclude-table-data=public.sessions', `--file=${dumpFile}`], databaseUrl);
  const database = handle ?? (await openDatabase({ databaseUrl }));
  try {
    return await writeArchive(config, target, 'postgresql', dumpFile, await latestAppliedMigration(database.db));
  } finally {
    if (!handle) await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Backing up

/** Where `npm run backup` writes: the file or folder named, else BACKUP_DIR, else ./backups; a folder gets a new archive named by the time. */
export function backupTarget(config: Env, named: string | undefined, now = new Date()): string {
  const place = named ? path.resolve(named) : (config.backupDir ?? path.resolve('backups'));
  if (named && /\.tar$/.test(named)) {
    ensurePrivateFolder(path.dirname(place));
    return place;
  }
  ensurePrivateFolder(place);
  return path.join(place, backupFileName(now));
}

/**
 * Makes an archive at `target`. `handle` is the database this process holds (the server's backup
 * job); without it (the backup command) PostgreSQL is dumped over its connection, and the embedded
 * database is asked of the server that runs on it, or opened here when none does.
 */
export async function createBackup(config: Env, target: string, handle?: DatabaseHandle): Promise<BackupManifest> {
  if (existsSync(target)) throw new BackupError(`${target} exists already: name another file.`);
  return withScratch(async (scratch) => {
    if (config.databaseUrl) return backupPostgres(config, target, scratch, handle);
    if (handle?.kind === 'pglite') {
      const dumpFile = path.join(scratch, ENTRY.embedded);
      writeFileSync(dumpFile, await dumpEmbedded(handle.client), { mode: 0o600 });
      return writeArchive(config, target, 'embedded', dumpFile, await latestAppliedMigration(handle.db));
    }
    return backupEmbeddedCommand(config, target, scratch);
  });
}

// ---------------------------------------------------------------------------------------------
// Restoring

/** The archive's manifest and entries; a file that is not one of our archives is refused with a message. */
export async function readArchive(archive: string): Promise<{ manifest: BackupManifest; entries: Map<string, TarEntry> }> {
  if (!existsSync(archive)) throw new BackupError(`There is no file ${archive}.`);
  const notOurs = new BackupError(`${archive} is not a backup of this site (made by npm run backup).`);
  let entries: TarEntry[];
  try {
    entries = await listTar(archive);
  } catch {
    throw notOurs;
  }
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const manifestEntry = byName.get(ENTRY.manifest);
  if (!manifestEntry) throw notOurs;
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse((await readTarEntry(archive, manifestEntry)).toString('utf8')) as BackupManifest;
  } catch {
    throw notOurs;
  }
  if (manifest.app !== 'ppa-north-america' || (manifest.database !== 'embedded' && manifest.database !== 'postgresql')) throw notOurs;
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(`This backup is of format ${manifest.format}; this version of the site reads format ${BACKUP_FORMAT}. Restore it with the version that made it (${manifest.appVersion}).`);
  if (!byName.has(ENTRY[manifest.database])) throw new BackupError(`${archive} has no database in it (${ENTRY[manifest.database]} is missing).`);
  return { manifest, entries: byName };
}

export type RestoreOptions = { force: boolean };
export type RestoreOutcome = { replaced: boolean; keptAside?: string; authSecret: 'restored' | 'not in the backup' | 'BETTER_AUTH_SECRET set' };

/**
 * Restores an archive into the configured database. It refuses an archive of the other kind of
 * database, one made by a newer version, the embedded database while a server holds it, and
 * replacing existing data without `force`.
 */
export async function restoreBackup(config: Env, archive: string, options: RestoreOptions): Promise<RestoreOutcome> {
  const { manifest, entries } = await readArchive(archive);
  const kind = databaseKind(config);
  if (manifest.database !== kind) {
    throw new BackupError(
      `This backup is of ${kindName(manifest.database)}, and this site is configured for ${kindName(kind)}. ` +
        (manifest.database === 'embedded' ? 'Unset DATABASE_URL to restore it into DATA_DIR.' : 'Set DATABASE_URL to the PostgreSQL database to restore it into.'),
    );
  }
  const known = migrationJournal().map((entry) => entry.tag);
  if (manifest.migration && !known.includes(manifest.migration)) {
    throw new BackupError(`This backup was made by a newer version of the site (${manifest.appVersion}, migration ${manifest.migration}): upgrade this one first, then restore.`);
  }
  return withScratch(async (scratch) => {
    const databaseFile = path.join(scratch, ENTRY[kind]);
    await extractTarEntry(archive, entries.get(ENTRY[kind])!, databaseFile);
    const outcome = kind === 'embedded' ? await restoreEmbedded(config, databaseFile, options) : await restorePostgres(config, databaseFile, options);
    return { ...outcome, authSecret: await restoreSecret(config, archive, entries.get(ENTRY.authSecret)) };
  });
}

/**
 * Puts the archive's generated secret back into DATA_DIR/auth-secret, so the ticket codes, links
 * and cookies it signed stay valid (the archive holds no sessions: everyone signs in again). With
 * BETTER_AUTH_SECRET set that variable wins, and the outcome says so.
 */
async function restoreSecret(config: Env, archive: string, entry: TarEntry | undefined): Promise<RestoreOutcome['authSecret']> {
  if (!entry) return 'not in the backup';
  const usesGeneratedSecret = Boolean(generatedSecretFile(config));
  ensurePrivateFolder(config.dataDir);
  const secret = (await readTarEntry(archive, entry)).toString('utf8').trim();
  writeFileSync(path.join(config.dataDir, 'auth-secret'), `${secret}\n`, { mode: 0o600 });
  return usesGeneratedSecret ? 'restored' : 'BETTER_AUTH_SECRET set';
}

async function restoreEmbedded(config: Env, databaseFile: string, options: RestoreOptions): Promise<Omit<RestoreOutcome, 'authSecret'>> {
  ensurePrivateFolder(config.dataDir);
  let release: () => void;
  try {
    release = lockDataFolder(config.dataDir, 'npm run restore');
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    const holder = lockHolder(config.dataDir);
    throw new BackupError(
      `The embedded database in ${config.dataDir} is in use by ${holder ? `${holder.command} (pid ${holder.pid})` : 'another process'}. ` +
        'A restore replaces the database under it: stop the server, restore, then start it again.',
    );
  }
  try {
    const dbDir = path.join(config.dataDir, 'db');
    const exists = existsSync(dbDir) && readdirSync(dbDir).length > 0;
    if (exists && !options.force) {
      throw new BackupError(`${config.dataDir} holds a database already, which the restore would replace. Run again with --force to replace it (it is kept aside, not deleted).`);
    }
    let keptAside: string | undefined;
    if (exists) {
      keptAside = path.join(config.dataDir, `db.before-restore-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}Z`);
      renameSync(dbDir, keptAside);
    } else {
      rmSync(dbDir, { recursive: true, force: true });
    }
    try {
      const client = await PGlite.create({ dataDir: dbDir, loadDataDir: new Blob([readFileSync(databaseFile)]), startParams: pgliteStartParams, extensions: pgliteExtensions });
      await client.query('select 1');
      await client.close();
    } catch (error) {
      // The folder it could not fill is removed, and the one it was to replace comes back.
      rmSync(dbDir, { recursive: true, force: true });
      if (keptAside) renameSync(keptAside, dbDir);
      throw error;
    }
    return { replaced: exists, keptAside };
  } finally {
    release();
  }
}

async function restorePostgres(config: Env, databaseFile: string, options: RestoreOptions): Promise<Omit<RestoreOutcome, 'authSecret'>> {
  const databaseUrl = config.databaseUrl!;
  const client = new pg.Client({ connectionString: databaseUrl });
  // A database that does not exist, a wrong password, a server that is down: one line saying which.
  await client.connect().catch((error: unknown) => {
    throw new BackupError(`${describeConnectError(error, databaseUrl)} Nothing was restored.`);
  });
  let replaced: boolean;
  try {
    const tables = await client.query<{ n: string }>(`select count(*) as n from information_schema.tables where table_schema in ('public', 'drizzle')`);
    replaced = Number(tables.rows[0]!.n) > 0;
    const others = await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    const connected = Number(others.rows[0]!.n);
    if (!options.force && (replaced || connected > 0)) {
      throw new BackupError(
        [
          replaced ? 'The database holds data already, which the restore would replace (all of the site’s tables).' : '',
          connected > 0 ? `${connected} other connection(s) are open to it: stop the site's servers first.` : '',
          'Run again with --force to restore anyway.',
        ]
          .filter(Boolean)
          .join(' '),
      );
    }
  } finally {
    await client.end();
  }
  await replaceDatabase(databaseFile, databaseUrl, replaced);
  return { replaced };
}

/**
 * Makes the database exactly the archive's, in one transaction: pg_restore writes the archive's SQL
 * script, then psql runs it with --single-transaction, after dropping the site's schemas when the
 * database holds the site already. A backup older than the database (deploy/rollback.sh) thus
 * leaves none of a newer release's tables behind, and that release's migrations apply again at
 * its next start; any error undoes it all. Dropping the schemas needs the site's user to own the
 * database (createdb -O).
 */
async function replaceDatabase(databaseFile: string, databaseUrl: string, replacing: boolean): Promise<void> {
  const script = path.join(path.dirname(databaseFile), 'restore.sql');
  await runClientTool('pg_restore', ['--no-owner', '--no-acl', `--file=${script}`, databaseFile]);
  const dropSiteSchemas = 'drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;';
  try {
    await runClientTool('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', ...(replacing ? [`--command=${dropSiteSchemas}`] : []), `--file=${script}`], databaseUrl);
  } catch (error) {
    if (error instanceof BackupError && /must be owner of schema/.test(error.message)) {
      throw new BackupError(`${error.message}\nNothing was changed. The site's PostgreSQL user must own the database to replace it: ALTER DATABASE … OWNER TO that user.`);
    }
    throw error;
  }
}
