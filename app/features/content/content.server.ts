import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { uploadsDir } from '~/db/boot.server';
import { db } from '~/db/client.server';
import { committeeMembers, committeeTerms, documents, news, siteSettings } from '~/db/schema/content';
import { writeAudit } from '~/lib/audit.server';
import { env } from '~/lib/env.server';
import { assertCan, type Actor } from '~/lib/roles';
import type { SiteSettingsInput } from './content.schema';

export type SiteSettings = typeof siteSettings.$inferSelect;
export type NewsItem = typeof news.$inferSelect;
export type CommitteeMember = typeof committeeMembers.$inferSelect;
export type CommitteeTerm = typeof committeeTerms.$inferSelect & { members: CommitteeMember[] };
export type Document = typeof documents.$inferSelect;

// A deployment fault, not a visitor's: boot seeds the settings row before the site serves.
const settingsMissing = () => new Error('Site settings are missing: the database was not seeded.');

export async function getSiteSettings(): Promise<SiteSettings> {
  const [row] = await db().select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  if (!row) throw settingsMissing();
  return row;
}

/** Newest first; the featured story is surfaced separately by the page. */
export async function listNews(): Promise<NewsItem[]> {
  return db().select().from(news).orderBy(desc(news.publishedAt), desc(news.id));
}

export async function getNewsItem(id: number): Promise<NewsItem | undefined> {
  const [row] = await db().select().from(news).where(eq(news.id, id)).limit(1);
  return row;
}

/** Up to `limit` other stories, newest first, to read next. */
export async function listMoreNews(excludeId: number, limit = 3): Promise<NewsItem[]> {
  const rows = await db().select().from(news).orderBy(desc(news.publishedAt), desc(news.id)).limit(limit + 1);
  return rows.filter((row) => row.id !== excludeId).slice(0, limit);
}

async function membersOf(termIds: number[]): Promise<Map<number, CommitteeMember[]>> {
  const byTerm = new Map<number, CommitteeMember[]>(termIds.map((id) => [id, []]));
  if (termIds.length === 0) return byTerm;
  const rows = await db()
    .select()
    .from(committeeMembers)
    .where(inArray(committeeMembers.termId, termIds))
    .orderBy(asc(committeeMembers.sortOrder), asc(committeeMembers.id));
  for (const row of rows) byTerm.get(row.termId)?.push(row);
  return byTerm;
}

/** The current committee (the latest term) and, when asked, the earlier ones, newest first. */
export async function getCommittees(options: { includePast: boolean }): Promise<{
  current: CommitteeTerm | null;
  past: CommitteeTerm[];
  pastCount: number;
}> {
  const terms = await db().select().from(committeeTerms).orderBy(desc(committeeTerms.startYear));
  const [latest, ...earlier] = terms;
  if (!latest) return { current: null, past: [], pastCount: 0 };
  const wanted = options.includePast ? terms : [latest];
  const members = await membersOf(wanted.map((term) => term.id));
  const withMembers = (term: typeof latest): CommitteeTerm => ({ ...term, members: members.get(term.id) ?? [] });
  return {
    current: withMembers(latest),
    past: options.includePast ? earlier.map(withMembers) : [],
    pastCount: earlier.length,
  };
}

export async function getDocument(id: number): Promise<Document | undefined> {
  const [row] = await db().select().from(documents).where(eq(documents.id, id)).limit(1);
  return row;
}

/** The newest public constitution, which the About page offers for download. */
export async function findConstitution(): Promise<Document | undefined> {
  const [row] = await db()
    .select()
    .from(documents)
    .where(and(eq(documents.type, 'constitution'), eq(documents.visibility, 'public')))
    .orderBy(desc(documents.uploadDate), desc(documents.id))
    .limit(1);
  return row;
}


/**
 * Who may download a document: public ones, anyone; members-only ones, whoever reads members'
 * documents (active members and staff: membership's `readsMembersDocuments`, asked by the route).
 */
export function canDownloadDocument(document: Document, viewer: { isMember: boolean }): boolean {
  return document.visibility === 'public' || viewer.isMember;
}

/** The stored file of a document, or undefined when it is missing from the uploads folder. */
export async function readDocumentFile(document: Document): Promise<Buffer | undefined> {
  const root = uploadsDir(env());
  const file = path.resolve(root, document.filePath);
  // The path comes from the database; never let it point outside the uploads folder.
  if (!file.startsWith(root + path.sep)) return undefined;
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/** Documents for the members' portal, newest first: members-only ones for those who may read them. */
export async function listDocuments(viewer: { readsMembersDocuments: boolean }): Promise<Document[]> {
  return db()
    .select()
    .from(documents)
    .where(viewer.readsMembersDocuments ? undefined : eq(documents.visibility, 'public'))
    .orderBy(desc(documents.uploadDate), desc(documents.id));
}

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
        updatedAt: sql`now()`,
      })
      .where(eq(siteSettings.id, 1))
      .returning();
    const previous = settingsFormValues(before);
    const comparable = (value: string | null | undefined) => (value === '#' || value === null || value === undefined ? '' : value);
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
