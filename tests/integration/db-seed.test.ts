import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDatabase } from '../setup/database';
import { committeeMembers, committeeTerms, documents, events, historyMilestones, news, siteSettings, ticketTiers } from '~/db/schema/content';
import { mediaFiles } from '~/db/schema/media';
import { seedSampleContent } from '~/db/seed';

const database = setupTestDatabase();

describe('seedSampleContent', () => {
  const now = new Date('2026-11-22T15:00:00Z');

  // The first start seeds; each test then reads the seeded database.
  beforeAll(async () => {
    expect(await seedSampleContent(database.db(), { now })).toEqual({ seeded: true });
  });

  it('fills every content table with sample data that shows every state', async () => {
    const db = database.db();

    expect(await db.select().from(siteSettings)).toHaveLength(1);

    const stories = await db.select().from(news);
    expect(stories.length).toBeGreaterThanOrEqual(4);
    expect(stories.filter((story) => story.featured)).toHaveLength(1);
    expect(new Set(stories.map((story) => story.slug)).size).toBe(stories.length);
    for (const story of stories) expect(story.content).toMatch(/^<p>/);
    for (const story of stories) if (story.imageUrl) expect(story.coverAlt).toBeTruthy();
    expect(new Set(stories.map((story) => story.category)).size).toBeGreaterThanOrEqual(3);

    const terms = await db.select().from(committeeTerms);
    expect(terms.map((term) => term.year)).toContain('2024/2026');
    expect(terms.length).toBeGreaterThanOrEqual(2);
    const current = terms.find((term) => term.year === '2024/2026')!;
    expect(terms.filter((term) => term.isCurrent)).toEqual([current]);
    const roles = (await db.select().from(committeeMembers)).filter((member) => member.termId === current.id).map((member) => member.role);
    for (const role of ['President', 'Vice President', 'General Secretary', 'Treasurer', 'Editor', 'Internal Auditor', 'Committee Member-1']) {
      expect(roles).toContain(role);
    }

    const allEvents = await db.select().from(events);
    const tiers = await db.select().from(ticketTiers);
    const tiersOf = (eventId: number) => tiers.filter((tier) => tier.eventId === eventId);
    const upcoming = allEvents.filter((event) => event.startsAt > now);
    expect(allEvents.length).toBeGreaterThanOrEqual(4);
    expect(allEvents.some((event) => event.startsAt < now)).toBe(true);
    expect(upcoming.some((event) => tiersOf(event.id).some((tier) => tier.priceCents === 0 && tier.quantityCap === 500))).toBe(true);
    expect(upcoming.some((event) => event.externalFormLink)).toBe(true);
    expect(upcoming.some((event) => tiersOf(event.id).filter((tier) => tier.priceCents > 0).length >= 2)).toBe(true);

    const docs = await db.select().from(documents);
    expect(docs).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'constitution', visibility: 'public' }), expect.objectContaining({ type: 'minutes', visibility: 'members' })]));
    // The files live in the database, as real PDFs.
    const files = await db.select().from(mediaFiles);
    for (const doc of docs)
      expect(
        files
          .find((file) => file.mediaId === doc.mediaId)
          ?.bytes.subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

    expect((await db.select().from(historyMilestones)).length).toBe(5);
  });

  it('leaves a seeded database alone on the next start', async () => {
    const before = await database.db().select({ n: count() }).from(news);
    expect(await seedSampleContent(database.db(), { now })).toEqual({ seeded: false });
    expect(await database.db().select({ n: count() }).from(news)).toEqual(before);
  });
});
