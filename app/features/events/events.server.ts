import { asc, desc, eq, gte, lt } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { events, ticketTiers } from '~/db/schema/content';

export type Event = typeof events.$inferSelect;
export type TicketTier = typeof ticketTiers.$inferSelect;
export type EventWithTiers = Event & { tiers: TicketTier[] };

/** Events that have not started yet, soonest first. */
export async function listUpcomingEvents(now: Date, limit?: number): Promise<Event[]> {
  const query = db().select().from(events).where(gte(events.startsAt, now)).orderBy(asc(events.startsAt), asc(events.id));
  return limit === undefined ? query : query.limit(limit);
}

/** Events that have happened, most recent first. */
export async function listPastEvents(now: Date, limit = 6): Promise<Event[]> {
  return db().select().from(events).where(lt(events.startsAt, now)).orderBy(desc(events.startsAt)).limit(limit);
}

export async function getEventWithTiers(id: number): Promise<EventWithTiers | undefined> {
  const [event] = await db().select().from(events).where(eq(events.id, id)).limit(1);
  if (!event) return undefined;
  const tiers = await db()
    .select()
    .from(ticketTiers)
    .where(eq(ticketTiers.eventId, id))
    .orderBy(asc(ticketTiers.sortOrder), asc(ticketTiers.id));
  return { ...event, tiers };
}
