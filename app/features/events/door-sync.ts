/**
 * The door's rules when the network comes and goes (docs/product.md#tickets, ADR 013). Pure, so the
 * server's sync and the phone's offline check share them.
 *
 * - **First scan wins:** a ticket's check-in is its earliest scan, by the time it was scanned, even
 *   when that phone syncs last. Every other scan of it is a duplicate.
 * - A phone's clock may be wrong, and a time may be forged: a scan counts no earlier than the
 *   download of the list it was checked against, and no later than the moment it reaches the server.
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
  /** Its tier's id, for the counts per tier ('Checked in'); lists kept by an earlier release lack it. */
  tierId?: number;
  status: 'valid' | 'checked_in' | 'held' | 'cancelled' | 'released';
  /** ISO time of its check-in, when checked in. */
  checkedInAt: string | null;
  answers: { label: string; text: string }[];
};

export type ScanDecision =
  /** This scan is the ticket's check-in; `displaces` when an earlier-synced scan of it was later in time. */
  { outcome: 'first'; checkedInAt: Date; displaces: boolean } | { outcome: 'duplicate'; firstAt: Date } | { outcome: 'refused'; reason: string };

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

/**
 * The time a scan counts at: what the phone says, but only between the download of the list it was
 * checked against (`listDownloadedAt`, as the server signed it) and `receivedAt`; a phone's clock
 * may be wrong, and a forged time must not make a scan the first (docs/architecture/door.md#scan-times).
 * A scan that names no list it was checked against counts when it reached the server.
 */
export function scanTime(claimed: Date, receivedAt: Date, listDownloadedAt: Date | null): Date {
  if (!listDownloadedAt) return receivedAt;
  const time = Math.min(Math.max(claimed.getTime(), listDownloadedAt.getTime()), receivedAt.getTime());
  return time === claimed.getTime() ? claimed : new Date(time);
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

/** A tier of the event, in the order the page lists them. */
export type DoorTier = { id: number; name: string };
export type TierCount = { tierId: number; name: string; sold: number; checkedIn: number };

/**
 * 'Checked in' per tier as this phone knows it: the list as downloaded (and checked since), plus the
 * check-ins waiting on this phone to sync. Sold counts valid and checked-in tickets, as the server does.
 */
export function doorCounts(tiers: readonly DoorTier[], list: readonly DoorTicket[], waiting: ReadonlySet<number>): TierCount[] {
  return tiers.map((tier) => {
    const seats = list.filter((ticket) => ticket.tierId === tier.id && (ticket.status === 'valid' || ticket.status === 'checked_in'));
    return { tierId: tier.id, name: tier.name, sold: seats.length, checkedIn: seats.filter((ticket) => ticket.status === 'checked_in' || waiting.has(ticket.id)).length };
  });
}

/** Letters that carry their mark inside them (no decomposition takes it off): what a person types instead. */
const plainLetters: Record<string, string> = { ł: 'l', đ: 'd', ð: 'd', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't', ŀ: 'l', ŋ: 'n' };

/** The combining diacritics (with their extended and supplement blocks, for symbols, for half marks) and the zero-width (non-)joiners. */
const leftOut = (code: number) =>
  (code >= 0x0300 && code <= 0x036f) ||
  (code >= 0x1ab0 && code <= 0x1aff) ||
  (code >= 0x1dc0 && code <= 0x1dff) ||
  (code >= 0x20d0 && code <= 0x20ff) ||
  (code >= 0xfe20 && code <= 0xfe2f) ||
  code === 0x200c ||
  code === 0x200d;

/**
 * A name as the search compares it: case folded, and the accents of Latin letters taken off ('Thérèse'
 * and 'therese', 'Łukasz' and 'lukasz'), apostrophes left out ('O’Brien', "o'brien", 'obrien').
 * Only the combining diacritics (U+0300–036F and their extensions) go: the vowel signs of Tamil and
 * Sinhala are letters of the name ('செ' is not 'ச'), so a name in those scripts is found by what is
 * typed of it, and the zero-width joiners some keyboards put in Sinhala conjuncts are ignored.
 */
export function foldName(text: string): string {
  return Array.from(text.normalize('NFD'))
    .filter((character) => !leftOut(character.codePointAt(0)!))
    .join('')
    .toLowerCase()
    .replace(/[łđðøßæœþıħŧŀŋ]/g, (letter) => plainLetters[letter] ?? letter)
    .replace(/['‘’ʼ`´]/g, '');
}

/** The people of the list whose name (or code) holds every word of the query, by name; at most `limit`. */
export function searchDoorList(list: readonly DoorTicket[], query: string, limit = 20): DoorTicket[] {
  const words = foldName(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return list
    .filter((ticket) => {
      const code = ticket.code.toLowerCase();
      const haystack = `${foldName(ticket.name)} ${code} ${code.slice(0, 4)}-${code.slice(4)}`;
      return words.every((word) => haystack.includes(word));
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
    .slice(0, limit);
}
