/**
 * The door's rules when the network comes and goes (docs/product.md#tickets, ADR 013). Pure, so the
 * server's sync and the phone's offline check share them.
 *
 * - **First scan wins:** a ticket's check-in is its earliest scan, by the time it was scanned, even
 *   when that phone syncs last. Every other scan of it is a duplicate.
 * - A phone's clock may be wrong: a scan is never later than the moment it reaches the server.
 */

/** A ticket as the phone keeps it in its list (the door list's JSON). */
export type DoorTicket = {
  id: number;
  code: string;
  /** The signed value in the ticket's QR image: matched exactly, so a forged value finds nothing. */
  qrValue: string;
  orderId: string;
  name: string;
  tier: string;
  status: 'valid' | 'checked_in' | 'held' | 'cancelled' | 'released';
  /** ISO time of its check-in, when checked in. */
  checkedInAt: string | null;
  answers: { label: string; text: string }[];
};

export type ScanDecision =
  /** This scan is the ticket's check-in; `displaces` when an earlier-synced scan of it was later in time. */
  | { outcome: 'first'; checkedInAt: Date; displaces: boolean }
  | { outcome: 'duplicate'; firstAt: Date }
  | { outcome: 'refused'; reason: string };

/** What a scan does to a ticket in its current state on the server. */
export function decideScan(ticket: { status: DoorTicket['status']; checkedInAt: Date | null }, scannedAt: Date): ScanDecision {
  if (ticket.status === 'valid') return { outcome: 'first', checkedInAt: scannedAt, displaces: false };
  if (ticket.status === 'checked_in') {
    const firstAt = ticket.checkedInAt ?? scannedAt;
    // A tie keeps the check-in already recorded.
    if (scannedAt.getTime() < firstAt.getTime()) return { outcome: 'first', checkedInAt: scannedAt, displaces: true };
    return { outcome: 'duplicate', firstAt };
  }
  return { outcome: 'refused', reason: notValidReason(ticket.status) };
}

export function notValidReason(status: DoorTicket['status']): string {
  return status === 'held' ? 'This ticket has not been paid for.' : 'This ticket was cancelled.';
}

/** The time a scan counts at: what the phone says, but never after `receivedAt`. */
export function scanTime(claimed: Date, receivedAt: Date): Date {
  return claimed.getTime() > receivedAt.getTime() ? receivedAt : claimed;
}

/** The order scans are applied in: by scan time, then by id (the same order whichever phone sends them). */
export function inScanOrder<Scan extends { scannedAt: Date; id: string }>(scans: readonly Scan[]): Scan[] {
  return [...scans].sort((a, b) => a.scannedAt.getTime() - b.scannedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A typed code as printed ('k7qx-93md', 'K7QX 93MD') in its stored form, or null. */
function typedCode(input: string): string | null {
  const typed = input.trim().toUpperCase().replace(/[\s-]/g, '');
  return /^[A-Z0-9]{8}$/.test(typed) ? typed : null;
}

/** The ticket of the list a scanned QR value (exactly) or a typed code names, if any. */
export function findDoorTicket(list: readonly DoorTicket[], input: string): DoorTicket | null {
  const text = input.trim();
  if (text.startsWith('PPA1:')) return list.find((ticket) => ticket.qrValue === text) ?? null;
  const code = typedCode(text);
  return code ? (list.find((ticket) => ticket.code === code) ?? null) : null;
}

export type LocalCheck =
  | { result: 'valid'; ticket: DoorTicket }
  | { result: 'already'; ticket: DoorTicket; at: string; onThisPhone: boolean }
  | { result: 'not-for-event' }
  | { result: 'not-valid'; ticket: DoorTicket; reason: string };

/**
 * The phone's answer without the network: the list as downloaded, plus what this phone checked in
 * since (ticket id → ISO time). The server decides at sync; this is what the volunteer sees now.
 */
export function checkLocally(list: readonly DoorTicket[], checkedHere: ReadonlyMap<number, string>, input: string): LocalCheck {
  const ticket = findDoorTicket(list, input);
  if (!ticket) return { result: 'not-for-event' };
  const here = checkedHere.get(ticket.id);
  if (here) return { result: 'already', ticket, at: here, onThisPhone: true };
  if (ticket.status === 'checked_in') return { result: 'already', ticket, at: ticket.checkedInAt ?? '', onThisPhone: false };
  if (ticket.status === 'valid') return { result: 'valid', ticket };
  return { result: 'not-valid', ticket, reason: notValidReason(ticket.status) };
}

/** The people of the list whose name (or code) holds every word of the query, by name; at most `limit`. */
export function searchDoorList(list: readonly DoorTicket[], query: string, limit = 20): DoorTicket[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return list
    .filter((ticket) => {
      const haystack = `${fold(ticket.name)} ${ticket.code.toLowerCase()}`;
      return words.every((word) => haystack.includes(fold(word)));
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
    .slice(0, limit);
}
