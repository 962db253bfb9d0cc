import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { events, ticketTiers } from '~/db/schema/content';
import { waitlistEntries } from '~/db/schema/tickets';
import { mailSender } from '~/features/mail/mail.server';
import { enqueueMail, mailAlongside } from '~/features/mail/outbox.server';
import { waitlistJoinedMail } from '~/features/mail/templates';
import { writeAudit } from '~/lib/audit.server';
import { env } from '~/lib/env.server';
import { AppError } from '~/lib/errors';
import type { Job } from '~/lib/jobs.server';
import { assertCan, type Actor } from '~/lib/roles';
import { offerFreedSeats, seatsTaken } from './orders.server';
import { tierSaleState } from './tickets';
import { offerRefusal, offerState, publicRemaining, type WaitlistJoinInput } from './waitlist';
import { findOffer, hashLinkToken, linkTokenFrom, newLinkToken, type WaitlistEntry } from './waitlist-seats.server';

/**
 * The waitlist (docs/product.md#waitlist): visitors join a sold-out tier's line, leave it by the
 * link in their mail, and the committee sees and manages each tier's line. Handing freed seats to
 * the line is ./waitlist-seats.server.ts, called from every place a seat frees.
 */

/** The address of the link that takes someone off the waitlist. */
export function leaveLink(eventId: number, token: string): string {
  return `${env().publicUrl}/events/${eventId}/waitlist?leave=${token}`;
}

export type JoinRequest = WaitlistJoinInput & { eventId: number; userId: string | null; isMember: boolean; now?: Date };

/**
 * Puts someone on a sold-out tier's waitlist, with the tiers locked as an order locks them: only
 * when the public can buy none of it, once per address while they wait. Their mail confirms it.
 */
export async function joinWaitlist(request: JoinRequest): Promise<{ entry: WaitlistEntry; position: number }> {
  const now = request.now ?? new Date();
  const email = request.email.toLowerCase();
  return db().transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, request.eventId)).limit(1);
    if (!event || event.status !== 'published') throw new AppError('not_found', 'Event not found.');
    if ((event.endsAt ?? event.startsAt) <= now) throw new AppError('conflict', 'This event has ended.');
    const tiers = await tx.select().from(ticketTiers).where(eq(ticketTiers.eventId, event.id)).orderBy(asc(ticketTiers.id)).for('update');
    const tier = tiers.find((candidate) => candidate.id === request.tierId);
    if (!tier || (event.registrationKind !== 'tickets' && event.registrationKind !== 'rsvp')) throw new AppError('bad_request', 'That ticket is not on sale for this event.');
    if (tier.membersOnly && !request.isMember) throw new AppError('conflict', `“${tier.name}” is for members of the association. Sign in with your member account to join its waitlist.`);
    const seats = (await seatsTaken(tx, [tier.id], now)).get(tier.id)!;
    const state = tierSaleState(tier, publicRemaining(tier.quantityCap, seats.taken, seats.waiting), now);
    if (state.kind === 'on-sale') throw new AppError('conflict', `“${tier.name}” is not sold out: you can order it on the event page.`);
    if (state.kind !== 'sold-out') throw new AppError('conflict', `Sales for “${tier.name}” are closed, so it has no waitlist.`);
    const [already] = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.tierId, tier.id), eq(waitlistEntries.email, email), inArray(waitlistEntries.status, ['waiting', 'offered'])))
      .limit(1);
    if (already) throw new AppError('conflict', `${email} is already on the waitlist for “${tier.name}”.`);
    const leave = newLinkToken();
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({ eventId: event.id, tierId: tier.id, name: request.name, email, userId: request.userId, joinedAt: now, leaveTokenHash: leave.hash, updatedAt: now })
      .returning();
    const position = await positionOf(tx, entry!);
    await mailAlongside(tx, `The waitlist mail of entry ${entry!.id}`, async (inner) => {
      const content = waitlistJoinedMail(await mailSender(inner), { name: request.name.split(' ')[0] || request.name, eventTitle: event.title, tierName: tier.name }, leaveLink(event.id, leave.token));
      await enqueueMail(inner, { kind: 'waitlist_joined', ...content, to: email });
    });
    // A seat may be free for the line already (an offer lapsed, a hold ran out): it is offered now.
    await offerFreedSeats(tx, event.id, now);
    const [current] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry!.id));
    return { entry: current!, position };
  });
}

