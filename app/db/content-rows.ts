import type { Executor } from './client.server';
import { committeeMembers, committeeTerms, documents, events, type siteSettings, ticketTiers } from './schema/content';
import type { MediaKind } from './schema/enums';
import { media, mediaFiles } from './schema/media';

/**
 * Content rows written straight to their tables with their parts (an event's tiers, a term's
 * members, a document's stored file): the first start's sample content (seed.ts) and the tests'
 * factories (tests/factories/, which add a default for each field a test leaves out) write them
 * alike. Here, not in tests/, because the seed runs in production: `npm run migrate` and
 * `npm run user` load it in a folder without the tests (the container image). The site's own
 * writes go through its features.
 */

type NewEvent = typeof events.$inferInsert;
type NewTier = Omit<typeof ticketTiers.$inferInsert, 'eventId'>;
type NewMember = Omit<typeof committeeMembers.$inferInsert, 'termId'>;

/** The identity a new site starts with: placeholders the committee replaces in Settings (docs/product.md). */
export const sampleSiteSettings: typeof siteSettings.$inferInsert = {
  id: 1,
  associationName: "Lakeview Methodist College Past Pupils' Association",
  shortName: 'LMC PPA',
  chapterName: 'North America',
  contactAddress: '100 King Street West, Suite 5600\nToronto, ON M5X 1C9, Canada',
  contactPhone: '+1 (416) 555-0142',
  contactEmail: 'hello@ppa-northamerica.example.org',
  socialLinks: [
    { label: 'Facebook', url: 'https://www.facebook.com/ppa.northamerica' },
    { label: 'Instagram', url: '#' },
    { label: 'YouTube', url: '#' },
  ],
  branchLinks: [
    { label: 'Sri Lanka', url: 'https://ppa-srilanka.example.org' },
    { label: 'United Kingdom', url: 'https://ppa-uk.example.org' },
  ],
  socialFeedUrl: 'https://www.facebook.com/ppa.northamerica',
};

/** An event and its tiers, in the order given. */
export async function insertEvent(database: Executor, event: NewEvent, tiers: NewTier[] = []) {
  const [created] = await database.insert(events).values(event).returning();
  const createdTiers = tiers.length
    ? await database
        .insert(ticketTiers)
        .values(tiers.map((tier, index) => ({ sortOrder: index, ...tier, eventId: created!.id })))
        .returning()
    : [];
  return { ...created!, tiers: createdTiers };
}

/** A committee term and its members, in the order given. */
export async function insertCommitteeTerm(database: Executor, term: { year: string; startYear: number; isCurrent?: boolean }, members: NewMember[] = []) {
  const [created] = await database.insert(committeeTerms).values(term).returning();
  const createdMembers = members.length
    ? await database
        .insert(committeeMembers)
        .values(members.map((member, index) => ({ sortOrder: index, ...member, termId: created!.id })))
        .returning()
    : [];
  return { ...created!, members: createdMembers };
}

/** A stored file (media): the row and its bytes, as the database storage keeps them (features/media/storage.server.ts). */
export async function insertStoredFile(database: Executor, file: { kind: MediaKind; fileName: string; mimeType: string; bytes: Buffer; width?: number; height?: number }) {
  const [row] = await database
    .insert(media)
    .values({ kind: file.kind, fileName: file.fileName, mimeType: file.mimeType, sizeBytes: file.bytes.length, width: file.width ?? null, height: file.height ?? null })
    .returning();
  await database.insert(mediaFiles).values({
    mediaId: row!.id,
    variant: 'original',
    mimeType: file.mimeType,
    width: file.width ?? null,
    height: file.height ?? null,
    sizeBytes: file.bytes.length,
    bytes: file.bytes,
  });
  return row!;
}

/** A document with its PDF stored as media (unless `document.mediaId` names one already). */
export async function insertDocument(database: Executor, document: typeof documents.$inferInsert, pdf: Buffer | null) {
  const file = pdf && document.mediaId === undefined ? await insertStoredFile(database, { kind: 'document', fileName: document.fileName, mimeType: 'application/pdf', bytes: pdf }) : null;
  const [row] = await database
    .insert(documents)
    .values({ ...document, mediaId: document.mediaId ?? file?.id ?? null })
    .returning();
  return row!;
}
