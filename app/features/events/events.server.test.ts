import { describe, expect, it } from 'vitest';
import { createEvent } from '../../../tests/factories/content';
import { setupTestDatabase } from '../../../tests/setup/database';
import { getEventWithTiers, listPastEvents, listUpcomingEvents } from './events.server';

const database = setupTestDatabase();
const now = new Date('2026-11-22T12:00:00Z');

describe('events', () => {
  it('splits upcoming (soonest first) from past (latest first)', async () => {
    const later = await createEvent(database.db(), { startsAt: new Date('2027-03-01T00:00:00Z') });
    const sooner = await createEvent(database.db(), { startsAt: new Date('2026-12-01T00:00:00Z') });
    const longAgo = await createEvent(database.db(), { startsAt: new Date('2025-01-01T00:00:00Z') });
    const recent = await createEvent(database.db(), { startsAt: new Date('2026-10-01T00:00:00Z') });

    // Other tests' events may share the database: look at these four only.
    const mine = new Set([later.id, sooner.id, longAgo.id, recent.id]);
    const ids = (list: { id: number }[]) => list.map((event) => event.id).filter((id) => mine.has(id));
    expect(ids(await listUpcomingEvents(now))).toEqual([sooner.id, later.id]);
    expect(ids(await listPastEvents(now))).toEqual([recent.id, longAgo.id]);
    const first = (await listUpcomingEvents(now, 1))[0]!;
    expect(first.startsAt.getTime()).toBeLessThanOrEqual(sooner.startsAt.getTime());
  });

  it('loads one event with its tiers in their order', async () => {
    const created = await createEvent(database.db(), {}, [
      { name: 'General Admission', priceCents: 0, quantityCap: 500 },
      { name: 'Dinner Pass', priceCents: 2500, quantityCap: 200 },
    ]);
    const event = await getEventWithTiers(created.id);
    expect(event?.tiers.map((tier) => [tier.name, tier.priceCents, tier.quantityCap])).toEqual([
      ['General Admission', 0, 500],
      ['Dinner Pass', 2500, 200],
    ]);
    expect(await getEventWithTiers(999_999)).toBeUndefined();
  });
});
