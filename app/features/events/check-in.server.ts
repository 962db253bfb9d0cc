import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { ticketTiers } from '~/db/schema/content';
import { tickets } from '~/db/schema/tickets';
import { timingSafeEqual } from 'node:crypto';
import { sign } from '~/lib/signing.server';
import { answersOfOrders, type ShownAnswer } from './questions.server';
import { codeFromInput } from './ticket-codes.server';
import { passedOnCode } from './ticket-transfer.server';

/**
 * At the door (docs/product.md#tickets): a scanned QR value or a typed code is checked against the
 * event. Staff from rank 2 open the check-in page signed in; volunteers without accounts use the
 * event's check-in code, which staff read on the same page.
 */
export type CheckInResult =
  | { result: 'valid'; name: string; tier: string; orderId: string; othersInOrder: number; answers: ShownAnswer[] }
  | { result: 'already'; name: string; tier: string; at: Date; answers: ShownAnswer[] }
  | { result: 'not-for-event' }
  | { result: 'not-valid'; name: string; reason: string };

export async function checkInTicket(eventId: number, input: string, by: string, now = new Date()): Promise<CheckInResult> {
  const code = codeFromInput(input);
  if (!code) return { result: 'not-for-event' };
  const [ticket] = await db().select().from(tickets).where(eq(tickets.code, code)).limit(1);
  if (!ticket) {
    // A code retired by passing the ticket on (docs/product.md#passing-a-ticket-on) is named as such, not as unknown.
    const passed = await passedOnCode(eventId, code);
    return passed ? { result: 'not-valid', name: passed.fromName, reason: 'This ticket was passed to someone else: its old code no longer admits anyone.' } : { result: 'not-for-event' };
  }
  if (ticket.eventId !== eventId) return { result: 'not-for-event' };
  // Only a valid ticket turns into a checked-in one, once: two scanners at once cannot both admit it.
  const [admitted] = await db()
    .update(tickets)
    .set({ status: 'checked_in', checkedInAt: now, checkedInBy: by })
    .where(and(eq(tickets.id, ticket.id), eq(tickets.status, 'valid')))
    .returning();
  if (admitted) {
    const [others] = await db()
      .select({ waiting: count() })
      .from(tickets)
      .where(and(eq(tickets.orderId, ticket.orderId), eq(tickets.status, 'valid')));
    return { result: 'valid', name: ticket.attendeeName, tier: ticket.tierName, orderId: ticket.orderId, othersInOrder: Number(others?.waiting ?? 0), answers: await doorAnswers(ticket) };
  }
  const [current] = await db().select().from(tickets).where(eq(tickets.id, ticket.id)).limit(1);
  if (current?.status === 'checked_in') return { result: 'already', name: current.attendeeName, tier: current.tierName, at: current.checkedInAt!, answers: await doorAnswers(current) };
  const reason = current?.status === 'held' ? 'This ticket has not been paid for.' : 'This ticket was cancelled.';
  return { result: 'not-valid', name: ticket.attendeeName, reason };
}

/** The answers the volunteers see at the door: the attendee's and the order's, to questions marked 'Show at the door'. */
async function doorAnswers(ticket: { id: number; eventId: number; orderId: string }): Promise<ShownAnswer[]> {
  const answers = await answersOfOrders(ticket.eventId, [ticket.orderId]);
  return [...(answers.byTicket.get(ticket.id) ?? []), ...(answers.byOrder.get(ticket.orderId) ?? [])].filter((answer) => answer.atDoor);
}

/** Checks in every ticket of an order that is still to come in (a family arriving together). */
export async function checkInOrder(eventId: number, orderId: string, by: string, now = new Date()): Promise<number> {
  const admitted = await db()
    .update(tickets)
    .set({ status: 'checked_in', checkedInAt: now, checkedInBy: by })
    .where(and(eq(tickets.orderId, orderId), eq(tickets.eventId, eventId), eq(tickets.status, 'valid')))
    .returning({ id: tickets.id });
  return admitted.length;
}

/** Per tier: tickets sold (valid or checked in) and how many of them are in. */
export async function checkInCounts(eventId: number): Promise<{ tierId: number; name: string; sold: number; checkedIn: number }[]> {
  const tiers = await db().select().from(ticketTiers).where(eq(ticketTiers.eventId, eventId)).orderBy(asc(ticketTiers.sortOrder), asc(ticketTiers.id));
  if (tiers.length === 0) return [];
  const rows = await db()
    .select({
      tierId: tickets.tierId,
      sold: count(),
      checkedIn: sql<number>`count(*) filter (where ${tickets.status} = 'checked_in')`,
    })
    .from(tickets)
    .where(and(inArray(tickets.tierId, tiers.map((tier) => tier.id)), inArray(tickets.status, ['valid', 'checked_in'])))
    .groupBy(tickets.tierId);
  const byTier = new Map(rows.map((row) => [row.tierId, row]));
  return tiers.map((tier) => ({ tierId: tier.id, name: tier.name, sold: Number(byTier.get(tier.id)?.sold ?? 0), checkedIn: Number(byTier.get(tier.id)?.checkedIn ?? 0) }));
}

/** The event's check-in code for volunteers without accounts: 8 characters only the server can make. */
export function eventCheckInCode(eventId: number): string {
  return sign('event-check-in', String(eventId), 8).toUpperCase().replace(/[^A-Z0-9]/g, 'X');
}

export function isEventCheckInCode(eventId: number, code: string): boolean {
  const expected = Buffer.from(eventCheckInCode(eventId));
  const given = Buffer.from(code.trim().toUpperCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
