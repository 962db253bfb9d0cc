import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { ticketTiers } from '~/db/schema/content';
import { tickets } from '~/db/schema/tickets';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { sign } from '~/lib/signing.server';
import { answersOfOrders, type ShownAnswer } from './questions.server';
import { applyScans, scanNow } from './door.server';

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
  // Recorded as a scan like a phone's (features/events/door.server.ts): first scan wins, others are duplicates.
  const scan = await scanNow(eventId, input, by, now);
  if (scan.result === 'not-for-event') return { result: 'not-for-event' };
  if (scan.result === 'refused') return { result: 'not-valid', name: scan.name, reason: scan.reason };
  const [ticket] = await db().select().from(tickets).where(eq(tickets.id, scan.ticketId)).limit(1);
  if (scan.result === 'duplicate') return { result: 'already', name: scan.name, tier: scan.tier, at: new Date(scan.firstAt), answers: await doorAnswers(ticket!) };
  const [others] = await db()
    .select({ waiting: count() })
    .from(tickets)
    .where(and(eq(tickets.orderId, scan.orderId), eq(tickets.status, 'valid')));
  return { result: 'valid', name: scan.name, tier: scan.tier, orderId: scan.orderId, othersInOrder: Number(others?.waiting ?? 0), answers: await doorAnswers(ticket!) };
}

/** The answers the volunteers see at the door: the attendee's and the order's, to questions marked 'Show at the door'. */
async function doorAnswers(ticket: { id: number; eventId: number; orderId: string }): Promise<ShownAnswer[]> {
  const answers = await answersOfOrders(ticket.eventId, [ticket.orderId]);
  return [...(answers.byTicket.get(ticket.id) ?? []), ...(answers.byOrder.get(ticket.orderId) ?? [])].filter((answer) => answer.atDoor);
}

/** Checks in every ticket of an order that is still to come in (a family arriving together). */
export async function checkInOrder(eventId: number, orderId: string, by: string, now = new Date()): Promise<number> {
  const waiting = await db()
    .select({ code: tickets.code })
    .from(tickets)
    .where(and(eq(tickets.orderId, orderId), eq(tickets.eventId, eventId), eq(tickets.status, 'valid')));
  const scans = waiting.map((ticket) => ({ id: randomUUID(), code: ticket.code, scannedAt: now, deviceId: 'online' }));
  return (await applyScans(eventId, scans, by, now)).filter((scan) => scan.result === 'checked-in').length;
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
    .where(
      and(
        inArray(
          tickets.tierId,
          tiers.map((tier) => tier.id),
        ),
        inArray(tickets.status, ['valid', 'checked_in']),
      ),
    )
    .groupBy(tickets.tierId);
  const byTier = new Map(rows.map((row) => [row.tierId, row]));
  return tiers.map((tier) => ({ tierId: tier.id, name: tier.name, sold: Number(byTier.get(tier.id)?.sold ?? 0), checkedIn: Number(byTier.get(tier.id)?.checkedIn ?? 0) }));
}

/** The event's check-in code for volunteers without accounts: 8 characters only the server can make. */
export function eventCheckInCode(eventId: number): string {
  return sign('event-check-in', String(eventId), 8)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X');
}

export function isEventCheckInCode(eventId: number, code: string): boolean {
  const expected = Buffer.from(eventCheckInCode(eventId));
  const given = Buffer.from(code.trim().toUpperCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
