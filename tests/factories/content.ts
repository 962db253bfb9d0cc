/**
 * Builders and inserters for content rows, shared by the seed (rich sample content) and the tests
 * (one row with just the fields a test cares about).
 */
import type { Executor } from '~/db/client.server';
import { samplePdf } from '~/db/sample-pdf';
import { committeeMembers, committeeTerms, documents, events, news, siteSettings, ticketTiers } from '~/db/schema/content';
import { slugify } from '~/features/content/slugs';
import { createStoredFile } from './media';

type NewSiteSettings = typeof siteSettings.$inferInsert;
type NewNews = Omit<typeof news.$inferInsert, 'slug'> & { slug?: string };
type NewEvent = typeof events.$inferInsert;
type NewTier = Omit<typeof ticketTiers.$inferInsert, 'eventId'>;
type NewMember = Omit<typeof committeeMembers.$inferInsert, 'termId'>;
type NewDocument = Omit<typeof documents.$inferInsert, 'fileName'> & { fileName?: string };

export function buildSiteSettings(overrides: Partial<NewSiteSettings> = {}): NewSiteSettings {
  return {
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
    ...overrides,
  };
}

export async function createSiteSettings(database: Executor, overrides: Partial<NewSiteSettings> = {}) {
  const [row] = await database.insert(siteSettings).values(buildSiteSettings(overrides)).returning();
  return row!;
}

let sequence = 0;
const next = () => ++sequence;

/** A published story; its slug is made from its title unless given. Bodies are HTML. */
export function buildNews(overrides: Partial<NewNews> = {}): typeof news.$inferInsert {
  const n = next();
  const title = overrides.title ?? `News item ${n}`;
  return {
    title,
    slug: overrides.slug ?? slugify(title),
    excerpt: `A short summary of news item ${n}.`,
    content: `<p>The full story of news item ${n}.</p>`,
    coverAlt: 'A picture for the story',
    category: 'Announcements',
    author: 'Editorial Team',
    publishedAt: new Date('2026-10-01T14:00:00Z'),
    featured: false,
    imageUrl: null,
    ...overrides,
  };
}

export async function createNews(database: Executor, overrides: Partial<NewNews> = {}) {
  const [row] = await database.insert(news).values(buildNews(overrides)).returning();
  return row!;
}

export function buildEvent(overrides: Partial<NewEvent> = {}): NewEvent {
  const n = next();
  return {
    title: `Event ${n}`,
    description: `<p>What happens at event ${n}.</p>`,
    startsAt: new Date('2027-03-14T23:00:00Z'),
    timeZone: 'America/Toronto',
    venue: 'Community Hall, Toronto',
    venueMapLink: 'https://maps.google.com/?q=Community+Hall+Toronto',
    imageUrl: null,
    externalFormLink: null,
    ...overrides,
  };
}

export async function createEvent(database: Executor, overrides: Partial<NewEvent> = {}, tiers: NewTier[] = []) {
  const [event] = await database.insert(events).values(buildEvent(overrides)).returning();
  const createdTiers = tiers.length
    ? await database
        .insert(ticketTiers)
        .values(tiers.map((tier, index) => ({ sortOrder: index, ...tier, eventId: event!.id })))
        .returning()
    : [];
  return { ...event!, tiers: createdTiers };
}

export async function createCommitteeTerm(database: Executor, term: { year: string; startYear: number; isCurrent?: boolean }, members: NewMember[] = []) {
  const [created] = await database.insert(committeeTerms).values(term).returning();
  const createdMembers = members.length
    ? await database
        .insert(committeeMembers)
        .values(members.map((member, index) => ({ sortOrder: index, ...member, termId: created!.id })))
        .returning()
    : [];
  return { ...created!, members: createdMembers };
}

/** A document and its PDF, stored as media (the file's words are the title unless given). */
export async function createDocument(database: Executor, overrides: Partial<NewDocument> & { pdf?: Buffer } = {}) {
  const n = next();
  const { pdf, ...values } = overrides;
  const title = values.title ?? `Document ${n}`;
  const fileName = values.fileName ?? `document-${n}.pdf`;
  const file =
    values.mediaId === undefined
      ? await createStoredFile(database, { kind: 'document', fileName, mimeType: 'application/pdf', bytes: pdf ?? (await samplePdf(title, [`The text of ${title}.`])) })
      : null;
  const [row] = await database
    .insert(documents)
    .values({
      title,
      type: 'report',
      uploadDate: '2026-09-01',
      visibility: 'members',
      fileName,
      mimeType: 'application/pdf',
      mediaId: file?.id ?? null,
      ...values,
    })
    .returning();
  return row!;
}
