import { and, asc, count, desc, eq, gte, ilike, inArray, lt, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { events, ticketTiers } from '~/db/schema/content';
import { tickets } from '~/db/schema/tickets';
import { discardIfUnused, imageSources } from '~/features/media/media.server';
import type { PreviewSubject } from '~/features/media/previews.server';
import { containsPattern, paginate } from '~/lib/admin-lists.server';
import { writeAudit } from '~/lib/audit.server';
import { tierAuditText } from '~/lib/audit-text';
import { formatDateWithWeekday } from '~/lib/dates';
import { AppError } from '~/lib/errors';
import type { ImageSources } from '~/lib/images';
import { richTextFromForm, richTextToPlain } from '~/lib/rich-text.server';
import { heldWhileContentUnchanged } from '~/lib/request-reads.server';
import { assertCan, type Actor } from '~/lib/roles';
import type { EventInput, TierInput } from './events.schema';
import { offerFreedSeats } from './orders.server';

export type Event = typeof events.$inferSelect;
export type TicketTier = typeof ticketTiers.$inferSelect;
/** An event as pages show it: its row, its picture's sources (if uploaded) and its description as plain text. */
export type EventWithImage = Event & { image: ImageSources | null; summary: string };
export type EventWithTiers = EventWithImage & { tiers: TicketTier[] };

async function withImages(rows: Event[]): Promise<EventWithImage[]> {
  const images = await imageSources(rows.map((row) => row.imageMediaId));
  return rows.map((row) => ({
    ...row,
    image: row.imageMediaId ? (images.get(row.imageMediaId) ?? null) : null,
    summary: richTextToPlain(row.description),
  }));
}

const published = eq(events.status, 'published');

/** Published events that have not started yet, soonest first. */
export async function listUpcomingEvents(now: Date, limit?: number): Promise<EventWithImage[]> {
  const query = db()
    .select()
    .from(events)
    .where(and(published, gte(events.startsAt, now)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .$dynamic();
  return withImages(await (limit === undefined ? query : query.limit(limit)));
}

/** Published events that have happened, most recent first. */
export async function listPastEvents(now: Date, limit = 6): Promise<EventWithImage[]> {
  return withImages(
    await db()
      .select()
      .from(events)
      .where(and(published, lt(events.startsAt, now)))
      .orderBy(desc(events.startsAt))
      .limit(limit),
  );
}

/** How long after its start an event stays in the subscribed calendar (docs/architecture/feeds.md#events-calendar). */
export const CALENDAR_PAST_DAYS = 90;

/**
 * The events of the calendar people subscribe to: every published event still to come, and those
 * of the last CALENDAR_PAST_DAYS (calendar apps drop what a subscription no longer lists, so an
 * evening just past stays where its guests saw it), soonest first. Drafts never.
 */
export async function listCalendarEvents(now: Date): Promise<(Event & { summary: string })[]> {
  const rows = await db()
    .select()
    .from(events)
    .where(and(published, gte(events.startsAt, new Date(now.getTime() - CALENDAR_PAST_DAYS * 86_400_000))))
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map((row) => ({ ...row, summary: richTextToPlain(row.description) }));
}

/** Every published event's page and when it last changed, for the sitemap; drafts never. */
export async function listEventPagesForSitemap(): Promise<{ id: number; updatedAt: Date }[]> {
  return db().select({ id: events.id, updatedAt: events.updatedAt }).from(events).where(published).orderBy(desc(events.startsAt), desc(events.id));
}

/**
 * One event with its tiers in order; a draft only for an editor's preview. Held in memory while
 * the content version stays (events, tiers and media move it): on a big night every buyer's order
 * page and post read it (docs/architecture/events.md#the-order-queue). Shared by every caller: frozen.
 */
export async function getEventWithTiers(id: number, options: { preview?: boolean } = {}): Promise<EventWithTiers | undefined> {
  const event = await heldEventWithTiers(String(id));
  if (!event || (event.status !== 'published' && !options.preview)) return undefined;
  return event;
}

const heldEventWithTiers = heldWhileContentUnchanged(async (key): Promise<EventWithTiers | undefined> => {
  const id = Number(key);
  const [event] = await db().select().from(events).where(eq(events.id, id)).limit(1);
  if (!event) return undefined;
  const tiers = await db().select().from(ticketTiers).where(eq(ticketTiers.eventId, id)).orderBy(asc(ticketTiers.sortOrder), asc(ticketTiers.id));
  return Object.freeze({ ...(await withImages([event]))[0]!, tiers: Object.freeze(tiers.map((tier) => Object.freeze(tier))) as TicketTier[] });
});

/** What an event's link preview is made from (docs/architecture/previews.md): its picture, else a card with its title, date and venue. */
export function eventPreviewSubject(event: Event): PreviewSubject {
  return {
    kind: 'event',
    id: event.id,
    title: event.title,
    detail: `${formatDateWithWeekday(event.startsAt, event.timeZone)} · ${event.venue}`,
    picture: event.imageMediaId ? { mediaId: event.imageMediaId } : event.imageUrl ? { path: event.imageUrl } : null,
    alt: (event.imageMediaId || event.imageUrl) && event.imageAlt ? event.imageAlt : event.title,
  };
}

/** How many events are coming up on the site, and how many are drafts (the content area's overview). */
export async function countEvents(now = new Date()) {
  const [row] = await db()
    .select({
      upcoming: count(sql`case when ${events.status} = 'published' and ${events.startsAt} >= ${now} then 1 end`),
      drafts: count(sql`case when ${events.status} = 'draft' then 1 end`),
    })
    .from(events);
  return row!;
}

export type EventFilter = { search?: string | null; status?: 'draft' | 'published' | null; page?: number };

/** Events for the content area: latest start first, by title and status, 50 a page. */
export async function listEventsForEditors(actor: Actor, filter: EventFilter) {
  assertCan(actor, 'editContent');
  const search = filter.search?.trim();
  const where = and(search ? ilike(events.title, containsPattern(search)) : undefined, filter.status ? eq(events.status, filter.status) : undefined);
  const rows = db().select().from(events).where(where).orderBy(desc(events.startsAt), desc(events.id)).$dynamic();
  return paginate(rows, { table: events, where }, filter);
}

/** An event with its tiers and, per tier, how many tickets were issued (a tier with sales cannot be deleted). */
export async function getEventForEditor(actor: Actor, id: number) {
  assertCan(actor, 'editContent');
  const event = await getEventWithTiers(id, { preview: true });
  if (!event) throw new AppError('not_found', 'Event not found.');
  const sold = event.tiers.length
    ? await db()
        .select({ tierId: tickets.tierId, sold: count() })
        .from(tickets)
        .where(
          inArray(
            tickets.tierId,
            event.tiers.map((tier) => tier.id),
          ),
        )
        .groupBy(tickets.tierId)
    : [];
  return { ...event, tiers: event.tiers.map((tier) => ({ ...tier, sold: sold.find((row) => row.tierId === tier.id)?.sold ?? 0 })) };
}

/**
 * Creates or updates an event (docs/product.md#content-area): its description sanitised, its
 * picture the new upload or the one it had (described when there is one). `publish` shows it on
 * the site, `unpublish` makes it a draft again.
 */
export async function saveEvent(actor: Actor, id: number | null, input: EventInput, options: { imageMediaId?: string | null } = {}): Promise<Event> {
  assertCan(actor, 'editContent');
  const description = richTextFromForm(input.description);
  if (!richTextToPlain(description)) throw new AppError('bad_request', 'Describe the event.', { field: 'description' });
  return db().transaction(async (tx) => {
    const [before] = id === null ? [] : await tx.select().from(events).where(eq(events.id, id)).limit(1).for('update');
    if (id !== null && !before) throw new AppError('not_found', 'Event not found.');
    const imageMediaId = options.imageMediaId ?? before?.imageMediaId ?? null;
    if ((imageMediaId || before?.imageUrl) && !input.imageAlt) {
      throw new AppError('bad_request', 'Describe the picture for people who cannot see it.', { field: 'imageAlt' });
    }
    const status = input.intent === 'publish' ? 'published' : input.intent === 'unpublish' ? 'draft' : (before?.status ?? 'draft');
    const values = {
      title: input.title,
      description,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      venue: input.venue,
      address: input.address,
      venueMapLink: input.venueMapLink,
      registrationKind: input.registrationKind,
      externalFormLink: input.registrationKind === 'external' ? input.externalFormLink : null,
      imageMediaId,
      imageAlt: input.imageAlt,
      status,
      updatedAt: new Date(),
    } as const;
    const [saved] = before ? await tx.update(events).set(values).where(eq(events.id, before.id)).returning() : await tx.insert(events).values(values).returning();
    if (before && before.imageMediaId !== imageMediaId) await discardIfUnused(tx, before.imageMediaId);
    await writeAudit(tx, {
      actor,
      action: before ? 'event.update' : 'event.create',
      entityType: 'event',
      entityId: String(saved!.id),
      from: before?.status ?? null,
      to: saved!.status,
      note: `“${saved!.title}”`,
    });
    return saved!;
  });
}

async function ticketsOf(tierIds: number[]): Promise<number> {
  if (tierIds.length === 0) return 0;
  const [row] = await db().select({ issued: count() }).from(tickets).where(inArray(tickets.tierId, tierIds));
  return row?.issued ?? 0;
}

/** Deletes an event that has sold nothing; one with tickets can only be unpublished. */
export async function deleteEvent(actor: Actor, id: number): Promise<void> {
  assertCan(actor, 'editContent');
  const event = await getEventWithTiers(id, { preview: true });
  if (!event) throw new AppError('not_found', 'Event not found.');
  if ((await ticketsOf(event.tiers.map((tier) => tier.id))) > 0) throw new AppError('conflict', 'This event has tickets: unpublish it instead of deleting it.');
  await db().transaction(async (tx) => {
    await tx.delete(events).where(eq(events.id, id));
    await discardIfUnused(tx, event.imageMediaId);
    await writeAudit(tx, { actor, action: 'event.delete', entityType: 'event', entityId: String(id), from: `“${event.title}”` });
  });
}

/** The event's tiers locked in id order, as buyers lock them, before one changes (no deadlock with an order). */
async function lockEventTiers(tx: Executor, eventId: number): Promise<void> {
  await tx.select({ id: ticketTiers.id }).from(ticketTiers).where(eq(ticketTiers.eventId, eventId)).orderBy(asc(ticketTiers.id)).for('update');
}

/** Adds or edits a ticket tier of an event. */
export async function saveTier(actor: Actor, eventId: number, tierId: number | null, input: TierInput): Promise<TicketTier> {
  assertCan(actor, 'editContent');
  return db().transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).limit(1);
    if (!event) throw new AppError('not_found', 'Event not found.');
    await lockEventTiers(tx, eventId);
    // The form gives the price in cents as `price`; the table keeps it as price_cents.
    const { price, ...fields } = input;
    const values = { ...fields, priceCents: price, eventId };
    const [saved] =
      tierId === null
        ? await tx.insert(ticketTiers).values(values).returning()
        : await tx
            .update(ticketTiers)
            .set(values)
            .where(and(eq(ticketTiers.id, tierId), eq(ticketTiers.eventId, eventId)))
            .returning();
    if (!saved) throw new AppError('not_found', 'Ticket tier not found.');
    await writeAudit(tx, {
      actor,
      action: tierId === null ? 'tier.create' : 'tier.update',
      entityType: 'ticket_tier',
      entityId: String(saved.id),
      to: `${saved.name} (${tierAuditText(saved.priceCents, saved.quantityCap)}) for “${event.title}”`,
    });
    // A larger cap, or a tier opened again, frees seats: the waitlist has them first (docs/product.md#waitlist).
    await offerFreedSeats(tx, eventId);
    return saved;
  });
}

