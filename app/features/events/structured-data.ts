import type { RegistrationKind } from '~/db/schema/enums';
import { toIsoWithOffset } from '~/lib/dates';
import { postalAddress, type JsonLd, type SiteContext } from '~/lib/structured-data';
import { cutAtWord } from '~/lib/text';
import { showsTicketCard, type TierSaleState } from './tickets';

/**
 * An event page's schema.org `Event` (docs/architecture/previews.md#structured-data): its dates in
 * the event's own time zone with their offset, the place and its address, the association as
 * organiser, and an offer per ticket tier with its price and whether it can be bought now. Pure.
 */
export type EventForStructuredData = {
  id: number;
  title: string;
  /** The description as plain text. */
  summary: string;
  startsAt: Date;
  endsAt: Date | null;
  timeZone: string;
  venue: string;
  address: string | null;
  venueMapLink: string | null;
  registrationKind: RegistrationKind;
  externalFormLink: string | null;
  tiers: readonly { name: string; priceCents: number; membersOnly: boolean; salesStart: Date | null; salesEnd: Date | null; state: TierSaleState }[];
};

const schema = (term: string) => `https://schema.org/${term}`;

/**
 * A tier's sale state in schema.org's words: on sale is InStock (LimitedAvailability under the
 * 'Only N left' mark), sold out is SoldOut, sales still to open PreOrder (with the offer's
 * validFrom), closed by an editor or past its sales end Discontinued, as is every tier of an event
 * that has started (the ticket card sells nothing then).
 */
export function offerAvailability(state: TierSaleState, options: { eventStarted: boolean }): string {
  if (options.eventStarted) return schema('Discontinued');
  switch (state.kind) {
    case 'on-sale':
      return schema(state.fewLeft ? 'LimitedAvailability' : 'InStock');
    case 'sold-out':
      return schema('SoldOut');
    case 'not-yet':
      return schema('PreOrder');
    case 'closed':
    case 'ended':
      return schema('Discontinued');
  }
}

/** A venue that says it is online ('Online (link sent after registration)') is an online event. */
const isOnline = (venue: string) => /^\s*online\b/i.test(venue);

export function eventJsonLd(event: EventForStructuredData, site: SiteContext, options: { image: string; now?: Date }): JsonLd {
  const url = `${site.url}/events/${event.id}`;
  const now = options.now ?? new Date();
  const online = isOnline(event.venue);
  // Where people sign up: the event's own form elsewhere, or its ticket card on this page.
  const offerUrl = event.registrationKind === 'external' && event.externalFormLink ? event.externalFormLink : url;
  const offers = showsTicketCard(event)
    ? event.tiers.map((tier) => ({
        '@type': 'Offer',
        name: tier.name,
        ...(tier.membersOnly ? { description: 'For members of the association.' } : {}),
        price: (tier.priceCents / 100).toFixed(2),
        priceCurrency: 'USD',
        availability: offerAvailability(tier.state, { eventStarted: event.startsAt.getTime() <= now.getTime() }),
        url: offerUrl,
        ...(tier.salesStart ? { validFrom: toIsoWithOffset(tier.salesStart, event.timeZone) } : {}),
        ...(tier.salesEnd ? { validThrough: toIsoWithOffset(tier.salesEnd, event.timeZone) } : {}),
      }))
    : [];
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: cutAtWord(event.summary, 500),
    url,
    image: [options.image],
    startDate: toIsoWithOffset(event.startsAt, event.timeZone),
    ...(event.endsAt ? { endDate: toIsoWithOffset(event.endsAt, event.timeZone) } : {}),
    // A cancelled event is unpublished (and its page answers 404), so a published one is scheduled.
    eventStatus: schema('EventScheduled'),
    eventAttendanceMode: schema(online ? 'OnlineEventAttendanceMode' : 'OfflineEventAttendanceMode'),
    location: online
      ? { '@type': 'VirtualLocation', name: event.venue, url }
      : {
          '@type': 'Place',
          name: event.venue,
          address: postalAddress(event.address ?? event.venue),
          ...(event.venueMapLink ? { hasMap: event.venueMapLink } : {}),
        },
    organizer: site.publisher,
    ...(offers.length > 0 ? { offers } : {}),
  };
}
