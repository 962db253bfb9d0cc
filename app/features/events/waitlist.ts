import { z } from 'zod';
import type { WaitlistStatus } from '~/db/schema/enums';
import { personName, requiredText } from '~/lib/fields';

/**
 * Waitlist rules (docs/product.md#waitlist): pure, shared by the join form in the browser, the
 * server that hands out freed seats, and the order page that reads an offer link.
 */

/** How long a freed seat is held for the person offered it (pretix's default). */
export const WAITLIST_OFFER_HOURS = 24;

export function offerExpiry(now: Date): Date {
  return new Date(now.getTime() + WAITLIST_OFFER_HOURS * 3_600_000);
}

/**
 * The seats of a tier the public may buy: what is neither sold, held nor offered, less one for
 * each person still waiting (a freed seat goes to the line first, not back on sale).
 */
export function publicRemaining(cap: number, taken: number, waiting: number): number {
  return Math.max(0, cap - taken - waiting);
}

/** How many waiting people get an offer now: one per free seat, as long as the line lasts. */
export function seatsToOffer(cap: number, taken: number, waiting: number): number {
  return Math.max(0, Math.min(cap - taken, waiting));
}

/** Whether a tier's freed seats still go anywhere: it is open for sale (or will be), in a published event not yet over. */
export function seatsStillSell(tier: { closed: boolean; salesEnd: Date | null }, event: { status: string; startsAt: Date; endsAt: Date | null }, now: Date): boolean {
  if (tier.closed || (tier.salesEnd && tier.salesEnd <= now)) return false;
  return event.status === 'published' && (event.endsAt ?? event.startsAt) > now;
}

/**
 * Where seats freed at once (a cancellation) went, or will go: offered to people waiting (one
 * each), back on sale, or not sold again because the tier's sales are over (docs/product.md#waitlist).
 */
export type FreedSeats = { offered: number; onSale: number; notSold: number };

/**
 * Where `freed` seats of a tier go by the rule offerSeats applies in the transaction that frees
 * them: while the tier still sells, to the people waiting first (`offered`: how many got an offer,
 * or, asked beforehand, how many wait), the rest back on sale; once sales are over, nowhere.
 */
export function freedSeatsOf(freed: number, offered: number, stillSells: boolean): FreedSeats {
  if (!stillSells) return { offered: 0, onSale: 0, notSold: freed };
  const toLine = Math.min(freed, Math.max(0, offered));
  return { offered: toLine, onSale: freed - toLine, notSold: 0 };
}

export function addFreedSeats(a: FreedSeats, b: FreedSeats): FreedSeats {
  return { offered: a.offered + b.offered, onSale: a.onSale + b.onSale, notSold: a.notSold + b.notSold };
}

/**
 * Where the seats of these tickets (their tiers' ids, one per ticket) would go if they were
 * cancelled now, by the same rule (asked before the committee confirms a cancellation): each tier's
 * people waiting take them first while the tier still sells.
 */
export function freedSeatsForecast(tierIds: number[], tiers: readonly { tierId: number; waiting: number; stillSells: boolean }[]): FreedSeats {
  let seats: FreedSeats = { offered: 0, onSale: 0, notSold: 0 };
  for (const tierId of new Set(tierIds)) {
    const tier = tiers.find((candidate) => candidate.tierId === tierId);
    seats = addFreedSeats(seats, freedSeatsOf(tierIds.filter((id) => id === tierId).length, tier?.waiting ?? 0, tier?.stillSells ?? false));
  }
  return seats;
}

/** What became of freed seats, in a sentence the committee's toast and the buyer's mail share. */
export function freedSeatsSentence(seats: FreedSeats): string {
  const total = seats.offered + seats.onSale + seats.notSold;
  const one = total === 1;
  if (seats.offered === total) return one ? 'The seat is offered to the next person on the waitlist.' : 'The seats are offered to the next people on the waitlist.';
  if (seats.onSale === total) return one ? 'The seat is on sale again.' : 'The seats are on sale again.';
  if (seats.notSold === total) return one ? 'The seat is not sold again: its sales are closed.' : 'The seats are not sold again: their sales are closed.';
  const parts = [
    seats.offered ? `${seats.offered} ${seats.offered === 1 ? 'seat is offered to the next person' : 'seats are offered to the next people'} on the waitlist` : null,
    seats.onSale ? `${seats.onSale} ${seats.onSale === 1 ? 'is' : 'are'} on sale again` : null,
    seats.notSold ? `${seats.notSold} ${seats.notSold === 1 ? 'is' : 'are'} not sold again (sales closed)` : null,
  ].filter((part): part is string => part !== null);
  return `Of the ${total} seats, ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}.`;
}

/** An offer is open while it is `offered` and its expiry has not come; after that its seat is free again. */
export function offerIsOpen(entry: { status: WaitlistStatus; offerExpiresAt: Date | null }, now: Date): boolean {
  return entry.status === 'offered' && entry.offerExpiresAt !== null && entry.offerExpiresAt > now;
}

export type OfferState = { kind: 'open'; expiresAt: Date } | { kind: 'used' } | { kind: 'lapsed' } | { kind: 'removed' } | { kind: 'unknown' };

/** What an offer link finds (the order page): a seat held until its expiry, or why not. */
export function offerState(entry: { status: WaitlistStatus; offerExpiresAt: Date | null } | null, now: Date): OfferState {
  if (!entry) return { kind: 'unknown' };
  if (offerIsOpen(entry, now)) return { kind: 'open', expiresAt: entry.offerExpiresAt! };
  if (entry.status === 'ordered') return { kind: 'used' };
  if (entry.status === 'removed') return { kind: 'removed' };
  if (entry.status === 'offered' || entry.status === 'lapsed') return { kind: 'lapsed' };
  return { kind: 'unknown' };
}

/** The order page's words for an offer link that no longer holds a seat. */
export function offerRefusal(state: OfferState): string | null {
  switch (state.kind) {
    case 'open':
      return null;
    case 'used':
      return 'This waitlist link has already been used to order the seat.';
    case 'lapsed':
      return 'This waitlist offer has expired, and the seat has passed to the next person in line.';
    case 'removed':
      return 'This waitlist place was removed, so the link no longer holds a seat.';
    case 'unknown':
      return 'This waitlist link is not valid. Check that the whole link from the mail was opened.';
  }
}

/** Where a tier's waitlist link sends a visitor: the join form for one tier. */
export function waitlistPath(eventId: number, tierId: number): string {
  return `/events/${eventId}/waitlist?tier=${tierId}`;
}

/** The join form, shared by the browser and the server. */
export const waitlistJoinSchema = z.object({
  tierId: z.coerce.number({ error: 'Choose a ticket.' }).int('Choose a ticket.').positive('Choose a ticket.'),
  name: personName('Your name'),
  email: requiredText('Email', 254).pipe(z.email('Enter a valid email address.')),
});

export type WaitlistJoinInput = z.output<typeof waitlistJoinSchema>;

/** The leave link's confirmation: the token from the mail's link. */
export const waitlistLeaveSchema = z.object({ intent: z.literal('leave'), token: z.string().max(100) });
