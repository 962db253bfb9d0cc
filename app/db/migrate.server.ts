import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database, DatabaseHandle } from './client.server';

export const migrationsFolder = path.resolve(process.cwd(), 'drizzle');

type JournalEntry = { tag: string; when: number };

/** The committed migrations, oldest first: drizzle/meta/_journal.json. */
export function migrationJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** A raw query's rows: PGlite and node-postgres both answer `{ rows }`. */
async function rowsOf<Row>(database: Database, query: SQL): Promise<Row[]> {
  return ((await database.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * What the database has applied: drizzle's `__drizzle_migrations` rows carry each migration's
 * journal time (`created_at`), which names its tag. Empty for a new database.
 */
export async function appliedMigrations(database: Database): Promise<string[]> {
  const table = await rowsOf<{ name: string | null }>(database, sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`);
  if (!table[0]?.name) return [];
  const rows = await rowsOf<{ created_at: string | number }>(database, sql`select created_at from drizzle.__drizzle_migrations order by created_at`);
  const tags = new Map(migrationJournal().map((entry) => [String(entry.when), entry.tag]));
  return rows.map((row) => tags.get(String(row.created_at)) ?? `unknown migration of ${new Date(Number(row.created_at)).toISOString()}`);
}

/** The newest migration the database has applied (a backup's manifest names it), or null for a new database. */
export async function latestAppliedMigration(database: Database): Promise<string | null> {
  return (await appliedMigrations(database)).at(-1) ?? null;
}

/**
 * Applies the committed migrations in drizzle/ that this database has not seen yet, and returns
 * their tags, oldest first (the start logs each: docs/architecture/data.md#schema-and-migrations).
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<string[]> {
  const before = new Set(await appliedMigrations(handle.db));
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePostgres(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  }
  return (await appliedMigrations(handle.db)).filter((tag) => !before.has(tag));
}
