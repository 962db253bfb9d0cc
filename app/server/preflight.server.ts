import { accessSync, constants, existsSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { pgliteExtensions, pgliteStartParams } from '~/db/client.server';
import { DataFolderInUseError, lockDataFolder, lockHolder } from '~/db/lock.server';
import { migrationsFolder } from '~/db/migrate.server';
import {
  backupsCheck,
  classifyStripeError,
  configurationCheck,
  databaseCheck,
  dataDirCheck,
  mailCheck,
  mailSenderCheck,
  migrationsCheck,
  paymentsCheck,
  proxyCheck,
  publicUrlCheck,
  secretCheck,
  webhookCheck,
  type BackupFacts,
  type Check,
  type DatabaseFacts,
  type DataDirFacts,
  type JournalEntry,
  type SecretSource,
  type SmtpOutcome,
  type StripeApiOutcome,
} from '~/features/operations/preflight';
import { stripeKeyMode } from '~/features/operations/stripe-mode';
import { stripeClient } from '~/features/payments/stripe-provider.server';
import { BACKUP_STALE_MS, backupsIn } from '~/lib/backups.server';
import { EnvError, parseEnv, secretFile, type Env } from '~/lib/env.server';

/**
 * `npm run doctor` (scripts/doctor.ts; docs/deploy.md#check-the-setup): gathers the facts about this
 * server — its configuration, database, migrations, mail server, Stripe key, data folder — and
 * hands them to the checks of features/operations/preflight.ts. It changes nothing: it reads the
 * database without migrating it, and creates no file but a probe it removes at once.
 */
export async function runPreflight(source: Record<string, string | undefined>): Promise<Check[]> {
  let config: Env;
  try {
    config = parseEnv(source, { createSecret: false });
  } catch (error) {
    if (error instanceof EnvError) return [configurationCheck({ error: error.message.replace(/^Invalid configuration:\n/, '') })];
    throw error;
  }
  const view = { ...config, publicUrlSet: Boolean(source.PUBLIC_URL?.trim()) };
  const journal = readJournal();
  const [database, smtp, stripe] = await Promise.all([databaseFacts(config), smtpOutcome(config), stripeOutcome(config)]);

  return [
    configurationCheck(view),
    publicUrlCheck(view),
    proxyCheck(view),
    secretCheck(secretSource(source, config), config),
    dataDirCheck(dataDirFacts(config.dataDir)),
    backupsCheck(backupFacts(config), view, { now: new Date(), staleAfterMs: BACKUP_STALE_MS }, database.lastApplied === null),
    databaseCheck(database.facts, config),
    migrationsCheck(
      journal,
      database.facts.kind === 'embedded' && database.facts.state === 'held' ? { heldByServer: true, ready: database.facts.ready.status === 200 } : { lastApplied: database.lastApplied },
    ),
    mailCheck(config, smtp),
    mailSenderCheck(view),
    paymentsCheck(config, stripe),
    webhookCheck(config),
  ].filter((check): check is Check => check !== null);
}

function readJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when })).sort((a, b) => a.when - b.when);
}

function secretSource(source: Record<string, string | undefined>, config: Env): SecretSource {
  if (source.BETTER_AUTH_SECRET) return 'environment';
  if (!existsSync(secretFile(config.dataDir))) return 'missing';
  return config.authSecret ? 'file' : 'unreadable';
}

