import { z } from 'zod';
import type { WaitlistStatus } from '~/db/schema/enums';
import { requiredText } from '~/lib/fields';

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
  name: requiredText('Your name', 120),
  email: requiredText('Email', 254).pipe(z.email('Enter a valid email address.')),
});

export type WaitlistJoinInput = z.output<typeof waitlistJoinSchema>;

/** The leave link's confirmation: the token from the mail's link. */
export const waitlistLeaveSchema = z.object({ intent: z.literal('leave'), token: z.string().max(100) });
