import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { checkInScans, tickets } from '~/db/schema/tickets';
import { decideScan, inScanOrder, scanTime, type DoorTicket } from './door-sync';
import { answersOfEvent } from './questions.server';
import { hasValidSignature, sign } from '~/lib/signing.server';
import { codeFromInput } from './ticket-codes.server';
import { PASSED_ON, passedOnCode } from './ticket-transfer.server';

/**
 * The door with and without the network (docs/product.md#tickets, ADR 013): the list a phone keeps
 * for checking tickets offline, and the scans it sends back. Every check-in, online or synced, is a
 * row of `check_in_scans`; the earliest scan of a ticket is its check-in.
 */

/** What a phone downloads: every ticket that was ever valid, with the answers marked 'Show at the door'. */
export async function doorList(eventId: number): Promise<DoorTicket[]> {
  const rows = await db()
    .select()
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), inArray(tickets.status, ['valid', 'checked_in', 'cancelled'])))
    .orderBy(asc(tickets.attendeeName), asc(tickets.id));
  const answers = await answersOfEvent(eventId);
  return rows.map((ticket) => ({
    id: ticket.id,
    code: ticket.code,
    qrValue: ticket.qrValue,
    orderId: ticket.orderId,
    name: ticket.attendeeName,
    tier: ticket.tierName,
    tierId: ticket.tierId,
    status: ticket.status,
    checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
    answers: [...(answers.byTicket.get(ticket.id) ?? []), ...(answers.byOrder.get(ticket.orderId) ?? [])].filter((answer) => answer.atDoor).map(({ label, text }) => ({ label, text })),
  }));
}

/**
 * The version of what a phone keeps (its tiers, tickets and the duplicates count), for `If-None-Match`:
 * the check-in page asks for the list every 10 seconds, and a phone that holds it already gets a 304.
 */
export function doorListTag(content: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 27)}"`;
}

/**
 * A scan as a phone sends it: its own id, what was scanned or typed, when, the phone's id, and the
 * token of the list it was checked against (`doorListToken`; absent from pages of an earlier release).
 */
export type DoorScan = { id: string; code: string; scannedAt: Date; deviceId: string; list?: string | null };

/**
 * A list's download, signed: the phone keeps it with the list and sends it with each scan, so the
 * server knows the earliest time the scan can have been made (docs/architecture/door.md#scan-times).
 */
export function doorListToken(eventId: number, downloadedAt: Date): string {
  const at = String(downloadedAt.getTime());
  return `${at}.${sign('door-list', `${eventId}:${at}`, 22)}`;
}

/** When the list of a token was downloaded, if the server signed it for this event; null otherwise. */
export function listDownloadedAt(eventId: number, token: string | null | undefined): Date | null {
  const match = /^(\d{1,15})\.([\w-]{22})$/.exec(token ?? '');
  return match && hasValidSignature('door-list', `${eventId}:${match[1]}`, match[2]!, 22) ? new Date(Number(match[1])) : null;
}

export type ScanResult = { id: string } & (
  | { result: 'checked-in'; ticketId: number; orderId: string; name: string; tier: string; at: string }
  | { result: 'duplicate'; ticketId: number; orderId: string; name: string; tier: string; firstAt: string }
  | { result: 'refused'; ticketId: number; name: string; reason: string }
  | { result: 'not-for-event' }
);

/**
 * Applies scans in scan-time order and says what became of each. Idempotent per scan id: a scan
 * sent again is answered from its record (as it stands now: a check-in an earlier scan has since
 * displaced answers as a duplicate).
 */
export async function applyScans(eventId: number, scans: readonly DoorScan[], by: string, receivedAt = new Date()): Promise<ScanResult[]> {
  const timed = scans.map((scan) => ({ ...scan, scannedAt: scanTime(scan.scannedAt, receivedAt, listDownloadedAt(eventId, scan.list)) }));
  const results = new Map<string, ScanResult>();
  for (const scan of inScanOrder(timed)) {
    if (!results.has(scan.id)) results.set(scan.id, await applyScan(eventId, scan, by));
  }
  return scans.map((scan) => results.get(scan.id)!);
}

