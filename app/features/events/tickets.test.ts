import { describe, expect, it } from 'vitest';
import { assessTicketRequest, clampQuantity, closedToViewer, lacksTiers, selectionTotals, showsTicketCard, ticketCardOffer, tierTakesQuantity, type TierSaleState } from './tickets';

const free = { id: 1, priceCents: 0, quantityCap: 500 };
const dinner = { id: 2, priceCents: 2500, quantityCap: 200 };
const vip = { id: 3, priceCents: 90000, quantityCap: 6 };

describe('clampQuantity', () => {
  it('never goes below 0 nor above the cap', () => {
    expect(clampQuantity(-1, 6)).toBe(0);
    expect(clampQuantity(0, 6)).toBe(0);
    expect(clampQuantity(4, 6)).toBe(4);
    expect(clampQuantity(7, 6)).toBe(6);
    expect(clampQuantity(2.7, 6)).toBe(2);
    expect(clampQuantity(Number.NaN, 6)).toBe(0);
    expect(clampQuantity(Number.POSITIVE_INFINITY, 6)).toBe(0);
  });
});

describe('tierTakesQuantity', () => {
  it('is true for tiers on sale, paid or free, of events without an external form', () => {
    expect(tierTakesQuantity(dinner, false)).toBe(true);
    expect(tierTakesQuantity(free, false)).toBe(true);
    expect(tierTakesQuantity(dinner, true)).toBe(false);
    expect(tierTakesQuantity({ ...dinner, closed: true }, false)).toBe(false);
    expect(tierTakesQuantity({ ...dinner, onSale: false }, false)).toBe(false);
    expect(tierTakesQuantity({ ...dinner, remaining: 0 }, false)).toBe(false);
  });
});

describe('selectionTotals', () => {
  it('adds quantities and cents across tiers', () => {
    expect(selectionTotals([free, dinner, vip], {})).toEqual({ quantity: 0, totalCents: 0 });
    expect(selectionTotals([free, dinner, vip], { 2: 3, 3: 1 })).toEqual({ quantity: 4, totalCents: 3 * 2500 + 90000 });
  });
});

describe('assessTicketRequest', () => {
  const event = { externalFormLink: null, tiers: [free, dinner, vip] };

  it('reports an empty selection', () => {
    expect(assessTicketRequest(event, {})).toEqual({ kind: 'empty' });
    expect(assessTicketRequest(event, { 2: 0 })).toEqual({ kind: 'empty' });
  });

  it('ignores unknown tiers and brings quantities back within what is left (at most 20 an order)', () => {
    expect(assessTicketRequest(event, { 99: 3 })).toEqual({ kind: 'empty' });
    expect(assessTicketRequest(event, { 1: 2, 2: 1, 3: 50 })).toEqual({ kind: 'selected', quantity: 9, totalCents: 2500 + 6 * 90000, selection: { 1: 2, 2: 1, 3: 6 } });
    expect(assessTicketRequest({ ...event, tiers: [{ ...dinner, remaining: 2 }] }, { 2: 5 })).toMatchObject({ quantity: 2 });
    expect(assessTicketRequest(event, { 1: 100 })).toMatchObject({ quantity: 20 });
  });

  it('sends external-form events to their form', () => {
    expect(assessTicketRequest({ ...event, externalFormLink: 'https://forms.example.org/x' }, { 2: 1 })).toEqual({
      kind: 'external-form',
      url: 'https://forms.example.org/x',
    });
  });
});

describe('the ticket card on the event page', () => {
  it('shows only when there is something to choose: a tier for tickets and RSVPs, a link for a form elsewhere', () => {
    expect(showsTicketCard({ registrationKind: 'tickets', externalFormLink: null, tiers: [] })).toBe(false);
    expect(showsTicketCard({ registrationKind: 'tickets', externalFormLink: null, tiers: [dinner] })).toBe(true);
    expect(showsTicketCard({ registrationKind: 'rsvp', externalFormLink: null, tiers: [] })).toBe(false);
    expect(showsTicketCard({ registrationKind: 'rsvp', externalFormLink: null, tiers: [free] })).toBe(true);
    expect(showsTicketCard({ registrationKind: 'external', externalFormLink: 'https://forms.example.org/x', tiers: [] })).toBe(true);
    expect(showsTicketCard({ registrationKind: 'none', externalFormLink: null, tiers: [dinner] })).toBe(false);
  });

  it('warns the editor of an event open for tickets or RSVPs without a tier', () => {
    expect(lacksTiers({ registrationKind: 'tickets', tiers: [] })).toBe(true);
    expect(lacksTiers({ registrationKind: 'rsvp', tiers: [] })).toBe(true);
    expect(lacksTiers({ registrationKind: 'tickets', tiers: [dinner] })).toBe(false);
    expect(lacksTiers({ registrationKind: 'external', tiers: [] })).toBe(false);
    expect(lacksTiers({ registrationKind: 'none', tiers: [] })).toBe(false);
  });
});

