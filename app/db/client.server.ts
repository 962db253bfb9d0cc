import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { OwnerOnlyNodeFS } from './owner-only-fs.server';
import * as audit from './schema/audit';
import * as auth from './schema/auth';
import * as content from './schema/content';
import * as donations from './schema/donations';
import * as jobs from './schema/jobs';
import * as mailings from './schema/mailings';
import * as outbox from './schema/outbox';
import * as media from './schema/media';
import * as membership from './schema/membership';
import * as payments from './schema/payments';
import * as tickets from './schema/tickets';
import { log } from '~/lib/log.server';

export const schema = { ...content, ...media, ...auth, ...membership, ...payments, ...donations, ...audit, ...tickets, ...jobs, ...mailings, ...outbox };

/** PGlite and node-postgres share one Drizzle surface; code is written against this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = { kind: 'pglite'; db: Database; client: PGlite; close: () => Promise<void> } | { kind: 'postgres'; db: Database; client: pg.Pool; close: () => Promise<void> };

export type DatabaseLocation =
  | { databaseUrl: string }
  /** A folder for an on-disk PGlite, or undefined for an in-memory one (tests). */
  | { pgliteDir: string | undefined };

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if ('databaseUrl' in location) {
    // A connection attempt gives up after 10 s (a host that does not answer), so a page waits no
    // longer than that during an outage; the pool opens new connections once the server is back
    // (docs/architecture/server.md#outages).
    const pool = new pg.Pool({ connectionString: location.databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
    // A pooled client that loses its server emits 'error'; without a listener that kills the process.
    pool.on('error', (error) => log.error({ err: error }, 'PostgreSQL pool error'));
    try {
      await pool.query('select 1');
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    return { kind: 'postgres', db, client: pool, close: () => pool.end() };
  }
  if (location.pgliteDir) mkdirSync(path.dirname(location.pgliteDir), { recursive: true });
  // On disk, every file it makes is the owner's only (owner-only-fs.server.ts).
  const client = await PGlite.create({ ...(location.pgliteDir ? { fs: new OwnerOnlyNodeFS(location.pgliteDir) } : {}), startParams: pgliteStartParams, extensions: pgliteExtensions });
  return wrapPglite(client);
}

/**
 * PostgreSQL's default shared_buffers (128 MB) is most of an embedded database's memory, and the
 * association's data is a few megabytes: 16 MB keeps it all cached and saves ~110 MB of the
 * server's RSS (docs/architecture/server.md#memory). PGlite's own defaults are kept.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * The extensions the migrations create (pg_trgm for the admin tables' search,
 * docs/architecture/data.md#admin-search): PGlite must load them at every opening of a database,
 * wherever it is opened (the app, backups, preflight, tests).
 */
export const pgliteExtensions = { pg_trgm };

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return { kind: 'pglite', db, client, close: () => client.close() };
}

// One handle per process (kept across dev reloads:
// PGlite must never be opened twice on one folder).
const holder = globalThis as typeof globalThis & { __ppaDatabase?: DatabaseHandle };

export function installDatabase(handle: DatabaseHandle | undefined): void {
  if (handle) guardTransactions(handle.db);
  holder.__ppaDatabase = handle;
}

export function currentDatabaseHandle(): DatabaseHandle | undefined {
  return holder.__ppaDatabase;
}

/** The application's database. Opened at boot by server.js (or by a test's setup). */
export function db(): Database {
  const handle = holder.__ppaDatabase;
  if (!handle) throw new Error('The database is not open yet: server.js opens it at start.');
  if (transactionScope.getStore()?.open) throw nestedDatabaseUse();
  return handle.db;
}

/** A database or an open transaction: functions that take part in a caller's transaction accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

// ---------------------------------------------------------------------------------------------
// No database inside a transaction but the transaction (docs/decisions/020-no-database-inside-a-transaction.md)

/**
 * The transaction of `db().transaction(…)` the current async context runs in, if any. `open` turns
 * false when its callback ends, so work it left behind (a timer, a promise nobody awaited) may use
 * the database once the transaction is over.
 */
type TransactionScope = { open: boolean };
const transactionScope = new AsyncLocalStorage<TransactionScope>();
const outside: TransactionScope = { open: false };
const guarded = new WeakSet<Database>();

/** The error of a statement sent to the database while the caller's own transaction is open. */
export class NestedDatabaseUseError extends Error {
  override name = 'NestedDatabaseUseError';
}

function nestedDatabaseUse(): NestedDatabaseUseError {
  const error = new NestedDatabaseUseError(
    'db() was called inside a db().transaction(…) of the same request or job: pass the transaction (`tx`, an Executor) to the code that needs the database. ' +
      'On the embedded database this statement would wait for the transaction, which waits for it: every page would hang until a restart. ' +
      'On PostgreSQL it would run on a second connection, outside the transaction.',
  );
  // Loud even where a caller catches it (a mail that cannot be composed is logged and passed over):
  // in tests an error line fails the test.
  log.error({ err: error }, 'The database was used inside an open transaction');
  return error;
}

/**
 * Marks every `transaction` of the application's database, so `db()` knows when it is called from
 * inside one (node:async_hooks follows the callback through every await, timer and promise it starts).
 * Savepoints (`tx.transaction`) are the transaction's own and need nothing.
 */
function guardTransactions(database: Database): void {
  if (guarded.has(database)) return;
  guarded.add(database);
  const transaction = database.transaction.bind(database);
  database.transaction = ((run, config) =>
    transaction((tx) => {
      const scope: TransactionScope = { open: true };
      const opened = { at: performance.now() };
      openTransactions.add(opened);
      return transactionScope.run(scope, async () => {
        try {
          return await run(tx);
        } finally {
          scope.open = false;
          openTransactions.delete(opened);
        }
      });
    }, config)) as Database['transaction'];
}

/** When each open transaction of the application's database began (performance.now()). */
const openTransactions = new Set<{ at: number }>();

/**
 * How long the embedded database has been held by one transaction (ms; 0 when none is open, and
 * always on PostgreSQL, whose other connections go on): every other statement waits that long
 * for its one connection. The page cache then answers with copies past their age rather than
 * render pages that would wait (a member import, docs/architecture/page-cache.md#while-the-database-is-held).
 */
export function embeddedDatabaseHeldMs(now = performance.now()): number {
  if (holder.__ppaDatabase?.kind !== 'pglite') return 0;
  let oldest = now;
  for (const opened of openTransactions) oldest = Math.min(oldest, opened.at);
  return now - oldest;
}

/**
 * Runs `work` as if no transaction were open: for background work a transaction may start (the
 * mail sender woken by a mail queued in it, the mailing job), which runs on its own and may wait
 * for the transaction to end, never inside it.
 */
export function outsideTransaction<T>(work: () => T): T {
  return transactionScope.run(outside, work);
}
