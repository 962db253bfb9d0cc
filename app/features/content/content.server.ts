import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { uploadsDir } from '~/db/boot.server';
import { db } from '~/db/client.server';
import { env } from '~/lib/env.server';
import { committeeMembers, committeeTerms, documents, news, siteSettings } from '~/db/schema/content';

export type SiteSettings = typeof siteSettings.$inferSelect;
export type NewsItem = typeof news.$inferSelect;
export type CommitteeMember = typeof committeeMembers.$inferSelect;
export type CommitteeTerm = typeof committeeTerms.$inferSelect & { members: CommitteeMember[] };
export type Document = typeof documents.$inferSelect;

export class SiteSettingsMissingError extends Error {
  override name = 'SiteSettingsMissingError';
  constructor() {
    super('Site settings are missing: the database was not seeded.');
  }
}

export async function getSiteSettings(): Promise<SiteSettings> {
  const [row] = await db().select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  if (!row) throw new SiteSettingsMissingError();
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
 * Who may download a document: public ones, anyone; members-only ones, signed-in members.
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

/** Documents for the members' portal: every document, members-only ones included, newest first. */
export async function listMemberDocuments(): Promise<Document[]> {
  return db().select().from(documents).orderBy(desc(documents.uploadDate), desc(documents.id));
}