describe('members-only tiers', () => {
  const membersDinner = { ...dinner, id: 4, name: 'Members’ dinner', membersOnly: true };
  const event = { externalFormLink: null, tiers: [free, membersDinner] };

  it('are closed to guests and to accounts without an approved membership, open to members', () => {
    expect(closedToViewer(membersDinner, 'guest')).toBe(true);
    expect(closedToViewer(membersDinner, 'non-member')).toBe(true);
    expect(closedToViewer(membersDinner, 'member')).toBe(false);
    expect(closedToViewer({ ...dinner, membersOnly: false }, 'guest')).toBe(false);
  });

  it('refuse a guest’s seats at the card, naming the tier, and take a member’s', () => {
    expect(assessTicketRequest(event, { 1: 1, 4: 2 }, 'guest')).toEqual({ kind: 'members-only', tierName: 'Members’ dinner' });
    expect(assessTicketRequest(event, { 4: 1 }, 'non-member')).toEqual({ kind: 'members-only', tierName: 'Members’ dinner' });
    expect(assessTicketRequest(event, { 1: 1, 4: 0 }, 'guest')).toMatchObject({ kind: 'selected', selection: { 1: 1, 4: 0 } });
    expect(assessTicketRequest(event, { 4: 2 }, 'member')).toMatchObject({ kind: 'selected', quantity: 2 });
  });
});

describe('what the card offers as a whole', () => {
  const onSale: TierSaleState = { kind: 'on-sale', remaining: 10, fewLeft: true };
  const soldOut: TierSaleState = { kind: 'sold-out' };
  const tier = (id: number, state: TierSaleState, membersOnly = false) => ({
    id,
    name: `Tier ${id}`,
    priceCents: 2500,
    quantityCap: 10,
    remaining: state.kind === 'on-sale' ? 10 : 0,
    onSale: state.kind === 'on-sale',
    membersOnly,
    state,
  });
  const here = { hasExternalForm: false, hasEnded: false };

  it('sold out everywhere: said at the top, nothing to buy, every tier’s waitlist', () => {
    expect(ticketCardOffer([tier(1, soldOut), tier(2, soldOut)], 'guest', here)).toEqual({ buyable: false, soldOut: true, waitlistTierIds: [1, 2] });
  });

  it('a members-only tier sold out is no one’s to buy; its waitlist only for members', () => {
    expect(ticketCardOffer([tier(1, soldOut, true)], 'guest', here)).toEqual({ buyable: false, soldOut: true, waitlistTierIds: [] });
    expect(ticketCardOffer([tier(1, soldOut, true)], 'non-member', here)).toEqual({ buyable: false, soldOut: true, waitlistTierIds: [] });
    expect(ticketCardOffer([tier(1, soldOut, true)], 'member', here)).toEqual({ buyable: false, soldOut: true, waitlistTierIds: [1] });
  });

  it('something left: buyable, and the sold-out tier keeps its waitlist', () => {
    expect(ticketCardOffer([tier(1, soldOut), tier(2, onSale)], 'guest', here)).toEqual({ buyable: true, soldOut: false, waitlistTierIds: [1] });
    // What is left is for members only: nothing for a guest to check out.
    expect(ticketCardOffer([tier(1, soldOut), tier(2, onSale, true)], 'guest', here)).toMatchObject({ buyable: false, soldOut: false });
    expect(ticketCardOffer([tier(1, soldOut), tier(2, onSale, true)], 'member', here)).toMatchObject({ buyable: true });
    expect(ticketCardOffer([tier(1, { kind: 'closed' })], 'guest', here)).toEqual({ buyable: false, soldOut: false, waitlistTierIds: [] });
  });

  it('an ended event or a form elsewhere offers nothing here', () => {
    expect(ticketCardOffer([tier(1, soldOut)], 'guest', { hasExternalForm: false, hasEnded: true })).toEqual({ buyable: false, soldOut: false, waitlistTierIds: [] });
    expect(ticketCardOffer([tier(1, onSale)], 'guest', { hasExternalForm: true, hasEnded: false })).toEqual({ buyable: false, soldOut: false, waitlistTierIds: [] });
  });
});
