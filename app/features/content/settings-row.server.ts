import { eq } from 'drizzle-orm';
import { db, type Database } from '~/db/client.server';
import { siteSettings } from '~/db/schema/content';
import { currentContentVersion } from '~/lib/page-cache.server';
import type { PublicSiteSettings } from '~/lib/site-settings';

/**
 * Reading the site settings, and nothing else (settings.server.ts changes them): a small read-only
 * file that the accounts and membership features may import (eslint.config.js, featureFiles).
 */
export type SiteSettings = typeof siteSettings.$inferSelect;

// A deployment fault, not a visitor's: boot seeds the settings row before the site serves.
export const settingsMissing = () => new Error('Site settings are missing: the database was not seeded.');

/** The row as last read, and the content version it was read at, per database (each test file has its own). */
const held = new WeakMap<Database, { version: string; row: Promise<SiteSettings | undefined> }>();

/**
 * The settings row, held in memory while the content version stays where it was
 * (docs/architecture.md#settings-in-memory): every change to `site_settings` moves the version
 * (its `bump_content_version` trigger), which on the embedded database costs no query to know
 * and on PostgreSQL one read of the sequence shared by the requests that arrive together. Every
 * caller (the root's public settings, prices, grace days, the two-step requirement) reads this one
 * row. Frozen: callers share it.
 */
export async function findSiteSettings(): Promise<SiteSettings | undefined> {
  const database = db();
  const version = await currentContentVersion();
  const last = held.get(database);
  if (last?.version === version) return last.row;
  const row = readSettingsRow(database);
  held.set(database, { version, row });
  // A failed read (the database restarting) is not kept: the next caller tries again.
  row.catch(() => {
    if (held.get(database)?.row === row) held.delete(database);
  });
  return row;
}

/** Reads the row afresh on next use (a test that notes which tables a page reads). */
export function forgetSiteSettings(): void {
  held.delete(db());
}

async function readSettingsRow(database: Database): Promise<SiteSettings | undefined> {
  const [row] = await database.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  return row && Object.freeze(row);
}

/** The settings row (`findSiteSettings`); a missing row is a deployment fault. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const row = await findSiteSettings();
  if (!row) throw settingsMissing();
  return row;
}

/** The columns every visitor may see (lib/site-settings.ts), and no other. */
const publicColumns = {
  associationName: true,
  shortName: true,
  chapterName: true,
  contactAddress: true,
  contactPhone: true,
  contactEmail: true,
  socialLinks: true,
  branchLinks: true,
  socialFeedUrl: true,
} as const satisfies Record<keyof PublicSiteSettings, true>;

/** What every page shows of the association (the root loader's settings): never the committee's own fields. */
export async function getPublicSiteSettings(): Promise<PublicSiteSettings> {
  const row = await getSiteSettings();
  return Object.fromEntries(Object.keys(publicColumns).map((key) => [key, row[key as keyof PublicSiteSettings]])) as PublicSiteSettings;
}

