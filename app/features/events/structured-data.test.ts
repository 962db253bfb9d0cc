import { describe, expect, it } from 'vitest';
import { publicSettings } from '../../../tests/factories/site-settings';
import { siteContext } from '~/lib/structured-data';
import { eventJsonLd, offerAvailability, type EventForStructuredData } from './structured-data';
import { tierSaleState } from './tickets';

const site = siteContext(publicSettings(), 'https://alumni.example.org');
const now = new Date('2027-03-01T12:00:00Z');

const tier = (name: string, priceCents: number, state: EventForStructuredData['tiers'][number]['state'], extra: Partial<EventForStructuredData['tiers'][number]> = {}) => ({
  name,
  priceCents,
  membersOnly: false,
  salesStart: null,
  salesEnd: null,
  state,
  ...extra,
});

const gala: EventForStructuredData = {
  id: 7,
  title: 'Annual Gala Night',
  summary: 'Our signature evening of the year.',
  startsAt: new Date('2027-05-15T22:00:00Z'),
  endsAt: new Date('2027-05-16T03:30:00Z'),
  timeZone: 'America/Toronto',
  venue: 'Grand Ballroom, Hilton Mississauga',
  address: '6750 Mississauga Road\nMississauga, ON',
  venueMapLink: 'https://maps.google.com/?q=6750+Mississauga+Road',
  registrationKind: 'tickets',
  externalFormLink: null,
  tiers: [
    tier('Standard', 7500, { kind: 'on-sale', remaining: 200, fewLeft: false }),
    tier('Student', 4000, { kind: 'on-sale', remaining: 3, fewLeft: true }, { membersOnly: true }),
    tier('VIP Table', 90000, { kind: 'sold-out' }),
    tier('Late', 9000, { kind: 'not-yet', opensAt: new Date('2027-04-01T13:00:00Z') }, { salesStart: new Date('2027-04-01T13:00:00Z'), salesEnd: new Date('2027-05-15T16:00:00Z') }),
    tier('Early bird', 6000, { kind: 'ended' }),
  ],
};

describe('an event in structured data', () => {
  it('is an Event with its dates in its own zone and offset, the place and address, the organiser and an offer per tier', () => {
    const data = eventJsonLd(gala, site, { image: 'https://alumni.example.org/previews/event-7-0123456789abcdef0123.jpg', now });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Annual Gala Night',
      description: 'Our signature evening of the year.',
      url: 'https://alumni.example.org/events/7',
      image: ['https://alumni.example.org/previews/event-7-0123456789abcdef0123.jpg'],
      startDate: '2027-05-15T18:00:00-04:00',
      endDate: '2027-05-15T23:30:00-04:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Grand Ballroom, Hilton Mississauga',
        address: { '@type': 'PostalAddress', streetAddress: '6750 Mississauga Road, Mississauga, ON' },
        hasMap: 'https://maps.google.com/?q=6750+Mississauga+Road',
      },
      organizer: { '@type': 'Organization', name: 'Harbour College Past Pupils’ Association, North America', url: 'https://alumni.example.org/' },
    });
    expect(data.offers).toEqual([
      { '@type': 'Offer', name: 'Standard', price: '75.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: 'https://alumni.example.org/events/7' },
      {
        '@type': 'Offer',
        name: 'Student',
        description: 'For members of the association.',
        price: '40.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/LimitedAvailability',
        url: 'https://alumni.example.org/events/7',
      },
      { '@type': 'Offer', name: 'VIP Table', price: '900.00', priceCurrency: 'USD', availability: 'https://schema.org/SoldOut', url: 'https://alumni.example.org/events/7' },
      {
        '@type': 'Offer',
        name: 'Late',
        price: '90.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/PreOrder',
        url: 'https://alumni.example.org/events/7',
        validFrom: '2027-04-01T09:00:00-04:00',
        validThrough: '2027-05-15T12:00:00-04:00',
      },
      { '@type': 'Offer', name: 'Early bird', price: '60.00', priceCurrency: 'USD', availability: 'https://schema.org/Discontinued', url: 'https://alumni.example.org/events/7' },
    ]);
  });

  it('sends buyers of an event registered elsewhere to its form, and offers nothing for an event without registration', () => {
    const external = eventJsonLd({ ...gala, registrationKind: 'external', externalFormLink: 'https://forms.example.org/gala', tiers: [gala.tiers[0]!] }, site, { image: 'x', now });
    expect((external.offers as { url: string }[])[0]!.url).toBe('https://forms.example.org/gala');
    expect(eventJsonLd({ ...gala, registrationKind: 'none' }, site, { image: 'x', now })).not.toHaveProperty('offers');
    expect(eventJsonLd({ ...gala, tiers: [] }, site, { image: 'x', now })).not.toHaveProperty('offers');
  });

  it('is an online event at a venue that says so, without a postal address', () => {
    const webinar = eventJsonLd({ ...gala, venue: 'Online (link sent after registration)', address: null, venueMapLink: null, endsAt: null }, site, { image: 'x', now });
    expect(webinar.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(webinar.location).toEqual({ '@type': 'VirtualLocation', name: 'Online (link sent after registration)', url: 'https://alumni.example.org/events/7' });
    expect(webinar).not.toHaveProperty('endDate');
  });

  it('gives a place without an address of its own the venue as its address', () => {
    const park = eventJsonLd({ ...gala, venue: 'Ashtonbee Reservoir Park, Scarborough', address: null, venueMapLink: null }, site, { image: 'x', now });
    expect(park.location).toEqual({ '@type': 'Place', name: 'Ashtonbee Reservoir Park, Scarborough', address: { '@type': 'PostalAddress', streetAddress: 'Ashtonbee Reservoir Park, Scarborough' } });
  });
});

describe('offerAvailability', () => {
  it('says what the ticket card says, in schema.org’s words', () => {
    const at = new Date('2027-03-01T12:00:00Z');
    const cases: [Parameters<typeof tierSaleState>[0], number, string][] = [
      [{}, 100, 'InStock'],
      [{}, 5, 'LimitedAvailability'],
      [{}, 0, 'SoldOut'],
      [{ closed: true }, 100, 'Discontinued'],
      [{ salesStart: new Date('2027-03-02T00:00:00Z') }, 100, 'PreOrder'],
      [{ salesEnd: new Date('2027-02-01T00:00:00Z') }, 100, 'Discontinued'],
    ];
    for (const [tierRow, remaining, expected] of cases) {
      expect(offerAvailability(tierSaleState(tierRow, remaining, at), { eventStarted: false })).toBe(`https://schema.org/${expected}`);
    }
  });

  it('sells nothing once the event has started', () => {
    expect(offerAvailability({ kind: 'on-sale', remaining: 10, fewLeft: true }, { eventStarted: true })).toBe('https://schema.org/Discontinued');
    const started = eventJsonLd(gala, site, { image: 'x', now: new Date('2027-05-15T22:00:00Z') });
    expect((started.offers as { availability: string }[]).every((offer) => offer.availability === 'https://schema.org/Discontinued')).toBe(true);
  });
});
