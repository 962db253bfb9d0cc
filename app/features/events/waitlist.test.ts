import { describe, expect, it } from 'vitest';
import { offerExpiry, offerIsOpen, offerRefusal, offerState, publicRemaining, seatsToOffer, waitlistJoinSchema, WAITLIST_OFFER_HOURS } from './waitlist';

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
