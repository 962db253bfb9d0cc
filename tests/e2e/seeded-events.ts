/**
 * The events of journeys that are about selling, transferring or checking tickets rather than
 * about the editor that makes events: they are made through the factories in the e2e server's data
 * folder before the server starts (tests/e2e/prepare-data.ts, run by playwright.config.ts), instead
 * of each journey publishing its event in the editor first (docs/architecture/tests.md). Each
 * journey has its own event, so no other journey's counts move. Publishing an event and adding
 * tiers, questions and codes in the editor stay the subject of content.spec.ts, editors-traps.spec.ts,
 * dead-ends.spec.ts, registration-questions.spec.ts and discount-codes.spec.ts.
 */
import { readFileSync } from 'node:fs';

export type SeededEvent = {
  title: string;
  /** One paragraph, as the editor stores what was typed. */
  description: string;
  /** A local time in Toronto, as typed in the editor's Starts field. */
  startsAt: string;
  endsAt?: string;
  venue: string;
  /** In the editor's order; prices in dollars. */
  tiers: { name: string; price: number; quantity: number; membersOnly?: boolean }[];
  /** Required choice questions about each attendee, shown at the door. */
  doorQuestions?: { label: string; options: string[] }[];
  /** A draft, on no public page; published when left out. */
  status?: 'draft';
};

export const seededEvents = {
  // tickets-phone.spec.ts: a one-seat tier to sell out, and one with room.
  lanternWalk: {
    title: 'Harbour Lantern Walk 2027',
    description: 'An evening walk along the harbour with paper lanterns; free, registration needed.',
    startsAt: '2027-09-18T19:00',
    endsAt: '2027-09-18T21:30',
    venue: 'Harbourfront Centre, Toronto',
    tiers: [
      { name: 'Lantern Maker', price: 0, quantity: 1 },
      { name: 'Walker', price: 0, quantity: 100 },
    ],
  },
  // ticket-transfer.spec.ts
  bookSwap: {
    title: 'Riverside Book Swap 2027',
    description: 'Bring a book, take a book: an afternoon by the river.',
    startsAt: '2027-06-12T14:00',
    venue: 'Riverside Pavilion, Ottawa',
    tiers: [{ name: 'Reader', price: 0, quantity: 50 }],
    doorQuestions: [{ label: 'Dietary needs', options: ['None', 'Vegetarian', 'Halal'] }],
  },
  // offline-check-in.spec.ts: one event per journey, each with its own attendees.
  doorReload: picnic('Lakeside Reunion Picnic 2027'),
  doorWithoutInternet: picnic('Harbourfront Alumni Breakfast 2027'),
  doorTwoPhones: picnic('Lakeside Reunion Picnic 2027'),
  doorWithoutJavaScript: picnic('Lakeside Reunion Picnic 2027'),
  // waitlist.spec.ts
  waitlistMatch: {
    title: 'Cricket Match 2031',
    description: 'The annual match against the old rivals.',
    startsAt: '2031-07-12T10:00',
    venue: 'Maple Leaf Cricket Club, King City',
    tiers: [{ name: 'Pavilion', price: 0, quantity: 1 }],
  },
  waitlistDinner: {
    title: 'Old Pupils’ Dinner 2031',
    description: 'The members’ dinner, and a table for guests.',
    startsAt: '2031-11-08T19:00',
    venue: 'Scarborough Civic Centre',
    tiers: [
      { name: 'Guest table', price: 0, quantity: 1 },
      { name: 'Members’ table', price: 0, quantity: 1, membersOnly: true },
    ],
  },
  // registration-questions.spec.ts: the questions are added in the editor by the journeys.
  reunionGala: {
    title: 'Reunion Gala 2031',
    description: 'Dinner and dancing with the class of 1996.',
    startsAt: '2031-09-20T18:30',
    venue: 'Grand Ballroom, Toronto',
    tiers: [{ name: 'Dinner', price: 0, quantity: 50 }],
  },
  cricketLunch: {
    title: 'Alumni Cricket Lunch 2031',
    description: 'Lunch in the pavilion after the match.',
    startsAt: '2031-08-02T12:30',
    venue: 'Maple Leaf Cricket Club, King City',
    tiers: [{ name: 'Lunch', price: 0, quantity: 40 }],
  },
  // sold-out.spec.ts: a paid tier of one seat, taken while two buyers have the order form open.
  supperClub: {
    title: 'Rooftop Supper Club 2031',
    description: 'Supper on the roof terrace, one long table.',
    startsAt: '2031-06-14T19:30',
    venue: 'The Rooftop, 1 King Street West, Toronto',
    tiers: [{ name: 'Supper', price: 35, quantity: 1 }],
  },
  // discount-codes.spec.ts: the code is added in the editor by the journey.
  matchDinner: {
    title: 'Cricket Match Dinner 2031',
    description: 'The annual match against the old rivals, then dinner.',
    startsAt: '2031-07-12T17:00',
    venue: 'Maple Leaf Cricket Club, King City',
    tiers: [{ name: 'Dinner', price: 50, quantity: 40 }],
  },
  // discovery-feeds.spec.ts: a name in Tamil and Sinhala with & < " in it, through the sitemap and
  // the calendar; and a draft that appears in neither. Years ahead, so they come last on /events.
  feedsEvening: {
    title: 'தமிழ் மாலை & සිංහල රාත්‍රිය: "<Songs>" of home',
    description: 'Songs & food from home; all welcome.',
    startsAt: '2032-02-14T18:00',
    endsAt: '2032-02-14T22:00',
    venue: 'St. Lawrence Hall; Room "A" & B',
    tiers: [{ name: 'Guest', price: 0, quantity: 100 }],
  },
  feedsDraft: {
    title: 'Draft Evening Never Shown 2032',
    description: 'Not yet announced.',
    startsAt: '2032-03-14T18:00',
    venue: 'St. Lawrence Hall',
    tiers: [],
    status: 'draft',
  },
} satisfies Record<string, SeededEvent>;

/**
 * The stories of discovery-feeds.spec.ts, made the same way: one in Sinhala and Tamil with & < "
 * in it, dated before the sample stories so the pages that show the latest ones stay as they are,
 * and a draft that appears nowhere.
 */
export const seededStories = [
  { title: 'සිංහල & தமிழ்: the "Old <Boys>" reunion', slug: 'sinhala-tamil-old-boys-reunion', excerpt: 'Tickets < $20 & "free" for the class of ’96 — ආයුබෝවන්, வணக்கம்.', daysAgo: 90 },
  { title: 'Draft Story Never Shown', slug: 'draft-story-never-shown', excerpt: 'Not yet written.', daysAgo: 1, status: 'draft' as const },
];

export type SeededEventName = keyof typeof seededEvents;

function picnic(title: string): SeededEvent {
  return { title, description: 'A picnic by the lake for every year group.', startsAt: '2027-07-10T12:00', venue: 'Centre Island, Toronto', tiers: [{ name: 'Picnic', price: 0, quantity: 50 }] };
}

/** The id of a seeded event, as tests/e2e/prepare-data.ts wrote it into `E2E_SEEDED_EVENTS`. */
export function seededEventId(name: SeededEventName): string {
  const file = process.env.E2E_SEEDED_EVENTS;
  if (!file) throw new Error('seededEventId: no E2E_SEEDED_EVENTS; playwright.config.ts prepares the e2e data folder before the journeys');
  const id = (JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<SeededEventName, number>>)[name];
  if (id === undefined) throw new Error(`seededEventId: no seeded event "${name}" in ${file}`);
  return String(id);
}