/** The nearest folder on the way to `folder` that exists (DATA_DIR before the first start). */
function existingAncestor(folder: string): string {
  let current = path.resolve(folder);
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

/** Whether `dataDir` (or any folder the site writes: BACKUP_DIR) can be written, or created, by this user, and its free space. */
export function dataDirFacts(dataDir: string): DataDirFacts {
  const exists = existsSync(dataDir);
  const facts: DataDirFacts = { path: dataDir, exists, writable: false };
  try {
    if (exists) {
      const probe = path.join(dataDir, `.doctor-${process.pid}`);
      writeFileSync(probe, '', { mode: 0o600 });
      rmSync(probe);
    } else {
      const ancestor = existingAncestor(dataDir);
      if (!statSync(ancestor).isDirectory()) throw Object.assign(new Error(`${ancestor} is not a folder`), { code: `ENOTDIR (${ancestor} is a file)` });
      accessSync(ancestor, constants.W_OK);
    }
    facts.writable = true;
  } catch (error) {
    facts.error = (error as NodeJS.ErrnoException).code ?? String(error);
  }
  try {
    const stats = statfsSync(existingAncestor(dataDir));
    facts.freeBytes = stats.bavail * stats.bsize;
  } catch {
    // the writable check has said what is wrong
  }
  return facts;
}

/** BACKUP_DIR: whether the site's user can write there (or create it), and its archives (lib/backups.server.ts). */
export function backupFacts(config: Pick<Env, 'backupDir' | 'backupAfter'>): BackupFacts {
  const copiedOff = Boolean(config.backupAfter);
  if (!config.backupDir) return { path: undefined, exists: false, writable: false, lastAt: null, count: 0, copiedOff };
  const folder = dataDirFacts(config.backupDir);
  const archives = backupsIn(config.backupDir);
  return { path: config.backupDir, exists: folder.exists, writable: folder.writable, error: folder.error, lastAt: archives[0]?.at ?? null, count: archives.length, copiedOff };
}

// Two queries: PostgreSQL resolves every table a statement names before it runs it, so a database
// that was never migrated has no table to ask in the same statement that checks for it.
const migrationsTableQuery = `select to_regclass('drizzle.__drizzle_migrations') is not null as present`;
const lastAppliedQuery = `select max(created_at)::text as last from drizzle.__drizzle_migrations`;

/** The journal timestamp of the last migration applied, or null when none was (or the table does not exist). */
async function lastApplied(query: <T>(text: string) => Promise<T[]>): Promise<number | null> {
  const [table] = await query<{ present: boolean }>(migrationsTableQuery);
  if (!table?.present) return null;
  const [row] = await query<{ last: string | null }>(lastAppliedQuery);
  return lastAppliedOf(row?.last);
}

const lastAppliedOf = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

async function databaseFacts(config: Env): Promise<{ facts: DatabaseFacts; lastApplied?: number | null }> {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 10_000, application_name: 'npm run doctor' });
    try {
      await client.connect();
      return { facts: { kind: 'postgres' }, lastApplied: await lastApplied(async <T>(text: string) => (await client.query(text)).rows as T[]) };
    } catch (error) {
      return { facts: { kind: 'postgres', error: (error as Error).message || String(error) } };
    } finally {
      await client.end().catch(() => {});
    }
  }
  if (!existsSync(path.join(config.dataDir, 'db'))) return { facts: { kind: 'embedded', state: 'missing' }, lastApplied: null };
  const holder = lockHolder(config.dataDir);
  if (holder) return { facts: { kind: 'embedded', state: 'held', holder, ready: await readiness(config) } };
  let release: () => void;
  try {
    release = lockDataFolder(config.dataDir, 'npm run doctor');
  } catch (error) {
    const taken = error instanceof DataFolderInUseError ? lockHolder(config.dataDir) : null;
    if (taken) return { facts: { kind: 'embedded', state: 'held', holder: taken, ready: await readiness(config) } };
    return { facts: { kind: 'embedded', state: 'failed', error: (error as Error).message } };
  }
  try {
    const client = await PGlite.create(path.join(config.dataDir, 'db'), { startParams: pgliteStartParams, extensions: pgliteExtensions });
    try {
      return { facts: { kind: 'embedded', state: 'opened' }, lastApplied: await lastApplied(async <T>(text: string) => (await client.query<T>(text)).rows) };
    } finally {
      await client.close();
    }
  } catch (error) {
    return { facts: { kind: 'embedded', state: 'failed', error: (error as Error).message || String(error) } };
  } finally {
    release();
  }
}

/** The running server's readiness (database answers, DATA_DIR writable), asked on this machine. */
async function readiness(config: Env): Promise<{ url: string; status?: number; error?: string }> {
  const url = `http://127.0.0.1:${config.port}/readyz`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return { url, status: response.status };
  } catch (error) {
    return { url, error: (error as Error).cause ? String((error as Error).cause) : (error as Error).message };
  }
}

async function smtpOutcome(config: Env): Promise<SmtpOutcome | undefined> {
  if (!config.smtpUrl) return undefined;
  const transport = nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 });
  try {
    await transport.verify();
    return { ok: true };
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return { ok: false, code, message: message ?? String(error) };
  } finally {
    transport.close();
  }
}

/** One cheap authenticated call (the account's balance) proves the key works. */
async function stripeOutcome(config: Env): Promise<StripeApiOutcome | undefined> {
  if (!config.stripeSecretKey || stripeKeyMode(config.stripeSecretKey) === 'not-a-secret-key') return undefined;
  try {
    await (await stripeClient(config)).balance.retrieve();
    return { ok: true };
  } catch (error) {
    return classifyStripeError(error);
  }
}
