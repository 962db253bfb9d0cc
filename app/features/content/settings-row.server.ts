import { eq } from 'drizzle-orm';
import { db, type Database } from '~/db/client.server';
import { siteSettings } from '~/db/schema/content';
import { heldWhileContentUnchanged } from '~/lib/request-reads.server';
import type { PublicSiteSettings } from '~/lib/site-settings';

/**
 * Reading the site settings, and nothing else (settings.server.ts changes them): a small read-only
 * file that the accounts and membership features may import (eslint.config.js, featureFiles).
 */
export type SiteSettings = typeof siteSettings.$inferSelect;

// A deployment fault, not a visitor's: boot seeds the settings row before the site serves.
export const settingsMissing = () => new Error('Site settings are missing: the database was not seeded.');

/**
 * The settings row, held in memory while the content version stays where it was
 * (docs/architecture/page-cache.md#content-in-memory): every change to `site_settings` moves the version
 * (its `bump_content_version` trigger). Every caller (the root's public settings, prices, grace
 * days, the two-step requirement) reads this one row. Frozen: callers share it.
 */
export const findSiteSettings: () => Promise<SiteSettings | undefined> = (() => {
  const held = heldWhileContentUnchanged(() => readSettingsRow(db()));
  return () => held('row');
})();

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
  themeColor: true,
} as const satisfies Record<keyof PublicSiteSettings, true>;

/** What every page shows of the association (the root loader's settings): never the committee's own fields. */
export async function getPublicSiteSettings(): Promise<PublicSiteSettings> {
  const row = await getSiteSettings();
  return Object.fromEntries(Object.keys(publicColumns).map((key) => [key, row[key as keyof PublicSiteSettings]])) as PublicSiteSettings;
}
