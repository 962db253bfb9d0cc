import { describe, expect, it } from 'vitest';
import {
  freedSeatsForecast,
  freedSeatsOf,
  freedSeatsSentence,
  offerExpiry,
  offerIsOpen,
  offerRefusal,
  offerState,
  publicRemaining,
  seatsStillSell,
  seatsToOffer,
  waitlistJoinSchema,
  WAITLIST_OFFER_HOURS,
} from './waitlist';

const now = new Date('2027-03-14T18:00:00Z');
const later = new Date(now.getTime() + 60_000);
const earlier = new Date(now.getTime() - 60_000);

describe('publicRemaining', () => {
  it('keeps a freed seat for each person waiting', () => {
    expect(publicRemaining(10, 7, 0)).toBe(3);
    expect(publicRemaining(10, 7, 2)).toBe(1);
    expect(publicRemaining(10, 7, 5)).toBe(0);
    expect(publicRemaining(10, 12, 0)).toBe(0);
  });
});

describe('seatsToOffer', () => {
  it('offers one seat per free seat while the line lasts', () => {
    expect(seatsToOffer(10, 10, 3)).toBe(0);
    expect(seatsToOffer(10, 9, 3)).toBe(1);
    expect(seatsToOffer(10, 5, 3)).toBe(3);
    expect(seatsToOffer(10, 5, 0)).toBe(0);
    expect(seatsToOffer(10, 12, 3)).toBe(0);
  });
});

describe('offers', () => {
  it('expire WAITLIST_OFFER_HOURS after they are made', () => {
    expect(offerExpiry(now).getTime() - now.getTime()).toBe(WAITLIST_OFFER_HOURS * 3_600_000);
  });

  it('are open only while offered and not yet expired', () => {
    expect(offerIsOpen({ status: 'offered', offerExpiresAt: later }, now)).toBe(true);
    expect(offerIsOpen({ status: 'offered', offerExpiresAt: now }, now)).toBe(false);
    expect(offerIsOpen({ status: 'offered', offerExpiresAt: null }, now)).toBe(false);
    expect(offerIsOpen({ status: 'ordered', offerExpiresAt: later }, now)).toBe(false);
  });

  it('say why a link no longer holds a seat', () => {
    expect(offerState({ status: 'offered', offerExpiresAt: later }, now)).toEqual({ kind: 'open', expiresAt: later });
    expect(offerState({ status: 'offered', offerExpiresAt: earlier }, now).kind).toBe('lapsed');
    expect(offerState({ status: 'lapsed', offerExpiresAt: earlier }, now).kind).toBe('lapsed');
    expect(offerState({ status: 'ordered', offerExpiresAt: later }, now).kind).toBe('used');
    expect(offerState({ status: 'removed', offerExpiresAt: later }, now).kind).toBe('removed');
    expect(offerState(null, now).kind).toBe('unknown');
    expect(offerRefusal({ kind: 'open', expiresAt: later })).toBeNull();
    expect(offerRefusal({ kind: 'lapsed' })).toMatch(/expired/);
    expect(offerRefusal({ kind: 'used' })).toMatch(/already been used/);
  });
});

describe('waitlistJoinSchema', () => {
  it('takes a tier, a name and an email', () => {
    expect(waitlistJoinSchema.parse({ tierId: '4', name: ' Ada ', email: 'ada@example.org' })).toEqual({ tierId: 4, name: 'Ada', email: 'ada@example.org' });
  });

  it('says what is wrong with bad input', () => {
    const result = waitlistJoinSchema.safeParse({ tierId: 'x', name: '', email: 'nope' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(['Choose a ticket.', 'Your name is required.', 'Enter a valid email address.']));
  });
});

describe('freed seats (a cancellation)', () => {
  const event = { status: 'published', startsAt: later, endsAt: null };
  const open = { closed: false, salesEnd: null };

  it('still sell while the tier is open and the event published and not over', () => {
    expect(seatsStillSell(open, event, now)).toBe(true);
    expect(seatsStillSell({ closed: true, salesEnd: null }, event, now)).toBe(false);
    expect(seatsStillSell({ closed: false, salesEnd: now }, event, now)).toBe(false);
    expect(seatsStillSell(open, { ...event, startsAt: earlier }, now)).toBe(false);
    expect(seatsStillSell(open, { ...event, startsAt: earlier, endsAt: later }, now)).toBe(true);
    expect(seatsStillSell(open, { ...event, status: 'draft' }, now)).toBe(false);
  });

  it('go to the people waiting first, one each, the rest back on sale; nowhere once sales are over', () => {
    expect(freedSeatsOf(1, 2, true)).toEqual({ offered: 1, onSale: 0, notSold: 0 });
    expect(freedSeatsOf(3, 1, true)).toEqual({ offered: 1, onSale: 2, notSold: 0 });
    expect(freedSeatsOf(2, 0, true)).toEqual({ offered: 0, onSale: 2, notSold: 0 });
    expect(freedSeatsOf(2, 5, false)).toEqual({ offered: 0, onSale: 0, notSold: 2 });
  });

  it('are foreseen per tier from the people waiting, before the committee confirms', () => {
    const tiers = [
      { tierId: 1, waiting: 1, stillSells: true },
      { tierId: 2, waiting: 0, stillSells: true },
      { tierId: 3, waiting: 4, stillSells: false },
    ];
    expect(freedSeatsForecast([1], tiers)).toEqual({ offered: 1, onSale: 0, notSold: 0 });
    expect(freedSeatsForecast([1, 1, 2, 3], tiers)).toEqual({ offered: 1, onSale: 2, notSold: 1 });
    // A tier the page does not know (deleted meanwhile) sells nothing.
    expect(freedSeatsForecast([9], tiers)).toEqual({ offered: 0, onSale: 0, notSold: 1 });
  });

  it('are told in one sentence, whatever became of them', () => {
    expect(freedSeatsSentence({ offered: 1, onSale: 0, notSold: 0 })).toBe('The seat is offered to the next person on the waitlist.');
    expect(freedSeatsSentence({ offered: 2, onSale: 0, notSold: 0 })).toBe('The seats are offered to the next people on the waitlist.');
    expect(freedSeatsSentence({ offered: 0, onSale: 1, notSold: 0 })).toBe('The seat is on sale again.');
    expect(freedSeatsSentence({ offered: 0, onSale: 3, notSold: 0 })).toBe('The seats are on sale again.');
    expect(freedSeatsSentence({ offered: 0, onSale: 0, notSold: 1 })).toBe('The seat is not sold again: its sales are closed.');
    expect(freedSeatsSentence({ offered: 1, onSale: 2, notSold: 0 })).toBe('Of the 3 seats, 1 seat is offered to the next person on the waitlist and 2 are on sale again.');
    expect(freedSeatsSentence({ offered: 2, onSale: 1, notSold: 1 })).toBe(
      'Of the 4 seats, 2 seats are offered to the next people on the waitlist, 1 is on sale again and 1 is not sold again (sales closed).',
    );
  });
});
