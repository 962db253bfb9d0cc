/**
 * Content rows for the tests: one row with just the fields a test cares about, the rest defaults.
 * They are written as the seed writes its sample content (app/db/content-rows.ts).
 */
import type { Executor } from '~/db/client.server';
import { insertCommitteeTerm, insertDocument, insertEvent, sampleSiteSettings } from '~/db/content-rows';
import { samplePdf } from '~/db/sample-pdf';
import { type documents, type events, news, siteSettings, type ticketTiers } from '~/db/schema/content';
import { slugify } from '~/features/content/slugs';

type NewSiteSettings = typeof siteSettings.$inferInsert;
type NewNews = Omit<typeof news.$inferInsert, 'slug'> & { slug?: string };
type NewEvent = typeof events.$inferInsert;
type NewTier = Omit<typeof ticketTiers.$inferInsert, 'eventId'>;
type NewDocument = Omit<typeof documents.$inferInsert, 'fileName'> & { fileName?: string };

export function buildSiteSettings(overrides: Partial<NewSiteSettings> = {}): NewSiteSettings {
  return { ...sampleSiteSettings, ...overrides };
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
  return insertEvent(database, buildEvent(overrides), tiers);
}

export const createCommitteeTerm = insertCommitteeTerm;

/** A document and its PDF, stored as media (the file's words are the title unless given). */
export async function createDocument(database: Executor, overrides: Partial<NewDocument> & { pdf?: Buffer } = {}) {
  const n = next();
  const { pdf, ...values } = overrides;
  const title = values.title ?? `Document ${n}`;
  const fileName = values.fileName ?? `document-${n}.pdf`;
  const bytes = values.mediaId === undefined ? (pdf ?? (await samplePdf(title, [`The text of ${title}.`]))) : null;
  return insertDocument(database, { title, type: 'report', uploadDate: '2026-09-01', visibility: 'members', mimeType: 'application/pdf', ...values, fileName }, bytes);
}