async function applyScan(eventId: number, scan: DoorScan, by: string): Promise<ScanResult> {
  const code = codeFromInput(scan.code);
  if (!code) return { id: scan.id, result: 'not-for-event' };
  return db().transaction(async (tx) => {
    // One scan of a ticket at a time: two phones syncing the same ticket wait for each other.
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.code, code)).limit(1).for('update');
    if (!ticket) {
      // A code retired by passing the ticket on (docs/product.md#passing-a-ticket-on) is named as such, not as unknown.
      const passed = await passedOnCode(eventId, code, tx);
      return passed ? ({ id: scan.id, result: 'refused', ticketId: passed.ticketId, name: passed.fromName, reason: PASSED_ON } as const) : ({ id: scan.id, result: 'not-for-event' } as const);
    }
    if (ticket.eventId !== eventId) return { id: scan.id, result: 'not-for-event' } as const;
    const [recorded] = await tx.select().from(checkInScans).where(eq(checkInScans.id, scan.id)).limit(1);
    if (recorded) return recorded.ticketId === ticket.id ? resultOf(scan.id, recorded, ticket) : ({ id: scan.id, result: 'not-for-event' } as const);
    const decision = decideScan(ticket, scan.scannedAt);
    const row = { id: scan.id, eventId, ticketId: ticket.id, scannedAt: scan.scannedAt, deviceId: scan.deviceId, checkedInBy: by };
    if (decision.outcome === 'refused') {
      await tx.insert(checkInScans).values({ ...row, outcome: 'refused', reason: decision.reason });
      return { id: scan.id, result: 'refused', ticketId: ticket.id, name: ticket.attendeeName, reason: decision.reason } as const;
    }
    if (decision.outcome === 'duplicate') {
      await tx.insert(checkInScans).values({ ...row, outcome: 'duplicate' });
      return { id: scan.id, result: 'duplicate', ticketId: ticket.id, orderId: ticket.orderId, name: ticket.attendeeName, tier: ticket.tierName, firstAt: decision.firstAt.toISOString() } as const;
    }
    if (decision.displaces) await markDuplicates(tx, ticket.id);
    await tx.insert(checkInScans).values({ ...row, outcome: 'first' });
    await tx.update(tickets).set({ status: 'checked_in', checkedInAt: decision.checkedInAt, checkedInBy: by }).where(eq(tickets.id, ticket.id));
    return { id: scan.id, result: 'checked-in', ticketId: ticket.id, orderId: ticket.orderId, name: ticket.attendeeName, tier: ticket.tierName, at: decision.checkedInAt.toISOString() } as const;
  });
}

/** A later scan's check-in gives way to an earlier one synced after it. */
async function markDuplicates(tx: Executor, ticketId: number): Promise<void> {
  await tx
    .update(checkInScans)
    .set({ outcome: 'duplicate' })
    .where(and(eq(checkInScans.ticketId, ticketId), eq(checkInScans.outcome, 'first')));
}

function resultOf(id: string, recorded: typeof checkInScans.$inferSelect, ticket: typeof tickets.$inferSelect): ScanResult {
  const person = { ticketId: ticket.id, name: ticket.attendeeName };
  if (recorded.outcome === 'refused') return { id, result: 'refused', ...person, reason: recorded.reason ?? '' };
  const seat = { ...person, orderId: ticket.orderId, tier: ticket.tierName };
  if (recorded.outcome === 'first') return { id, result: 'checked-in', ...seat, at: recorded.scannedAt.toISOString() };
  return { id, result: 'duplicate', ...seat, firstAt: (ticket.checkedInAt ?? recorded.scannedAt).toISOString() };
}

/** A check made on the server (the page's form, a phone online): a scan from the device 'online', now. */
export async function scanNow(eventId: number, input: string, by: string, now = new Date()): Promise<ScanResult> {
  const [result] = await applyScans(eventId, [{ id: randomUUID(), code: input, scannedAt: now, deviceId: 'online', list: doorListToken(eventId, now) }], by, now);
  return result!;
}

/** How many scans of the event's tickets came after their check-in (a ticket shown twice). */
export async function duplicateScans(eventId: number): Promise<number> {
  const [row] = await db()
    .select({ duplicates: count() })
    .from(checkInScans)
    .where(and(eq(checkInScans.eventId, eventId), eq(checkInScans.outcome, 'duplicate')));
  return Number(row?.duplicates ?? 0);
}