/** Where a waiting entry stands in its tier's line (1 = next). */
async function positionOf(executor: Executor, entry: WaitlistEntry): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.tierId, entry.tierId),
        eq(waitlistEntries.status, 'waiting'),
        or(sql`${waitlistEntries.joinedAt} < ${entry.joinedAt}`, and(eq(waitlistEntries.joinedAt, entry.joinedAt), lte(waitlistEntries.id, entry.id))),
      ),
    );
  return Number(row?.count ?? 0);
}

/** The entry a leave link names (the page asks to confirm), or null. */
export async function findByLeaveToken(token: string): Promise<(WaitlistEntry & { tierName: string }) | null> {
  const [row] = await db()
    .select({ entry: waitlistEntries, tierName: ticketTiers.name })
    .from(waitlistEntries)
    .innerJoin(ticketTiers, eq(ticketTiers.id, waitlistEntries.tierId))
    .where(eq(waitlistEntries.leaveTokenHash, hashLinkToken(token)))
    .limit(1);
  return row ? { ...row.entry, tierName: row.tierName } : null;
}

/** Takes an entry off its line (the person's leave link, or the committee); a seat it was offered goes to the next. */
async function removeEntry(tx: Executor, entry: WaitlistEntry, now: Date): Promise<boolean> {
  const [removed] = await tx
    .update(waitlistEntries)
    .set({ status: 'removed', updatedAt: now })
    .where(and(eq(waitlistEntries.id, entry.id), inArray(waitlistEntries.status, ['waiting', 'offered'])))
    .returning({ id: waitlistEntries.id });
  if (removed && entry.status === 'offered') await offerFreedSeats(tx, entry.eventId, now);
  return Boolean(removed);
}

/** The person leaves the waitlist by their mail's link; false when they had left it already (or it moved on). */
export async function leaveWaitlist(token: string, now = new Date()): Promise<boolean> {
  const hash = hashLinkToken(token);
  return db().transaction(async (tx) => {
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.leaveTokenHash, hash)).limit(1);
    if (!entry) throw new AppError('not_found', 'This waitlist link is not valid.');
    // Tiers first, then the entry, as an order locks them.
    await tx.select({ id: ticketTiers.id }).from(ticketTiers).where(eq(ticketTiers.eventId, entry.eventId)).orderBy(asc(ticketTiers.id)).for('update');
    const [locked] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id)).for('update');
    return removeEntry(tx, locked!, now);
  });
}

export type CommitteeWaitlistEntry = {
  id: string;
  tierId: number;
  tierName: string;
  name: string;
  email: string;
  status: WaitlistEntry['status'];
  joinedAt: Date;
  offerExpiresAt: Date | null;
  /** Place in the line for those waiting (1 = next). */
  position: number | null;
};

/** An event's waitlists for the committee: per tier, the line in order, then those it has moved past. */
export async function listWaitlist(actor: Actor, eventId: number, now = new Date()): Promise<CommitteeWaitlistEntry[]> {
  assertCan(actor, 'viewAttendees');
  const rows = await db()
    .select({ entry: waitlistEntries, tierName: ticketTiers.name })
    .from(waitlistEntries)
    .innerJoin(ticketTiers, eq(ticketTiers.id, waitlistEntries.tierId))
    .where(eq(waitlistEntries.eventId, eventId))
    .orderBy(asc(ticketTiers.sortOrder), asc(ticketTiers.id), asc(waitlistEntries.joinedAt), asc(waitlistEntries.id));
  const places = new Map<number, number>();
  return rows.map(({ entry, tierName }) => {
    // An offer whose time ran out is shown as lapsed, whether or not anything has marked it yet.
    const status = entry.status === 'offered' && entry.offerExpiresAt && entry.offerExpiresAt <= now ? 'lapsed' : entry.status;
    const position = status === 'waiting' ? (places.get(entry.tierId) ?? 0) + 1 : null;
    if (position) places.set(entry.tierId, position);
    return { id: entry.id, tierId: entry.tierId, tierName, name: entry.name, email: entry.email, status, joinedAt: entry.joinedAt, offerExpiresAt: entry.offerExpiresAt, position };
  });
}

