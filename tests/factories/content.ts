/**
 * Builders and inserters for content rows, shared by the seed (rich sample content) and the tests
 * (one row with just the fields a test cares about).
 */
import type { Executor } from '~/db/client.server';
import {
  committeeMembers,
  committeeTerms,
  documents,
  events,
  news,
  siteSettings,
  ticketTiers,
} from '~/db/schema/content';

type NewSiteSettings = typeof siteSettings.$inferInsert;
type NewNews = typeof news.$inferInsert;
type NewEvent = typeof events.$inferInsert;
type NewTier = Omit<typeof ticketTiers.$inferInsert, 'eventId'>;
type NewMember = Omit<typeof committeeMembers.$inferInsert, 'termId'>;
type NewDocument = typeof documents.$inferInsert;

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
    anthemAudioUrl: null,
    ...overrides,
  };
}

export async function createSiteSettings(database: Executor, overrides: Partial<NewSiteSettings> = {}) {
  const [row] = await database.insert(siteSettings).values(buildSiteSettings(overrides)).returning();
  return row!;
}

let sequence = 0;
const next = () => ++sequence;

export function buildNews(overrides: Partial<NewNews> = {}): NewNews {
  const n = next();
  return {
    title: `News item ${n}`,
    excerpt: `A short summary of news item ${n}.`,
    content: `The full story of news item ${n}.`,
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
    description: `What happens at event ${n}.`,
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

export async function createCommitteeTerm(
  database: Executor,
  term: { year: string; startYear: number },
  members: NewMember[] = [],
) {
  const [created] = await database.insert(committeeTerms).values(term).returning();
  const createdMembers = members.length
    ? await database
        .insert(committeeMembers)
        .values(members.map((member, index) => ({ sortOrder: index, ...member, termId: created!.id })))
        .returning()
    : [];
  return { ...created!, members: createdMembers };
}

export function buildDocument(overrides: Partial<NewDocument> = {}): NewDocument {
  const n = next();
  return {
    title: `Document ${n}`,
    type: 'report',
    uploadDate: '2026-09-01',
    visibility: 'members',
    filePath: `documents/document-${n}.pdf`,
    fileName: `document-${n}.pdf`,
    mimeType: 'application/pdf',
    ...overrides,
  };
}

export async function createDocument(database: Executor, overrides: Partial<NewDocument> = {}) {
  const [row] = await database.insert(documents).values(buildDocument(overrides)).returning();
  return row!;
}
