import { z } from 'zod';
import { optionalText, postedId, requiredText } from '~/lib/fields';

/**
 * Passing a ticket on (docs/product.md#passing-a-ticket-on): the rule of which tickets may be passed,
 * and the form, shared by the ticket page in the browser and its action (docs/architecture.md#forms).
 */

/** Why this ticket cannot be passed on at `now`, in the words the buyer reads; null when it can. */
export function transferRefusal(ticket: { status: string; orderStatus: string }, event: { startsAt: Date }, now: Date): string | null {
  if (now >= event.startsAt) return 'The event has started: tickets can no longer be passed to someone else.';
  if (ticket.orderStatus !== 'confirmed') return 'Only the tickets of a paid or confirmed order can be passed to someone else.';
  if (ticket.status === 'checked_in') return 'This ticket has already been used at the door.';
  if (ticket.status !== 'valid') return 'This ticket is no longer valid, so it cannot be passed to someone else.';
  return null;
}

/** The ticket page's form to pass one ticket on: the new attendee's name, and optionally where to mail the ticket. */
export const transferSchema = z.object({
  intent: z.literal('transfer'),
  ticketId: postedId,
  attendeeName: requiredText('New attendee name', 120),
  attendeeEmail: optionalText('Their email', 254).refine((value) => value === null || z.email().safeParse(value).success, 'Enter a valid email address.'),
});

export type TransferInput = z.output<typeof transferSchema>;