/** The committee takes someone off an event's waitlist (audited). */
export async function removeFromWaitlist(actor: Actor, eventId: number, entryId: string, now = new Date()): Promise<void> {
  assertCan(actor, 'viewAttendees');
  await db().transaction(async (tx) => {
    await tx.select({ id: ticketTiers.id }).from(ticketTiers).where(eq(ticketTiers.eventId, eventId)).orderBy(asc(ticketTiers.id)).for('update');
    const [entry] = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.eventId, eventId)))
      .for('update');
    if (!entry) throw new AppError('not_found', 'That waitlist entry was not found.');
    if (!(await removeEntry(tx, entry, now))) throw new AppError('conflict', `${entry.name} is no longer waiting: reload the page.`);
    await writeAudit(tx, { actor, action: 'waitlist.remove', entityType: 'waitlist_entry', entityId: entry.id, from: `${entry.name} <${entry.email}> ${entry.status}`, to: 'removed' });
  });
}

/** The committee offers an event's free seats to the next people waiting now, rather than at the next sweep (audited). */
export async function offerNextSeats(actor: Actor, eventId: number, now = new Date()): Promise<number> {
  assertCan(actor, 'viewAttendees');
  return db().transaction(async (tx) => {
    const offered = await offerFreedSeats(tx, eventId, now);
    if (offered.length === 0) throw new AppError('conflict', 'No seat is free for the people waiting: a seat frees when an order expires, a ticket is cancelled, or the cap is raised.');
    await writeAudit(tx, { actor, action: 'waitlist.offer', entityType: 'event', entityId: String(eventId), to: offered.map((entry) => `${entry.name} <${entry.email}>`).join(', ') });
    return offered.length;
  });
}

/**
 * Offers the seats that freed without anything marking them (a hold or an offer that ran out) to
 * the people waiting, event by event: the scheduled sweep (docs/architecture/operations.md#scheduled-jobs).
 */
export async function sweepWaitlists(now = new Date()): Promise<number> {
  const due = await db()
    .selectDistinct({ eventId: waitlistEntries.eventId })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .where(
      and(
        or(eq(waitlistEntries.status, 'waiting'), and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now))),
        or(gt(events.endsAt, now), and(isNull(events.endsAt), gt(events.startsAt, now))),
      ),
    );
  let offered = 0;
  for (const { eventId } of due) offered += (await db().transaction((tx) => offerFreedSeats(tx, eventId, now))).length;
  return offered;
}

/** Every ten minutes (each check of the scheduler): seats freed by time go to the waitlist soon after. */
export const waitlistOffersJob: Job = {
  name: 'waitlist-offers',
  period: (now) => now.toISOString().slice(0, 15),
  run: async (now) => {
    const offered = await sweepWaitlists(now);
    return `${offered} waitlist ${offered === 1 ? 'offer' : 'offers'} made`;
  },
};

/** What an order page's `?offer=` link holds: the seat's tier and its expiry, or why it holds nothing. */
export type LinkOffer = { token: string | null; tierId: number | null; heldUntil: Date | null; refusal: string | null; prefill: { name: string; email: string } | null };

export async function offerOfLink(value: string | null, eventId: number, now = new Date()): Promise<LinkOffer> {
  const none = { token: null, tierId: null, heldUntil: null, refusal: null, prefill: null };
  if (value === null) return none;
  const token = linkTokenFrom(value);
  const found = token ? await findOffer(db(), token) : null;
  const entry = found && found.eventId === eventId ? found : null;
  const state = offerState(entry, now);
  if (state.kind !== 'open') return { ...none, refusal: offerRefusal(state) };
  return { token, tierId: entry!.tierId, heldUntil: state.expiresAt, refusal: null, prefill: { name: entry!.name, email: entry!.email } };
}
