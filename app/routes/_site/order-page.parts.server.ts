import { createHash } from 'node:crypto';
import { redirect } from 'react-router';
import { getPublicSiteSettings } from '~/features/content/settings.server';
import { getEventWithTiers } from '~/features/events/events.server';
import { selectionChanges } from '~/features/events/order-changes';
import { selectionFromParam } from '~/features/events/orders.schema';
import { tiersWithAvailability } from '~/features/events/orders.server';
import { listQuestions } from '~/features/events/questions.server';
import { assessTicketRequest, ticketCardOffer, type TicketViewer } from '~/features/events/tickets';
import { waitlistPath } from '~/features/events/waitlist';
import { offerOfLink } from '~/features/events/waitlist.server';
import { messages } from '~/lib/messages';
import { notFound, parseId } from '~/lib/params';
import { sharedAnswers, type SharedRefusal } from '~/lib/shared-answers.server';
import type { OrderWaitlist } from './order-notices.parts';

/**
 * What the order page (routes/_site/events.$id.order.tsx) offers for its link, read by its loader,
 * its action and its middleware alike: the event, the seats the link asks for that can be had now,
 * and what changed since the link was made (docs/product.md#tickets).
 */
export async function loadOrder(request: Request, rawId: string | undefined) {
  const id = parseId(rawId);
  const event = id === null ? undefined : await getEventWithTiers(id);
  if (!event) notFound(messages.eventNotFound);
  const offer = await offerOfLink(new URL(request.url).searchParams.get('offer'), event.id);
  const tiers = await tiersWithAvailability(event.tiers, new Date(), offer.tierId ?? undefined);
  const requested = selectionFromParam(new URL(request.url).searchParams.get('seats'));
  const outcome = assessTicketRequest({ externalFormLink: event.externalFormLink, tiers }, requested);
  // Nothing asked for, or a form elsewhere: the event page is where tickets are chosen.
  if (outcome.kind === 'external-form' || !Object.values(requested).some((quantity) => quantity > 0)) throw redirect(`/events/${event.id}`);
  const ended = (event.endsAt ?? event.startsAt) <= new Date();
  const selection = outcome.kind === 'selected' && !ended ? outcome.selection : {};
  const notes = ended ? ['This event has ended. Ticket sales are closed.'] : [...(offer.refusal ? [offer.refusal] : []), ...selectionChanges(tiers, requested, selection)];
  // One line per seat, in the tiers' order: the attendee names follow it.
  const seats = tiers.flatMap((tier) => Array.from({ length: selection[tier.id] ?? 0 }, () => ({ tierId: tier.id, tierName: tier.name, priceCents: tier.priceCents })));
  const questions = await listQuestions(event.id);
  return { event, tiers, requested, ended, seats, notes, totalCents: seats.reduce((total, seat) => total + seat.priceCents, 0), selection, questions, offer };
}

export type LoadedOrder = Awaited<ReturnType<typeof loadOrder>>;

/**
 * The waitlists of the tiers the link asked for that are sold out, as the event page's ticket card
 * offers them to this viewer (not a members-only tier closed to them, nothing once the event ended).
 */
export function waitlistsOf(order: LoadedOrder, viewer: TicketViewer): OrderWaitlist[] {
  const asked = order.tiers.filter((tier) => (order.requested[tier.id] ?? 0) > 0);
  const { waitlistTierIds } = ticketCardOffer(asked, viewer, { hasExternalForm: false, hasEnded: order.ended });
  return asked.filter((tier) => waitlistTierIds.includes(tier.id)).map((tier) => ({ tierName: tier.name, path: waitlistPath(order.event.id, tier.id) }));
}

/**
 * The order page's middleware: a post for tickets that are all gone, from an anonymous visitor
 * without JavaScript, is answered with the page rendered once for its address and refusal
 * (lib/shared-answers.server.ts; docs/architecture/events.md#the-order-queue): most buyers of a big
 * night get it. A waitlist offer's link is the visitor's own, and never shared. The page is made
 * from what the link offers and the site's settings (the root loader's; an anonymous visitor has no
 * more): their fingerprint, not the content version, says when a copy is stale, since each seat
 * sold and paid meanwhile moves that version without changing a sold-out page.
 */
export async function soldOutRefusal(request: Request, eventId: string | undefined): Promise<SharedRefusal | null> {
  if (new URL(request.url).searchParams.has('offer')) return null;
  const order = await loadOrder(request, eventId);
  if (order.seats.length > 0) return null;
  const settings = await getPublicSiteSettings();
  return {
    refusal: order.notes.join('\n'),
    madeFrom: createHash('sha256')
      .update(JSON.stringify([order, settings]))
      .digest('base64url'),
  };
}

export const soldOutAnswers = sharedAnswers({ refusalOf: ({ request, params }) => soldOutRefusal(request, params.id) });
