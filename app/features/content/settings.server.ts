import { eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { siteSettings } from '~/db/schema/content';
import { writeAudit } from '~/lib/audit.server';
import { AppError } from '~/lib/errors';
import { messages } from '~/lib/messages';
import { assertCan, type Actor } from '~/lib/roles';
import type { SiteSettingsInput } from './settings.schema';
import { settingsMissing, type SiteSettings } from './settings-row.server';

export { findSiteSettings, getPublicSiteSettings, getSiteSettings, type SiteSettings } from './settings-row.server';

/** The settings form's flat fields from the stored row. */
export function settingsFormValues(settings: SiteSettings) {
  // '#' marks a placeholder link; the form shows it as empty, as its hint says.
  const url = (links: { label: string; url: string }[], label: string) => {
    const found = links.find((entry) => entry.label === label)?.url ?? '#';
    return found === '#' ? '' : found;
  };
  const social = (label: string) => url(settings.socialLinks, label);
  const branch = (label: string) => url(settings.branchLinks, label);
  return {
    associationName: settings.associationName,
    shortName: settings.shortName,
    chapterName: settings.chapterName,
    contactAddress: settings.contactAddress,
    contactPhone: settings.contactPhone,
    contactEmail: settings.contactEmail,
    facebookUrl: social('Facebook'),
    instagramUrl: social('Instagram'),
    youtubeUrl: social('YouTube'),
    sriLankaBranchUrl: branch('Sri Lanka'),
    ukBranchUrl: branch('United Kingdom'),
    socialFeedUrl: settings.socialFeedUrl ?? '',
    themeColor: settings.themeColor,
    membershipGraceDays: String(settings.membershipGraceDays),
    committeeEmails: settings.committeeEmails,
    committeeDigest: settings.committeeDigest ? 'on' : undefined,
  };
}

/** An admin edits the association's identity (docs/product.md#admin-dashboard); audited with the fields that changed. */
export async function updateSiteSettings(actor: Actor, input: SiteSettingsInput): Promise<SiteSettings> {
  assertCan(actor, 'editSettings');
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1).for('update');
    if (!before) throw settingsMissing();
    const [after] = await tx
      .update(siteSettings)
      .set({
        associationName: input.associationName,
        shortName: input.shortName,
        chapterName: input.chapterName,
        contactAddress: input.contactAddress,
        contactPhone: input.contactPhone,
        contactEmail: input.contactEmail,
        socialLinks: [
          { label: 'Facebook', url: input.facebookUrl },
          { label: 'Instagram', url: input.instagramUrl },
          { label: 'YouTube', url: input.youtubeUrl },
        ],
        branchLinks: [
          { label: 'Sri Lanka', url: input.sriLankaBranchUrl },
          { label: 'United Kingdom', url: input.ukBranchUrl },
        ],
        socialFeedUrl: input.socialFeedUrl,
        themeColor: input.themeColor,
        membershipGraceDays: input.membershipGraceDays,
        committeeEmails: input.committeeEmails,
        committeeDigest: input.committeeDigest,
        updatedAt: sql`now()`,
      })
      .where(eq(siteSettings.id, 1))
      .returning();
    const previous = settingsFormValues(before);
    // The form's text ('on', '30', '' for '#') and the parsed values (true, 30) compare alike.
    const comparable = (value: string | number | boolean | null | undefined) =>
      value === true || value === 'on' ? 'true' : value === '#' || value === null || value === undefined || value === false ? '' : String(value);
    const changed = (Object.keys(input) as (keyof SiteSettingsInput)[]).filter((key) => comparable(previous[key]) !== comparable(input[key]));
    await writeAudit(tx, {
      actor,
      action: 'settings.update',
      entityType: 'site_settings',
      entityId: '1',
      from: JSON.stringify(Object.fromEntries(changed.map((key) => [key, previous[key]]))),
      to: JSON.stringify(Object.fromEntries(changed.map((key) => [key, input[key]]))),
    });
    return after!;
  });
}

/**
 * A super admin requires two-step sign-in of admins, super admins and finance, or stops requiring it
 * (docs/product.md#security); audited. Only one who uses it themselves may require it, so the
 * requirement never sends the one turning it on out of the admin area.
 */
export async function setStaffTwoFactorRequirement(actor: Actor & { twoFactorEnabled?: boolean | null }, required: boolean): Promise<void> {
  assertCan(actor, 'manageRoles');
  if (required && !actor.twoFactorEnabled) throw new AppError('conflict', messages.ownTwoFactorFirst);
  await db().transaction(async (tx) => {
    const [before] = await tx.select({ required: siteSettings.staffTwoFactorRequired }).from(siteSettings).where(eq(siteSettings.id, 1)).limit(1).for('update');
    if (!before) throw settingsMissing();
    if (before.required === required) return;
    await tx
      .update(siteSettings)
      .set({ staffTwoFactorRequired: required, updatedAt: sql`now()` })
      .where(eq(siteSettings.id, 1));
    await writeAudit(tx, {
      actor,
      action: 'settings.update',
      entityType: 'site_settings',
      entityId: '1',
      from: JSON.stringify({ staffTwoFactorRequired: before.required }),
      to: JSON.stringify({ staffTwoFactorRequired: required }),
    });
  });
}