/** Closes a tier (no more sales) or opens it again; a tier with sales is closed, never deleted. */
export async function setTierClosed(actor: Actor, eventId: number, tierId: number, closed: boolean): Promise<void> {
  assertCan(actor, 'editContent');
  await db().transaction(async (tx) => {
    await lockEventTiers(tx, eventId);
    const [saved] = await tx
      .update(ticketTiers)
      .set({ closed })
      .where(and(eq(ticketTiers.id, tierId), eq(ticketTiers.eventId, eventId)))
      .returning();
    if (!saved) throw new AppError('not_found', 'Ticket tier not found.');
    await writeAudit(tx, { actor, action: closed ? 'tier.close' : 'tier.open', entityType: 'ticket_tier', entityId: String(tierId), to: saved.name });
    if (!closed) await offerFreedSeats(tx, eventId);
  });
}

export async function deleteTier(actor: Actor, eventId: number, tierId: number): Promise<void> {
  assertCan(actor, 'editContent');
  if ((await ticketsOf([tierId])) > 0) throw new AppError('conflict', 'This tier has sales: close it instead of deleting it.');
  await db().transaction(async (tx) => {
    const [removed] = await tx
      .delete(ticketTiers)
      .where(and(eq(ticketTiers.id, tierId), eq(ticketTiers.eventId, eventId)))
      .returning();
    if (!removed) throw new AppError('not_found', 'Ticket tier not found.');
    await writeAudit(tx, { actor, action: 'tier.delete', entityType: 'ticket_tier', entityId: String(tierId), from: removed.name });
  });
}
